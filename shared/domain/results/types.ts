// The Results document's analytes, in the spec's words.

/** Most to least concerning. null (no verdict) is deliberately not in this list. */
export const RESULT_FLAGS = [
  'critical_low',
  'low',
  'borderline_low',
  'normal',
  'borderline_high',
  'high',
  'critical_high',
] as const;
export type ResultFlag = (typeof RESULT_FLAGS)[number];

export interface Analyte {
  name: string;
  labTestCode: string;
  /**
   * The numeric result. null when the analyte was withheld (notReported) or the lab reported a
   * text result (e.g. "Negative"), which is then in valueText.
   */
  value: number | null;
  /** The result as the lab wrote it, for text results and comparators such as "<0.06". */
  valueText?: string | null;
  unit: string;
  referenceRange: string;
  referenceRangeLow: number | null;
  referenceRangeHigh: number | null;
  /** null means no clinical verdict was made: never read it as normal. */
  flag: ResultFlag | null;
  notReported: boolean;
  reportedAt: string;
  /** Earlier values the lab corrected or withdrew, oldest first (absent when never corrected). */
  corrections?: AnalyteCorrection[];
}

export interface AnalyteCorrection {
  value: number | null;
  valueText: string | null;
  flag: ResultFlag | null;
  reportedAt: string;
}
