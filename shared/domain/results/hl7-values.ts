// Field-level HL7 v2 decoding: escapes, timestamps, values and reference ranges.

export interface Encoding {
  field: string;
  component: string;
  repetition: string;
  escape: string;
  subcomponent: string;
}

export function unescapeHl7(text: string, enc: Encoding): string {
  if (!text.includes(enc.escape)) return text;
  const e = enc.escape.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`${e}([^${e}]*)${e}`, 'g'), (_m, code: string) => {
    switch (code) {
      case 'F':
        return enc.field;
      case 'S':
        return enc.component;
      case 'T':
        return enc.subcomponent;
      case 'R':
        return enc.repetition;
      case 'E':
        return enc.escape;
      case '.br':
        return '\n';
      default:
        if (/^X[0-9A-Fa-f]+$/.test(code)) return Buffer.from(code.slice(1), 'hex').toString('latin1');
        return ''; // formatting codes (.sp, .in, H, N...) carry no text
    }
  });
}

/** HL7 TS (YYYY[MM[DD[HH[MM[SS[.S]]]]]][+/-ZZZZ]) to ISO 8601 UTC, or null. No zone means UTC. */
export function hl7Timestamp(ts: string | undefined): string | null {
  const m = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:\.\d+)?([+-]\d{4})?$/.exec((ts ?? '').trim());
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', zone] = m;
  const offset = zone ? `${zone.slice(0, 3)}:${zone.slice(3)}` : 'Z';
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const NUM = '[-+]?\\d*\\.?\\d+';

/** A reference range as the labs write it: "70-105", "70_105", "13 to 18", "(1.0 - 12.0)", "<0.50 IU/mL", ">=60", "Negative". */
export function parseRange(text: string): { low: number | null; high: number | null } {
  const t = text
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .trim();
  let m = new RegExp(`^(${NUM})\\s*(?:-|_|to|–)\\s*(${NUM})`, 'i').exec(t);
  if (m) return { low: Number(m[1]), high: Number(m[2]) };
  m = new RegExp(`^(<=?|≤)\\s*(${NUM})`).exec(t);
  if (m) return { low: null, high: Number(m[2]) };
  m = new RegExp(`^(>=?|≥)\\s*(${NUM})`).exec(t);
  if (m) return { low: Number(m[2]), high: null };
  return { low: null, high: null };
}

export interface DecodedValue {
  value: number | null;
  text: string | null;
}

/** OBX-5 by its value type (OBX-2). SN keeps its comparator in the text ("<0.06"). */
export function decodeValue(valueType: string, raw: string, enc: Encoding): DecodedValue {
  const first = raw.split(enc.repetition)[0] ?? '';
  const parts = first.split(enc.component).map((p) => unescapeHl7(p, enc).trim());
  switch (valueType.toUpperCase()) {
    case 'NM': {
      const v = parts[0] ?? '';
      return /^[-+]?\d*\.?\d+$/.test(v) ? { value: Number(v), text: null } : { value: null, text: v || null };
    }
    case 'SN': {
      const [comparator = '', n1 = '', sep = '', n2 = ''] = parts;
      if (!/^[-+]?\d*\.?\d+$/.test(n1)) return { value: null, text: parts.join('').trim() || null };
      const text = `${comparator}${n1}${sep}${n2}`;
      return { value: Number(n1), text: comparator || sep ? text : null };
    }
    case 'CE':
    case 'CWE':
    case 'CNE':
      return { value: null, text: parts[1] || parts[0] || null };
    default: {
      // ST, TX, FT or a bogus type: a plain number (optionally SN-style "^182") is still a number.
      const text = parts.filter(Boolean).join(' ');
      const numeric = /^\^?([-+]?\d*\.?\d+)$/.exec(first.trim());
      return numeric ? { value: Number(numeric[1]), text: null } : { value: null, text: text || null };
    }
  }
}
