import type { Catalog, CatalogItem } from './catalog.js';

// Catalogue search for people and agents: over names, biomarkers, categories and synonyms, ranked.

const SYNONYMS: Record<string, string[]> = {
  a1c: ['hba1c', 'hemoglobin a1c', 'glycated', 'diabetes', 'blood sugar'],
  sugar: ['glucose', 'diabetes', 'a1c'],
  cholesterol: ['lipid', 'ldl', 'hdl', 'triglycerides', 'heart'],
  lipids: ['lipid', 'cholesterol'],
  thyroid: ['tsh', 't4', 't3', 'tpo'],
  'vitamin d': ['25-oh', '25-hydroxy', 'vitamin-d', 'calcidiol'],
  vitd: ['vitamin d'],
  iron: ['ferritin', 'tibc', 'transferrin'],
  std: ['sti', 'hiv', 'syphilis', 'hepatitis', 'herpes', 'sexual health'],
  sti: ['std', 'hiv', 'syphilis', 'hepatitis', 'herpes', 'sexual health'],
  kidney: ['creatinine', 'egfr', 'bun', 'renal'],
  liver: ['alt', 'ast', 'hepatic', 'bilirubin'],
  testosterone: ['hormone', 'male', 'androgen'],
  blood: ['cbc', 'hemoglobin', 'complete blood count'],
  inflammation: ['crp', 'hs-crp', 'esr'],
};

function normalize(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9%.\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function fields(item: CatalogItem, byId: Map<string, CatalogItem>) {
  const biomarkers =
    item.type === 'test'
      ? item.biomarkers.map((b) => b.name)
      : item.testIds.flatMap((id) => {
          const t = byId.get(id);
          return t?.type === 'test' ? [t.name, ...t.biomarkers.map((b) => b.name)] : [];
        });
  return {
    name: normalize(`${item.name} ${item.id.replace(/-/g, ' ')}`),
    keywords: normalize(item.keywords.join(' ')),
    biomarkers: normalize(biomarkers.join(' ')),
    category: normalize(item.category),
    description: normalize(item.description),
  };
}

/** The query's terms, with synonyms expanded (a synonym weighs less than the word typed). */
export function queryTerms(query: string): Array<{ term: string; weight: number }> {
  const q = normalize(query);
  const words = q.split(' ').filter((w) => w.length > 1 || /\d/.test(w));
  const terms = new Map<string, number>();
  const add = (t: string, w: number) => terms.set(t, Math.max(terms.get(t) ?? 0, w));
  if (q) add(q, 1.5);
  for (const w of words) add(w, 1);
  for (const [key, syns] of Object.entries(SYNONYMS)) {
    if (q.includes(key)) for (const s of syns) add(s, 0.6);
  }
  return [...terms].map(([term, weight]) => ({ term, weight }));
}

export function searchCatalog(
  catalog: Catalog,
  byId: Map<string, CatalogItem>,
  query: string,
  limit = 10,
): Array<{ item: CatalogItem; score: number }> {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const scored = [...catalog.tests, ...catalog.panels].map((item) => {
    const f = fields(item, byId);
    let score = 0;
    for (const { term, weight } of terms) {
      if (f.name.includes(term)) score += 10 * weight;
      if (f.keywords.includes(term)) score += 6 * weight;
      if (f.biomarkers.includes(term)) score += 4 * weight;
      if (f.category.includes(term)) score += 3 * weight;
      if (f.description.includes(term)) score += 1 * weight;
    }
    return { item, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.item.priceCents - b.item.priceCents || a.item.id.localeCompare(b.item.id))
    .slice(0, limit);
}

const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
const PHONE = /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}/;
const SELF_REFERENCE =
  /\b(my name is|i am [a-z]+ [a-z]+|i'm [a-z]+ [a-z]+|for my (son|daughter|wife|husband|mother|father|mom|dad|child))\b/i;
const PERSONAL_RESULT =
  /\b(my|mine)\b.*\b(result|results|level|levels|reading|score|was|is|came back)\b|\b\d+(\.\d+)?\s*(mg\/dl|mmol\/l|ng\/ml|miu\/l|iu\/l|%)\b/i;
const SYMPTOMS =
  /\b(pain|ache|aching|tired|fatigue|fatigued|dizzy|dizziness|nausea|vomit\w*|fever|headache|rash|bleeding|swelling|short of breath|shortness of breath|palpitation\w*|numb\w*|itch\w*|cough\w*|symptom\w*|sick|diarrh\w*|lump|discharge|burning)\b/i;
const MONTH =
  '(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)';
const DATE_OF_BIRTH = new RegExp(
  [
    '\\b(19|20)\\d{2}-\\d{2}-\\d{2}\\b',
    '\\b\\d{1,2}\\/\\d{1,2}\\/(19|20)?\\d{2}\\b',
    '\\b(born|dob|d\\.o\\.b\\.?|date of birth|birth ?day)\\b',
    `\\b${MONTH}\\.?\\s+\\d{1,2}(st|nd|rd|th)?,?\\s+(19|20)\\d{2}\\b`,
    `\\b\\d{1,2}(st|nd|rd|th)?\\s+(of\\s+)?${MONTH}\\.?,?\\s+(19|20)\\d{2}\\b`,
  ].join('|'),
  'i',
);
const SSN = /\b\d{3}[- ]\d{2}[- ]\d{4}\b|\b(ssn|social security)\b/i;
const CARD_CANDIDATE = /\b\d(?:[ -]?\d){12,18}\b/g;
// Medical record and insurance member ids: named outright, or shaped like one (a short prefix and a long number).
const MEMBER_ID =
  /\b(mrn|medical record|patient id|member (id|number|no)|subscriber (id|number)|policy (number|no)|insurance id|group (number|no))\b|\b[a-z]{1,4}\d{6,12}\b/i;
const STREET_ADDRESS =
  /\b\d{1,6}\s+([a-z0-9.'-]+\s+){1,4}(street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|terrace|parkway|pkwy|circle|cir|highway|hwy)\b|\b(apt|apartment|suite|p\.?\s?o\.? box)\s*#?\s*\d+/i;

/** The Luhn check every payment card number passes. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
const hasCardNumber = (query: string) =>
  [...query.matchAll(CARD_CANDIDATE)].some((m) => luhn(m[0].replace(/[ -]/g, '')));

/**
 * Refuses queries that carry personal details: the search takes product terms only. Returns the
 * kind of detail found, never the detail itself (it is not echoed or logged).
 */
export function personalDetailIn(
  query: string,
):
  | 'email'
  | 'phone'
  | 'name'
  | 'symptom'
  | 'personal_result'
  | 'date_of_birth'
  | 'ssn'
  | 'card_number'
  | 'member_id'
  | 'street_address'
  | null {
  if (EMAIL.test(query)) return 'email';
  if (hasCardNumber(query)) return 'card_number';
  if (SSN.test(query)) return 'ssn';
  if (PHONE.test(query)) return 'phone';
  if (MEMBER_ID.test(query)) return 'member_id';
  if (STREET_ADDRESS.test(query)) return 'street_address';
  if (DATE_OF_BIRTH.test(query)) return 'date_of_birth';
  if (SELF_REFERENCE.test(query)) return 'name';
  if (PERSONAL_RESULT.test(query)) return 'personal_result';
  if (SYMPTOMS.test(query)) return 'symptom';
  return null;
}
