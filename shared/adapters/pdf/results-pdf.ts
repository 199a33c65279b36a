import { Flow } from './layout.js';

export interface ResultsPdfInput {
  orderId: string;
  reportedAt: Date;
  patient: { firstName: string; lastName: string; dateOfBirth: string; sex: string };
  analytes: Array<{
    name: string;
    value: number | null;
    valueText?: string | null;
    unit: string;
    referenceRange: string;
    flag: string | null;
    notReported: boolean;
  }>;
  source: string;
}

const FLAG_WORDS: Record<string, string> = {
  critical_low: 'CRITICAL LOW',
  low: 'Low',
  borderline_low: 'Borderline low',
  normal: 'Normal',
  borderline_high: 'Borderline high',
  high: 'High',
  critical_high: 'CRITICAL HIGH',
};

/** The results report. A missing flag reads "No verdict", never "Normal". */
export async function renderResultsPdf(input: ResultsPdfInput): Promise<Uint8Array> {
  const f = await Flow.create(`Lab results ${input.orderId}`, input.reportedAt);
  f.text('Laboratory Results', { size: 18, bold: true, gap: 6 });
  f.text(
    `Order ${input.orderId}    Reported ${input.reportedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC    Source: ${input.source.replace('_', ' ')}`,
    { gap: 6 },
  );
  f.text(
    `Patient: ${input.patient.lastName}, ${input.patient.firstName}    Date of birth: ${input.patient.dateOfBirth}    Sex: ${input.patient.sex}`,
    { gap: 12 },
  );
  const cols = [0, 0.42, 0.6, 0.82];
  f.row(['Test', 'Result', 'Reference range', 'Flag'], cols, { bold: true });
  for (const a of input.analytes) {
    const value = a.notReported
      ? 'Not reported'
      : a.value !== null
        ? `${a.value} ${a.unit}`.trim()
        : (a.valueText ?? '');
    const flag = a.notReported ? 'Withheld' : a.flag ? (FLAG_WORDS[a.flag] ?? a.flag) : 'No verdict';
    f.row([a.name, value, a.referenceRange, flag], cols);
  }
  f.space(10);
  f.text(
    'A flag marks a value against its reference range. "No verdict" means the lab gave none: it does not mean normal. Discuss your results with a clinician.',
    { size: 9 },
  );
  return f.bytes();
}
