// How every Lambda is bundled, in one place: the stack (each function's asset), the bundle-size
// report and the cold-start bench all build with lambdaBuild, so what the bench measures is what
// is deployed.
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sdkSchemasTreeShaken } from './bundle/sdk-schemas.js';
import { stripeWithOnlyOurResources } from './bundle/stripe-resources.js';

const REPO_ROOT = join(import.meta.dirname, '..', '..');

/**
 * Modules replaced in every bundle, each by a small module in ./bundle that does the same job with
 * less cold-start cost: Lambda's credentials are always in the environment, and Node has zlib.
 */
const LAMBDA_ALIASES: Record<string, string> = {
  '@aws-sdk/credential-provider-node': join(REPO_ROOT, 'infra/aws/bundle/lambda-credentials.ts'),
  pako: join(REPO_ROOT, 'infra/aws/bundle/pako-zlib.ts'),
};

/**
 * Modules of ours replaced in every bundle by a counterpart in ./bundle: the generated data files'
 * reader, which reads them beside the bundle instead of from the repository's data/ directory.
 */
const OWN_MODULE_STAND_INS: Record<string, string> = {
  'shared/adapters/data-file.ts': join(REPO_ROOT, 'infra/aws/bundle/data-file.ts'),
};
const ownModuleStandIns: Plugin = {
  name: 'own-module-stand-ins',
  setup(b) {
    b.onResolve({ filter: /\/data-file(\.js)?$/ }, async (args) => {
      if (args.pluginData === 'inner') return undefined;
      const r = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'inner',
      });
      const standIn = OWN_MODULE_STAND_INS[relative(REPO_ROOT, r.path)];
      return standIn ? { path: standIn } : r;
    });
  },
};

/**
 * The generated data files (data/, read through shared/adapters/data-file.ts): a bundle whose code
 * names one gets a copy of it beside index.mjs.
 */
export const LAMBDA_DATA_FILES = ['site-index.json', 'zip-index.json'] as const;

/**
 * Our bundled data (data/*.json: the catalogue, the OpenAPI documents) as `JSON.parse` of one string
 * rather than an object literal: V8 reads JSON text about twice as fast as it compiles the same
 * value as code (the 60 KB catalogue: about 0.5 ms less of every cold start that carries it).
 */
const DATA_DIR = join(REPO_ROOT, 'data');
const dataAsJsonText: Plugin = {
  name: 'data-as-json-text',
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, async (args) => {
      if (relative(DATA_DIR, args.path).startsWith('..')) return undefined;
      const text = JSON.stringify(JSON.parse(await readFile(args.path, 'utf8')));
      return { contents: `export default JSON.parse(${JSON.stringify(text)});`, loader: 'js' };
    });
  },
};

/**
 * pdf-lib's modules declared free of side effects (the package does not say so, but its modules only
 * define classes and tables): our PDFs use its core layer alone (shared/adapters/pdf/layout.ts), and
 * without this its index would carry the whole library (forms, parsing, images, custom fonts) into
 * the bundle, about twice the code a cold start compiles.
 */
const PDF_LIB_PACKAGES = /[\\/]node_modules[\\/](pdf-lib|@pdf-lib[\\/][^\\/]+)[\\/]/;
const pdfLibWithoutSideEffects: Plugin = {
  name: 'pdf-lib-without-side-effects',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'pdf-lib-inner') return undefined;
      if (!/pdf-lib/.test(args.path) && !PDF_LIB_PACKAGES.test(args.importer)) return undefined;
      const r = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'pdf-lib-inner',
      });
      return r.errors.length === 0 && PDF_LIB_PACKAGES.test(r.path) ? { ...r, sideEffects: false } : r;
    });
  },
};

/**
 * ESM bundles of CommonJS dependencies still call require(). The import is renamed so that a
 * bundled module importing createRequire itself (the CRC32 stand-in) does not clash with it in an
 * unminified bundle (the bench's CPU profiles).
 */
