// Stands in for `@pdf-lib/standard-fonts`' own utils module in Lambda bundles (see ../bundling.ts).
// The package stores each font's metrics as base64 of deflated JSON and turns them back into text
// in JavaScript, one character at a time (about 140,000 string appends for the two Helvetica
// faces, most of a PDF function's garbage collection at its first render). Node decodes base64
// and inflates in C, and reads the bytes as Latin-1, which is what the package's loop produces.
// A test holds this module to the package's own output for every font.
import { inflateSync } from 'node:zlib';

export const decompressJson = (compressedJson: string): string =>
  inflateSync(Buffer.from(compressedJson, 'base64')).toString('latin1');

export const padStart = (value: string, length: number, padChar: string): string => value.padStart(length, padChar);
