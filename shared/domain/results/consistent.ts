// The simulated lab's values hold together as a real report's do: the lipid arithmetic (non-HDL =
// total - HDL, LDL by Friedewald so LDL <= non-HDL), the red-cell indices computed from the
// measured counts (MCV = Hct/RBC*10, MCH = Hgb/RBC*10, MCHC = Hgb/Hct*100), and a white count
// that is the sum of its differential. Values are keyed by LOINC; the flag follows each value.

export interface SimValue {
  value: number;
  flag: string;
  low: number | null;
  high: number | null;
}

const LOINC = {
  total: '2093-3',
  hdl: '2085-9',
  ldl: '13457-7',
  tg: '2571-8',
  nonHdl: '43396-1',
  wbc: '6690-2',
  rbc: '789-8',
  hgb: '718-7',
  hct: '4544-3',
  mcv: '787-2',
  mch: '785-6',
  mchc: '786-4',
  differential: ['751-8', '731-0', '742-7', '711-2', '704-7'],
};

const decimals = (ref: number | null) => (Math.abs(ref ?? 0) >= 100 ? 0 : Math.abs(ref ?? 0) >= 10 ? 1 : 2);

/** Adjusts `values` in place; `fixed` (a forced critical value) is never recomputed. */
export function makeConsistent(values: Map<string, SimValue>, fixed: string | null): void {
  const get = (k: string) => values.get(k)?.value;
  const set = (k: string, v: number) => {
    const s = values.get(k);
    if (!s || k === fixed) return;
    s.value = Number(Math.max(0, v).toFixed(decimals(s.high)));
    s.flag = s.low !== null && s.value < s.low ? 'L' : s.high !== null && s.value > s.high ? 'H' : 'N';
  };
  const [hdl, tg] = [get(LOINC.hdl), get(LOINC.tg)];
  if (get(LOINC.total) !== undefined && hdl !== undefined) {
    // Real totals carry at least ~50 mg/dL beyond HDL; Friedewald is floored as labs do when TG is high.
    set(LOINC.total, Math.max(get(LOINC.total) as number, hdl + 50));
    const nonHdl = (get(LOINC.total) as number) - hdl;
    set(LOINC.nonHdl, nonHdl);
    set(LOINC.ldl, Math.max(nonHdl - (tg ?? 100) / 5, 0.6 * nonHdl));
  }
  const [hgb, mchc, mcv] = [get(LOINC.hgb), get(LOINC.mchc), get(LOINC.mcv)];
  if (hgb !== undefined && mchc !== undefined && mcv !== undefined) {
    set(LOINC.hct, (hgb / mchc) * 100);
    const hct = get(LOINC.hct) as number;
    set(LOINC.rbc, (hct / mcv) * 10);
    const rbc = get(LOINC.rbc) as number;
    if (rbc > 0) {
      set(LOINC.mcv, (hct / rbc) * 10);
      set(LOINC.mch, (hgb / rbc) * 10);
      set(LOINC.mchc, (hgb / hct) * 100);
    }
  }
  const diff = LOINC.differential.map(get);
  if (diff.every((v) => v !== undefined))
    set(
      LOINC.wbc,
      (diff as number[]).reduce((a, b) => a + b, 0),
    );
}
