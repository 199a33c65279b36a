// The AWS SDK clients' generated schema modules, made tree-shakeable. Each client describes every
// shape of its service in one module (`dist-es/schemas/schemas_0.js`: S3's is 137 KB), as arrays
// whose trait objects use computed keys named by the module's string constants (`{ [_hH]: _CT_ }`).
// esbuild cannot prove that a computed key which is an identifier has no side effect (converting a
// key to a string may run code), so it keeps every shape, used or not: 65 KB of S3 shapes in a
// bundle that sends three commands. With each such key written as the string it names, which is
// the same value, esbuild drops the shapes no command reaches.
import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const SCHEMA_MODULE = /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/;
const STRING_CONSTANT = /^const (_\w+) = ("(?:[^"\\\n]|\\.)*");$/gm;
const COMPUTED_KEY = /\[(_\w+)\]:/g;

/**
 * The module's text with each computed key that names one of its top-level string constants
 * written as that string.
 */
export function literalSchemaKeys(source: string): string {
  const constants = new Map<string, string>();
  for (const [, name, literal] of source.matchAll(STRING_CONSTANT)) constants.set(name as string, literal as string);
  return source.replace(COMPUTED_KEY, (key, name: string) => {
    const literal = constants.get(name);
    return literal === undefined ? key : `[${literal}]:`;
  });
}

export const sdkSchemasTreeShaken: Plugin = {
  name: 'sdk-schemas-tree-shaken',
  setup(b) {
    b.onLoad({ filter: SCHEMA_MODULE }, async (args) => ({
      contents: literalSchemaKeys(await readFile(args.path, 'utf8')),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};
