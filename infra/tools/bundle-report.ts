// Bundle-size report: every Lambda's handler bundled as the stack bundles it (esbuild, minified
// ESM for Node 22, the AWS SDK included), with its size against its budget.
// Run: npx tsx infra/tools/bundle-report.ts
import { build } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PARTNER_AUTHORIZER, ROUTES } from '../../shared/routes.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Lambda-side entries that are not routes. */
export const OPS_ENTRIES = ['functions/ops/placement.ts', 'functions/ops/webhook-cron.ts', 'functions/ops/webhook-worker.ts', 'functions/ops/seed-catalog.ts'];

/**
 * Budgets, in bytes of minified JavaScript. Cold-start time grows with the code a container must
 * load and parse, so a budget catches a dependency that slips into every function. Today every
 * handler bundles the whole composition root (~1.75 MB: the SDK clients, Stripe, pdf-lib); the
 * 2 MB default stops that from growing further, and splitting the root per capability is the next
 * step down. Order creation carries the 2 MB draw-site data set; the locations search also carries
 * the zipcodes package's table of 42,000 ZIP centroids.
 */
export const DEFAULT_BUDGET = 2_000_000;
export const BUDGETS: Record<string, number> = {
  'functions/mcp/handler.ts': 2_300_000,
  'functions/partner/orders-create.ts': 4_000_000,
  'functions/partner/locations.ts': 9_000_000,
};

export async function bundleSizes(): Promise<Array<{ entry: string; bytes: number; budget: number }>> {
  const entries = [...new Set([...ROUTES.filter((r) => !r.localOnly).map((r) => r.entry), PARTNER_AUTHORIZER.entry, ...OPS_ENTRIES])].sort();
  return Promise.all(
    entries.map(async (entry) => {
      const out = await build({
      entryPoints: [join(root, entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      minify: true,
      write: false,
      mainFields: ['module', 'main'],
      loader: { '.json': 'json' },
      logLevel: 'silent',
      });
      return { entry, bytes: out.outputFiles[0]?.contents.length ?? 0, budget: BUDGETS[entry] ?? DEFAULT_BUDGET };
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await bundleSizes();
  for (const r of rows) console.log(`${r.bytes > r.budget ? 'OVER' : 'ok  '}  ${(r.bytes / 1024).toFixed(0).padStart(6)} KiB / ${(r.budget / 1024).toFixed(0)} KiB  ${r.entry}`);
}
