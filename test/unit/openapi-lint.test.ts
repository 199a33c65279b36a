import { describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { buildDocument } from '../../shared/http/openapi/documents.js';

// Redocly's recommended rules, minus those that do not fit: operationIds (the client is typed from
// the schemas, not generated from operation names) and a licence (the APIs are proprietary).
const RULES = {
  'no-server-example.com': 'off',
  'operation-operationId': 'off',
  'info-license': 'off',
  'info-license-url': 'off',
} as const;

describe.each(['public', 'partner'] as const)('%s document passes the Redocly linter', (which) => {
  it('has no lint errors', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: RULES });
    const problems = await lintFromString({
      source: JSON.stringify(buildDocument(which, 'https://api.example.org')),
      absoluteRef: `${which}.json`,
      config,
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });
});
