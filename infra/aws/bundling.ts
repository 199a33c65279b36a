// How every Lambda is bundled, in one place: the stack (NodejsFunction), the bundle-size report and
// the cold-start bench all read this, so what the bench measures is what is deployed.
import type { BuildOptions } from 'esbuild';
import { join } from 'node:path';

const REPO_ROOT = join(import.meta.dirname, '..', '..');

/**
 * Modules replaced in every bundle, each by a small module in ./bundle that does the same job with
 * less cold-start cost: Lambda's credentials are always in the environment, and Node has zlib.
 */
const LAMBDA_ALIASES: Record<string, string> = {
  '@aws-sdk/credential-provider-node': join(REPO_ROOT, 'infra/aws/bundle/lambda-credentials.ts'),
  pako: join(REPO_ROOT, 'infra/aws/bundle/pako-zlib.ts'),
};

/** ESM bundles of CommonJS dependencies still call require(). */
const REQUIRE_BANNER = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/** esbuild's options for a Lambda bundle (Node 22, minified ESM, the AWS SDK included and tree-shaken). */
export const LAMBDA_ESBUILD = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  mainFields: ['module', 'main'],
  banner: { js: REQUIRE_BANNER },
  loader: { '.json': 'json' },
  alias: LAMBDA_ALIASES,
} as const satisfies BuildOptions;

/** The same aliases as NodejsFunction's `esbuildArgs` (`--alias:from=to`). */
export const aliasArgs = (): { '--alias': string[] } => ({
  '--alias': Object.entries(LAMBDA_ALIASES).map(([from, to]) => `${from}=${to}`),
});
