// Regenerates what partners build clients from, all from the partner OpenAPI document as the code
// makes it: the SDK's copy of the document, the SDK's TypeScript types (openapi-typescript, a
// devDependency of packages/sdk only: run `npm install` there first) and the Postman collection.
// `npm run generate:clients`; a unit test fails while any of them is stale.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_FILES, partnerDocumentText, postmanCollectionText, typesHeader } from './client-artifacts.js';

const root = join(import.meta.dirname, '..');
const documentText = partnerDocumentText();
writeFileSync(join(root, CLIENT_FILES.document), documentText);
writeFileSync(join(root, CLIENT_FILES.postman), postmanCollectionText());

const sdk = join(root, 'packages', 'sdk');
const bin = join(sdk, 'node_modules', '.bin', 'openapi-typescript');
if (!existsSync(bin)) {
  console.error('openapi-typescript is missing: run `npm install` in packages/sdk, then run this again.');
  process.exit(1);
}
const types = execFileSync(bin, [join(root, CLIENT_FILES.document)], { cwd: sdk, encoding: 'utf8' });
writeFileSync(join(root, CLIENT_FILES.types), typesHeader(documentText) + types);
console.log(`wrote ${Object.values(CLIENT_FILES).join(', ')}`);
