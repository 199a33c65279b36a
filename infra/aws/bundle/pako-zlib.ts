// Stands in for `pako` in Lambda bundles (see ../bundling.ts). pdf-lib and its standard fonts
// deflate content streams and inflate the fonts' metrics through pako, zlib ported to JavaScript;
// Node's own zlib does the same work in C, about 20 ms less of a PDF function's cold start. The
// formats are zlib's on both sides (a test holds each side able to read the other's output).
import { deflateSync, inflateSync } from 'node:zlib';

type Input = Uint8Array | ArrayBuffer | number[];

const buffer = (data: Input) => (data instanceof Uint8Array ? data : new Uint8Array(data));
const bytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

export const deflate = (data: Input, options: { level?: number } = {}): Uint8Array =>
  bytes(deflateSync(buffer(data), options.level === undefined ? {} : { level: options.level }));

export const inflate = (data: Input): Uint8Array => bytes(inflateSync(buffer(data)));

export default { deflate, inflate };
