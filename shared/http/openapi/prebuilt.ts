import type { DocumentKind } from './documents.js';

// The OpenAPI documents are generated from the zod schemas at build time (tools/generate-openapi.ts
// writes data/openapi/*.json), so the functions that serve them carry neither zod nor the
// generator. Each is generated once for a placeholder origin, and the request's origin goes in
// its place: a unit test holds every prebuilt document equal to a fresh generation.
export const PREBUILT_ORIGIN = 'https://prebuilt-origin.invalid';

/** The document's JSON text for an origin, from the prebuilt document of that kind. */
export function documentText(prebuilt: object, origin: string): string {
  let text = encoded.get(prebuilt);
  if (text === undefined) encoded.set(prebuilt, (text = JSON.stringify(prebuilt)));
  // The origin as it appears inside a JSON string: a Host header may carry characters JSON escapes.
  return text.replaceAll(PREBUILT_ORIGIN, JSON.stringify(origin).slice(1, -1));
}
const encoded = new WeakMap<object, string>();

export const PREBUILT_KINDS: readonly DocumentKind[] = ['public', 'partner', 'operator'];
