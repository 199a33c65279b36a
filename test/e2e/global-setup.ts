import type { TestProject } from 'vitest/node';
import { startService } from '../support/local-service.js';

export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';
export const E2E_LAB_TOKEN = 'e2e-lab-token-0123456789abcdef';

// One local runtime for the end-to-end suites, in memory, with a rate limit high enough that
// the suites never trip it (the rate-limit suite starts its own runtime on the defaults).
export default async function setup(project: TestProject) {
  const service = await startService({
    RATE_LIMIT_BURST: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ADMIN_TOKEN: E2E_ADMIN_TOKEN,
    LAB_TOKEN: E2E_LAB_TOKEN,
  });
  project.provide('baseUrl', service.url);
  project.provide('adminToken', E2E_ADMIN_TOKEN);
  project.provide('labToken', E2E_LAB_TOKEN);
  project.provide('stripeUrl', /Stripe simulator: (http:\/\/\S+)/.exec(service.output())?.[1] ?? '');
  project.provide('dynamoUrl', /DynamoDB Local: (http:\/\/\S+)/.exec(service.output())?.[1] ?? '');
  return async () => service.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
    labToken: string;
    stripeUrl: string;
    /** The runtime's DynamoDB Local, for tests that check what is stored. */
    dynamoUrl: string;
  }
}
