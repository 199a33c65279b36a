// Stands in for `node:stream/web` where @middy/core imports it (see ../bundling.ts). middy asks
// `body instanceof ReadableStream` only when it streams a response, which none of our functions
// does, but its static import loads Node's web streams as every function starts (about 3.5 ms of a
// cold start on the bench's machine). This class answers `instanceof` as Node's own does, by asking
// the global class, which Node loads on that first question.
export class ReadableStream {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof globalThis.ReadableStream;
  }
}
