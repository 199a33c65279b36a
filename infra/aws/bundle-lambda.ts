// `tsx infra/aws/bundle-lambda.ts <entry> <outdir>`: one function's bundle, as ./bundling.ts makes
// it. The stack's assets run this (their bundling hook is synchronous; esbuild's plugins are not).
import { bundleLambda } from './bundling.js';

const [entry, outdir] = process.argv.slice(2);
if (!entry || !outdir) {
  console.error('usage: tsx infra/aws/bundle-lambda.ts <entry> <outdir>');
  process.exit(2);
}
await bundleLambda(entry, outdir);
