// Generates data/openapi/{public,partner,operator}.json: the OpenAPI documents, from the zod
// schemas, for a placeholder origin the serving functions replace with the request's. Run it
// (npm run generate:openapi) after changing any OpenAPI-visible schema; a unit test fails when stale.
import { writeFileSync } from 'node:fs';
import { buildDocument, type DocumentKind } from '../shared/http/openapi/documents.js';
import { PREBUILT_KINDS, PREBUILT_ORIGIN } from '../shared/http/openapi/prebuilt.js';

export const prebuiltFile = (which: DocumentKind) => new URL(`../data/openapi/${which}.json`, import.meta.url);
export const prebuiltText = (which: DocumentKind) =>
  `${JSON.stringify(buildDocument(which, PREBUILT_ORIGIN), null, 1)}\n`;

if (process.argv[1]?.endsWith('generate-openapi.ts')) {
  for (const which of PREBUILT_KINDS) writeFileSync(prebuiltFile(which), prebuiltText(which));
  console.log(`wrote data/openapi/{${PREBUILT_KINDS.join(',')}}.json`);
}