const REQUIRE_BANNER =
  "import { createRequire as __bannerCreateRequire } from 'node:module'; const require = __bannerCreateRequire(import.meta.url);";

/**
 * The SDK's Node CRC32 class (imported as `./crc32/Crc32Node` by @smithy/core's checksum index),
 * replaced as pako is: the original loads Node's zlib in every function with an SDK client, the
 * stand-in when a CRC32 is first computed (infra/aws/bundle/crc32-node.ts).
 */
const SMITHY_CHECKSUM_INDEX = /[\\/]@smithy[\\/]core[\\/]dist-es[\\/]submodules[\\/]checksum[\\/]index\.js$/;
const CRC32_NODE = join(REPO_ROOT, 'infra/aws/bundle/crc32-node.ts');
const crc32OnFirstUse: Plugin = {
  name: 'crc32-on-first-use',
  setup(b) {
    b.onResolve({ filter: /^\.\/crc32\/Crc32Node(\.js)?$/ }, (args) =>
      SMITHY_CHECKSUM_INDEX.test(args.importer) ? { path: CRC32_NODE } : undefined,
    );
  },
};

/**
 * Node built-ins whose import alone costs a cold start, replaced where nothing needs the import
 * itself: `node:process` by the global it names (./bundle/process-global.ts), and the web streams
 * @middy/core imports for streamed responses, which no function sends
 * (./bundle/readable-stream-global.ts).
 */
const PROCESS_GLOBAL = join(REPO_ROOT, 'infra/aws/bundle/process-global.ts');
const READABLE_STREAM_GLOBAL = join(REPO_ROOT, 'infra/aws/bundle/readable-stream-global.ts');
const MIDDY_CORE = /[\\/]node_modules[\\/]@middy[\\/]core[\\/]/;
const builtinsOnFirstUse: Plugin = {
  name: 'builtins-on-first-use',
  setup(b) {
    b.onResolve({ filter: /^(node:)?process$/ }, () => ({ path: PROCESS_GLOBAL }));
    b.onResolve({ filter: /^(node:)?stream\/web$/ }, (args) =>
      MIDDY_CORE.test(args.importer) ? { path: READABLE_STREAM_GLOBAL } : undefined,
    );
  },
};

/**
 * esbuild's options for a Lambda bundle: Node 22, minified ESM, the AWS SDK included and
 * tree-shaken, and split: what a handler imports lazily (`await import(...)`: Stripe, pdf-lib and
 * JsBarcode's encoder, the S3 client, the lab's MLLP adapter) is a chunk of its own beside index.mjs, read and
 * compiled only when the handler first needs it, so a cold start that never reaches it does not
 * pay for it. Chunks sit beside the entry, so `import.meta.dirname` is the same in all of them.
 */
export const LAMBDA_ESBUILD = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  outExtension: { '.js': '.mjs' },
  mainFields: ['module', 'main'],
  banner: { js: REQUIRE_BANNER },
  loader: { '.json': 'json' },
  alias: LAMBDA_ALIASES,
  plugins: [
    ownModuleStandIns,
    dataAsJsonText,
    pdfLibWithoutSideEffects,
    crc32OnFirstUse,
    sdkSchemasTreeShaken,
    builtinsOnFirstUse,
    stripeWithOnlyOurResources,
  ] as Plugin[],
} as const satisfies BuildOptions;

/** The handler file in a function's bundle directory (the Lambda handler is `index.handler`). */
export const LAMBDA_ENTRY_FILE = 'index.mjs';

/**
 * Bundles one function (`entry`, a path) into `outdir`: index.mjs and the chunks of its lazy
 * imports. esbuild makes a chunk of every `import()` its scan meets, live or not (a handler's
 * composition reaches every adapter's module, and tree shaking happens after chunking), so a first,
 * unsplit build finds which modules the function really runs, and the split build leaves out the
 * lazy imports of every other module: a function's asset carries only code it can reach.
 */
