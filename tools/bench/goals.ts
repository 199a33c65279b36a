// The performance goals `npm run bench` judges, each a figure against a baseline measured side by
// side in the same run (or a budget), and a PASS or FAIL. One place for the limits.

export const COLD_START_LIMIT = { public: 1.8, other: 2.5 };
export const OPENAPI_VS_BARE_MIN = 0.5;

/** Cold-start cases measured for reference beside the floor, judged by no goal. */
export const REFERENCE_PREFIX = 'reference: ';

/**
 * The public functions the stricter cold-start goal covers: the quote, availability, tests, the
 * compact catalogue, the OpenAPI documents and the pages (Stripe's signed events endpoint lives
 * under functions/public but is called by Stripe, not the public).
 */
export function isPublicFunction(name: string): boolean {
  return /^(public|pages)\//.test(name) && name !== 'public/stripe-webhook';
}

export interface Goal {
  goal: string;
  figure: string;
  baseline: string;
  limit: string;
  pass: boolean;
}

const ratio = (x: number) => x.toFixed(2);

export function coldStartGoals(
  every: Record<string, { coldStartMs: number; helloWorldMs: number; vsHelloWorld: number; failed?: string }>,
): Goal[] {
  return Object.entries(every)
    .filter(([name]) => name !== 'hello world' && !name.startsWith(REFERENCE_PREFIX))
    .map(([name, v]) => {
      const limit = isPublicFunction(name) ? COLD_START_LIMIT.public : COLD_START_LIMIT.other;
      return {
        goal: `cold start ${name}`,
        figure: v.failed ? v.failed : `${v.coldStartMs} ms = ${ratio(v.vsHelloWorld)}x`,
        baseline: `hello world ${v.helloWorldMs} ms`,
        limit: `<= ${limit}x`,
        pass: !v.failed && v.vsHelloWorld <= limit,
      };
    });
}

export function openApiGoal(document: { rps: number; bytes: number }, bare: { rps: number }): Goal {
  const r = document.rps / bare.rps;
  return {
    goal: `partner OpenAPI document (${(document.bytes / 1024).toFixed(0)} KB) req/s`,
    figure: `${document.rps.toFixed(0)} = ${r.toFixed(2)}x`,
    baseline: `bare node:http, same bytes: ${bare.rps.toFixed(0)}`,
    limit: `>= ${OPENAPI_VS_BARE_MIN}x`,
    pass: r >= OPENAPI_VS_BARE_MIN,
  };
}

export function bundleGoals(
  rows: Array<{ entry: string; bytes: number; totalBytes: number; dataBytes: number; budget: number }>,
): Goal[] {
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  return rows.map((r) => ({
    goal: `bundle ${r.entry.replace(/^functions\//, '').replace(/\.ts$/, '')}`,
    figure: `${kib(r.bytes)} at start (${kib(r.totalBytes)} in all${r.dataBytes ? `, + ${kib(r.dataBytes)} data` : ''})`,
    baseline: '',
    limit: `<= ${kib(r.budget)}`,
    pass: r.bytes <= r.budget,
  }));
}

export function goalTable(goals: Goal[]): string {
  const lines = ['| goal | figure | baseline, same run | limit | result |', '|---|---|---|---|---|'];
  for (const g of goals)
    lines.push(`| ${g.goal} | ${g.figure} | ${g.baseline} | ${g.limit} | ${g.pass ? 'PASS' : 'FAIL'} |`);
  const failed = goals.filter((g) => !g.pass).length;
  lines.push('', `${goals.length - failed} of ${goals.length} goals PASS${failed ? `, ${failed} FAIL` : ''}`);
  return lines.join('\n');
}
