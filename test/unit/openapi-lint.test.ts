import { describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { buildDocument } from '../../shared/http/openapi/documents.js';

// Redocly's recommended rules, every one of them: no rule switched off, and no warning either.
describe.each(['public', 'partner', 'operator'] as const)('%s document passes the Redocly linter', (which) => {
  it('has no problem at all under the recommended ruleset', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(buildDocument(which, 'https://api.lab-tests.test')),
      absoluteRef: `${which}.json`,
      config,
    });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });
});
