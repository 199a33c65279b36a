import { readFileSync } from 'node:fs';

// Generated data (data/*.json: the location indexes, about 0.7 MB each) is read from disk when it is
// first needed, not compiled as part of the code that uses it: as a bundle's text it costs a cold
// start about 5 ms to load whether or not the request needs it; read and parsed as a file, about
// 1 ms, and only by a request that does. A Lambda bundle carries each file its code names beside
// index.mjs and reads it from there (infra/aws/bundle/data-file.ts stands in for this module).

/** The JSON in data/<name>. */
export function readDataFile(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../data/${name}`, import.meta.url), 'utf8'));
}
