// Bundle-size report: every Lambda's handler bundled as the stack bundles it (esbuild, minified
// ESM for Node 22, the AWS SDK included), with its size against its budget.
// Run: npx tsx tools/bundle-report.ts
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestFunctions } from '../shared/manifest/index.js';
import { LAMBDA_ESBUILD } from '../infra/aws/bundling.js';

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * Budgets, in bytes of minified JavaScript. Cold-start time grows with the code a container must
 * load and parse, so a budget catches a dependency that slips into a function that does not use it.
 * Each handler carries only what it reaches: the composition root's factories are marked pure and
 * the package declares `"sideEffects": false`, so esbuild drops every adapter (Stripe, pdf-lib, S3,
 * the scheduler) a handler never calls, and the SDK's credential chain is replaced by the
 * environment's credentials (infra/aws/bundling.ts). What remains in most is the DynamoDB client,
 * middy, the logger and zod/mini (about 0.3 MB), the bundled catalogue (60 KB) where it is read,
 * and, in each function that reaches an order's transition (whose first webhook attempt runs
 * inline), the KMS client that opens webhook signing secrets. Each budget leaves about 20% above
 * today's bundle. Larger by design: the document links (the S3 client and presigner), cancellation
 * (Stripe refunds), Stripe's events endpoint and the settlement sweep (the Stripe SDK), the MCP
 * server (its SDK), the PDF renderers (placement, results, the sandbox; placement also runs the
 * recovery sweep, which retries refunds through Stripe), order creation (Stripe and the draw sites'
 * compact index, 0.7 MB) and the locations search (the pre-indexed ZIP centroids and sites, 1.4 MB,
 * from tools/generate-location-index.ts).
 */
export const DEFAULT_BUDGET = 560_000;
// The PDF renderers carry pdf-lib and, for the requisition's Code 128 barcode, bwip-js's encoder;
// placing functions also carry the MLLP lab adapter (about 50 KB in all), and those that issue
// requisitions in the sandbox the Scheduler client for the simulated results (about 40 KB).
const WITH_PDF = 1_760_000;
export const BUDGETS: Record<string, number> = {
  'lambdas/partner/orders-requisition.ts': 600_000,
  'lambdas/partner/orders-results.ts': 600_000,
  // The dashboard: its order page signs document links; its sandbox actions render PDFs.
  'lambdas/dashboard/pages.ts': 720_000,
  'lambdas/dashboard/actions.ts': WITH_PDF,
  'lambdas/partner/orders-cancel.ts': 780_000,
  'lambdas/public/stripe-webhook.ts': 700_000,
  'lambdas/ops/settle-payments.ts': 680_000,
  'lambdas/mcp/handler.ts': 1_200_000,
  'lambdas/ops/placement.ts': 2_000_000,
  'lambdas/admin/lab-oru.ts': WITH_PDF,
  'lambdas/lab/oru.ts': WITH_PDF,
  'lambdas/admin/orders-results-upload.ts': WITH_PDF,
  'lambdas/partner/sandbox-advance.ts': WITH_PDF,
  'lambdas/partner/sandbox-simulate.ts': WITH_PDF,
  'lambdas/ops/simulated-results.ts': WITH_PDF,
  'lambdas/partner/orders-create.ts': 1_800_000,
  'lambdas/partner/locations.ts': 1_850_000,
};

/** Every Lambda entry either stage deploys, from the function manifest. */
export function lambdaEntries(): string[] {
  const deployed = [...manifestFunctions('sandbox'), ...manifestFunctions('production')];
  return [...new Set(deployed.map((f) => f.spec.entry))].sort();
}

/**
 * Bundles each entry as the stack does; with `outdir`, also writes each bundle there (as `<entry path with __>.mjs`).
 * One esbuild call with every entry point (no code splitting, so each output is a whole bundle): the
 * shared modules are parsed once instead of once per function.
 */
export async function bundleSizes(
  outdir?: string,
): Promise<Array<{ entry: string; bytes: number; budget: number; file: string | null }>> {
  const entries = lambdaEntries();
  const name = (entry: string) => entry.replace(/[/.]/g, '_');
  const out = await build({
    entryPoints: Object.fromEntries(entries.map((entry) => [name(entry), join(root, entry)])),
    outdir: outdir ?? join(root, 'cdk.out', 'bundle-report'),
    outExtension: { '.js': '.mjs' },
    ...LAMBDA_ESBUILD,
    write: false,
    logLevel: 'silent',
  });
  const byName = new Map(out.outputFiles.map((f) => [basename(f.path, '.mjs'), f.contents]));
  return entries.map((entry) => {
    const code = byName.get(name(entry)) ?? new Uint8Array();
    const file = outdir ? join(outdir, `${name(entry)}.mjs`) : null;
    if (file) writeFileSync(file, code);
    return { entry, bytes: code.length, budget: BUDGETS[entry] ?? DEFAULT_BUDGET, file };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await bundleSizes();
  for (const r of rows)
    console.log(
      `${r.bytes > r.budget ? 'OVER' : 'ok  '}  ${(r.bytes / 1024).toFixed(0).padStart(6)} KiB / ${(r.budget / 1024).toFixed(0)} KiB  ${r.entry}`,
    );
}