export async function bundleLambda(
  entry: string,
  outdir: string,
  opts: { minify?: boolean; write?: boolean; live?: ReadonlySet<string> } = {},
): Promise<{ metafile: Metafile; dataFiles: Array<{ name: string; bytes: number }> }> {
  const live = opts.live ?? (await liveModules([entry], opts.minify)).get(entry) ?? new Set<string>();
  const split = await build({
    ...LAMBDA_ESBUILD,
    absWorkingDir: REPO_ROOT,
    logLevel: 'silent',
    minify: opts.minify ?? true,
    entryPoints: { index: entry },
    outdir,
    write: false,
    metafile: true,
    plugins: [...LAMBDA_ESBUILD.plugins, onlyLiveLazyImports(live)],
  });
  // A data file's name survives minification as a string: the bundle reads the files it names.
  const names = LAMBDA_DATA_FILES.filter((name) => split.outputFiles.some((f) => f.text.includes(name)));
  const dataFiles = names.map((name) => ({ name, bytes: statSync(join(REPO_ROOT, 'data', name)).size }));
  if (opts.write ?? true) {
    mkdirSync(outdir, { recursive: true });
    for (const f of split.outputFiles) writeFileSync(f.path, f.contents);
    for (const { name } of dataFiles) copyFileSync(join(REPO_ROOT, 'data', name), join(outdir, name));
  }
  return { metafile: split.metafile, dataFiles };
}

/**
 * The modules each entry (a path) really runs, by one unsplit build of them all: those that keep
 * code in its whole bundle after tree shaking. Paths are relative to the repository, as esbuild's
 * metafile names them.
 */
export async function liveModules(entries: readonly string[], minify = true): Promise<Map<string, Set<string>>> {
  const whole = await build({
    ...LAMBDA_ESBUILD,
    absWorkingDir: REPO_ROOT,
    logLevel: 'silent',
    minify,
    splitting: false,
    entryPoints: entries.map((e) => ({ in: e, out: relative(REPO_ROOT, e).replace(/\W/g, '_') })),
    outdir: join(REPO_ROOT, 'cdk.out', 'live-modules'),
    write: false,
    metafile: true,
  });
  const byEntry = new Map<string, Set<string>>();
  for (const out of Object.values(whole.metafile.outputs)) {
    if (!out.entryPoint) continue;
    const live = Object.entries(out.inputs).flatMap(([path, i]) => (i.bytesInOutput > 0 ? [path] : []));
    byEntry.set(join(REPO_ROOT, out.entryPoint), new Set(live));
  }
  return byEntry;
}

/** Marks external (never loaded: the code that would import it is not in the bundle) each lazy import of a module the function does not run. */
function onlyLiveLazyImports(live: ReadonlySet<string>): Plugin {
  return {
    name: 'only-live-lazy-imports',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === 'inner') return undefined;
        const r = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'inner',
        });
        if (r.errors.length || r.external) return r;
        return live.has(relative(REPO_ROOT, r.path)) ? r : { path: args.path, external: true };
      });
    },
  };
}

/**
 * What a cold start loads, from a build's metafile: the entry and every chunk it imports
 * statically (bytes), and all the function's code, lazy chunks included (totalBytes).
 */
export function loadedAtStart(metafile: Metafile): { bytes: number; totalBytes: number } {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((p) => outputs[p]?.entryPoint !== undefined);
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !outputs[path]) return;
    seen.add(path);
    for (const i of outputs[path].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  if (entry) visit(entry);
  const js = Object.entries(outputs).filter(([p]) => p.endsWith('.mjs'));
  return {
    bytes: [...seen].reduce((n, p) => n + (outputs[p]?.bytes ?? 0), 0),
    totalBytes: js.reduce((n, [, o]) => n + o.bytes, 0),
  };
}
