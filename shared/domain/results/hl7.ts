import type { Analyte } from './types.js';
import { resultFlag } from './flags.js';
import { decodeValue, hl7Timestamp, parseRange, unescapeHl7, type Encoding } from './hl7-values.js';

// An HL7 v2 ORU^R01 parser for lab results (v2.2 to v2.5.1). It never throws, and its errors
// name the problem by segment and field only: patient segments (PID, NK1...) are never read, so
// patient data cannot leak into an error or a log line.

export interface ObservationRequest {
  placerOrderNumber: string | null;
  /** OBR-18, returned by the lab as we sent it: our orders' carries the partner id (labs use it for other things too). */
  placerField1: string | null;
  fillerOrderNumber: string | null;
  universalServiceId: string | null;
  resultStatus: string | null;
  observedAt: string | null;
}

export interface ParsedOru {
  messageControlId: string | null;
  sendingFacility: string | null;
  version: string | null;
  observationRequests: ObservationRequest[];
  analytes: Analyte[];
  /** Each analyte's result status (OBX-11, else its OBR-25): F, P, C, D, X... */
  analyteStatuses: string[];
  notes: string[];
  /** Lines that were not segments (e.g. a segment broken by a stray newline), skipped. */
  skippedLines: number;
}

export type ParseResult = { ok: true; result: ParsedOru } | { ok: false; error: string };

const SEGMENT = /^[A-Z][A-Z0-9]{2}$/;
/** Statuses with no result to report: cannot be obtained, deleted, wrong patient, pending. */
const NOT_REPORTED_STATUSES = new Set(['X', 'D', 'W', 'I']);

export function parseOru(message: string, fallbackTime: string = new Date(0).toISOString()): ParseResult {
  if (typeof message !== 'string' || message.trim() === '') return { ok: false, error: 'empty message' };
  const lines = message
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .filter((l) => l.trim() !== '');
  const first = lines[0] ?? '';
  if (!first.startsWith('MSH') || first.length < 8)
    return { ok: false, error: 'not an HL7 v2 message: the first segment must be MSH' };
  const fieldSep = first[3] as string;
  const encChars = first.slice(4).split(fieldSep)[0] ?? '';
  if (encChars.length < 4) return { ok: false, error: 'MSH-2 must hold the encoding characters (e.g. ^~\\&)' };
  const enc: Encoding = {
    field: fieldSep,
    component: encChars[0] as string,
    repetition: encChars[1] as string,
    escape: encChars[2] as string,
    subcomponent: encChars[3] as string,
  };

  const segments: Array<{ name: string; fields: string[] }> = [];
  let skippedLines = 0;
  for (const line of lines) {
    const name = line.slice(0, 3);
    if (!SEGMENT.test(name) || (line.length > 3 && line[3] !== fieldSep)) {
      skippedLines++;
      continue;
    }
    // For MSH, field n is at index n-1 (MSH-1 is the separator itself); shift so fields[n] is MSH-n.
    const fields = line.split(fieldSep);
    segments.push({ name, fields: name === 'MSH' ? ['MSH', fieldSep, ...fields.slice(1)] : fields });
  }
  const msh = segments[0] as { fields: string[] };
  const comp = (v: string | undefined, i = 0) =>
    unescapeHl7((v ?? '').split(enc.repetition)[0]?.split(enc.component)[i] ?? '', enc).trim();
  const messageType = `${comp(msh.fields[9], 0)}^${comp(msh.fields[9], 1)}`;
  if (messageType !== 'ORU^R01')
    return { ok: false, error: `MSH-9 is ${messageType.replace(/[^A-Z0-9^]/gi, '') || 'empty'}, expected ORU^R01` };

  const result: ParsedOru = {
    messageControlId: comp(msh.fields[10]) || null,
    sendingFacility: comp(msh.fields[4]) || null,
    version: comp(msh.fields[12]) || null,
    observationRequests: [],
    analytes: [],
    analyteStatuses: [],
    notes: [],
    skippedLines,
  };
  let currentObr: ObservationRequest | null = null;
  let lastPlacer: string | null = null;
  for (const seg of segments.slice(1)) {
    const f = seg.fields;
    if (seg.name === 'ORC') lastPlacer = comp(f[2]) || lastPlacer;
    else if (seg.name === 'OBR') {
      currentObr = {
        placerOrderNumber: comp(f[2]) || lastPlacer,
        placerField1: comp(f[18]) || null,
        fillerOrderNumber: comp(f[3]) || null,
        universalServiceId: [comp(f[4], 0), comp(f[4], 1)].filter(Boolean).join(' ') || null,
        resultStatus: comp(f[25]) || null,
        observedAt: hl7Timestamp(comp(f[7])),
      };
      result.observationRequests.push(currentObr);
    } else if (seg.name === 'NTE') {
      const note = unescapeHl7(f[3] ?? '', enc).trim();
      if (note) result.notes.push(note);
    } else if (seg.name === 'OBX') {
      const status = comp(f[11]).toUpperCase();
      const decoded = decodeValue(comp(f[2]) || 'ST', f[5] ?? '', enc);
      const rangeText = unescapeHl7(f[7] ?? '', enc).trim();
      const range = parseRange(rangeText);
      const labFlags = (f[8] ?? '').split(enc.repetition).map((x) => unescapeHl7(x, enc));
      const withheld =
        NOT_REPORTED_STATUSES.has(status) ||
        (decoded.value === null && decoded.text === null) ||
        /cancel/i.test(decoded.text ?? '');
      const unit = comp(f[6], 0) || comp(f[6], 1);
      result.analyteStatuses.push(status || (currentObr?.resultStatus ?? '').toUpperCase());
      result.analytes.push({
        name: comp(f[3], 1) || comp(f[3], 0) || 'Unnamed observation',
        labTestCode: comp(f[3], 0),
        value: withheld ? null : decoded.value,
        valueText: withheld ? null : decoded.text,
        unit,
        referenceRange: rangeText,
        referenceRangeLow: range.low,
        referenceRangeHigh: range.high,
        flag: withheld ? null : resultFlag(labFlags, decoded.value, range.low, range.high),
        notReported: withheld,
        reportedAt: hl7Timestamp(comp(f[14])) ?? currentObr?.observedAt ?? fallbackTime,
      });
    }
  }
  if (result.analytes.length === 0) {
    const rejected = result.observationRequests.some((o) => o.resultStatus === 'X');
    return {
      ok: false,
      error: rejected
        ? 'no OBX results: the specimen was rejected or the test cancelled (OBR-25 X)'
        : 'no OBX results in the message',
    };
  }
  return { ok: true, result };
}

/** The placer order numbers a message reports on: how results are matched to orders. */
export function placerOrderNumbers(parsed: ParsedOru): string[] {
  return [...new Set(parsed.observationRequests.map((o) => o.placerOrderNumber).filter((x): x is string => !!x))];
}
