import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_FILES, partnerDocumentText, postmanCollectionText, typesHeader } from '../../tools/client-artifacts.js';
import { documentedRoutes } from '../../shared/http/openapi/documents.js';

// The committed client artifacts are generated from the partner document; `npm run generate:clients`
// refreshes them. These tests fail while any of them lags behind the code.
const read = (path: string) => readFileSync(join(import.meta.dirname, '..', '..', path), 'utf8');
const STALE = 'stale: run `npm install` in packages/sdk, then `npm run generate:clients`';

describe('generated client artifacts', () => {
  it("the SDK's copy of the partner document is the one the code makes", () => {
    expect(read(CLIENT_FILES.document), STALE).toBe(partnerDocumentText());
  });

  it("the SDK's types were generated from that very document", () => {
    expect(read(CLIENT_FILES.types).split('\n')[0], STALE).toBe(typesHeader(read(CLIENT_FILES.document)).trimEnd());
  });

  it('the Postman collection is current and holds one request per partner operation', () => {
    const text = read(CLIENT_FILES.postman);
    expect(text, STALE).toBe(postmanCollectionText());
    const requests = (
      JSON.parse(text) as { item: Array<{ item: Array<{ request: { method: string } }> }> }
    ).item.flatMap((f) => f.item);
    expect(requests).toHaveLength(documentedRoutes('partner').length);
    const create = requests.find((r) => r.request.method === 'POST' && JSON.stringify(r).includes('Idempotency-Key'));
    expect(JSON.stringify(create)).toContain('{{$guid}}');
  });
});
