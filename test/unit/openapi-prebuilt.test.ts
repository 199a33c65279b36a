import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../shared/http/openapi/documents.js';
import { documentText, PREBUILT_KINDS } from '../../shared/http/openapi/prebuilt.js';
import { prebuiltFile, prebuiltText } from '../../tools/generate-openapi.js';

// The functions serve the documents generated at build; these hold them to a fresh generation.
describe('the prebuilt OpenAPI documents', () => {
  it.each(PREBUILT_KINDS)('%s is current (npm run generate:openapi rewrites it)', (which) => {
    expect(readFileSync(prebuiltFile(which), 'utf8')).toBe(prebuiltText(which));
  });

  const origins = ['http://127.0.0.1:3000', 'https://api.example.com/v1', 'https://odd"host\\name'];
  it.each(PREBUILT_KINDS.flatMap((which) => origins.map((origin) => [which, origin] as const)))(
    '%s for %s is the document generated for that origin, byte for byte',
    (which, origin) => {
      const prebuilt = JSON.parse(readFileSync(prebuiltFile(which), 'utf8')) as object;
      expect(documentText(prebuilt, origin)).toBe(JSON.stringify(buildDocument(which, origin)));
    },
  );
});
