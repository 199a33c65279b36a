// Bundle-size report: every Lambda's handler bundled as the stack bundles it (esbuild, minified
// ESM for Node 22, the AWS SDK included), with its size against its budget.
// Run: npx tsx tools/bundle-report.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestFunctions } from '../shared/manifest/index.js';
import { bundleLambda, LAMBDA_ENTRY_FILE, liveModules, loadedAtStart } from '../infra/aws/bundling.js';

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * Budgets, in bytes of minified JavaScript a cold start loads (the entry and the chunks it imports
 * statically). Cold-start time grows with the code a container must load and compile, so a budget
 * catches a dependency that slips into a function that does not use it. Each handler carries only
 * what it reaches: the composition root's factories are marked pure and the package declares
 * `"sideEffects": false`, so esbuild drops every adapter a handler never calls, and the SDK's
 * credential chain is replaced by the environment's credentials (infra/aws/bundling.ts). What is
 * needed only sometimes is a chunk of its own, loaded on first use and not counted here: Stripe,
 * the S3 client and presigner, the SQS and KMS clients (webhook retries, signing secrets), and the
 * PDF renderers (pdf-lib, JsBarcode's Code 128 encoder). What remains in most is the DynamoDB
 * client, middy and the logger (about 0.3 MB), and the bundled catalogue (60 KB) where it is read
 * (the location indexes, 0.7 MB each, are data files beside the bundle, read when a request needs
 * them: `dataBytes`). Each budget leaves about
 * 20% above today's figure. Larger by design: the sandbox and results functions (the Scheduler
 * client, the lab's MLLP adapter and results parsing) and the MCP server (its SDK).
 */
export const DEFAULT_BUDGET = 520_000;
export const BUDGETS: Record<string, number> = {
  'lambdas/ops/simulated-results.ts': 580_000,
  'lambdas/ops/placement.ts': 580_000,
  'lambdas/partner/sandbox-advance.ts': 600_000,
  'lambdas/dashboard/actions.ts': 620_000,
  'lambdas/admin/orders-results-upload.ts': 650_000,
  'lambdas/partner/sandbox-simulate.ts': 660_000,
  'lambdas/mcp/handler.ts': 840_000,
};

/** Every Lambda entry either stage deploys, from the function manifest. */
export function lambdaEntries(): string[] {
  const deployed = [...manifestFunctions('sandbox'), ...manifestFunctions('production')];
  return [...new Set(deployed.map((f) => f.spec.entry))].sort();
}

/**
 * Bundles each entry as the stack does, each on its own (a function's chunks are its own); with
 * `outdir`, writes each function's bundle directory there (`<entry path with __>/index.mjs` and its
 * chunks). `bytes` is what a cold start loads (the entry and the chunks it imports statically), the
 * figure a budget holds; `totalBytes` adds the chunks loaded lazily, on first use.
 */
export async function bundleSizes(
  outdir?: string,
): Promise<
  Array<{ entry: string; bytes: number; totalBytes: number; dataBytes: number; budget: number; file: string | null }>
> {
  const name = (entry: string) => entry.replace(/[/.]/g, '_');
  const scratch = outdir ?? mkdtempSync(join(tmpdir(), 'bundle-report-'));
  try {
    const live = await liveModules(lambdaEntries().map((e) => join(root, e)));
    return await Promise.all(
      lambdaEntries().map(async (entry) => {
        const dir = join(scratch, name(entry));
        const out = await bundleLambda(join(root, entry), dir, {
          write: outdir !== undefined,
          live: live.get(join(root, entry)) ?? new Set(),
        });
        const { bytes, totalBytes } = loadedAtStart(out.metafile);
        const file = outdir ? join(dir, LAMBDA_ENTRY_FILE) : null;
        const dataBytes = out.dataFiles.reduce((n, f) => n + f.bytes, 0);
        return { entry, bytes, totalBytes, dataBytes, budget: BUDGETS[entry] ?? DEFAULT_BUDGET, file };
      }),
    );
  } finally {
    if (!outdir) rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await bundleSizes();
  for (const r of rows)
    console.log(
      `${r.bytes > r.budget ? 'OVER' : 'ok  '}  ${(r.bytes / 1024).toFixed(0).padStart(6)} KiB / ${(r.budget / 1024).toFixed(0)} KiB at start, ${(r.totalBytes / 1024).toFixed(0).padStart(6)} KiB in all${r.dataBytes ? `, ${(r.dataBytes / 1024).toFixed(0)} KiB of data files` : ''}  ${r.entry}`,
    );
}
