import { afterEach, describe, it } from 'vitest';
import { ORDER_SCENARIOS } from '../scenarios/orders.js';
import { httpDriver } from '../scenarios/http-driver.js';
import { admin } from '../support/partner.js';

// The shared order and payment scenarios (test/scenarios/orders.ts), over HTTP against the local runtime.
describe('order scenarios, over HTTP', () => {
  afterEach(async () => {
    await admin('POST', '/faults', { keyWrites: 0, orderWrites: 0 });
  });
  for (const s of ORDER_SCENARIOS) it(s.name, () => s.run(httpDriver()));
});
