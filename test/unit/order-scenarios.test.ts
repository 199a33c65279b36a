import { describe, it } from 'vitest';
import { ORDER_SCENARIOS } from '../scenarios/orders.js';
import { inProcessDriver } from '../scenarios/in-process-driver.js';

// The shared order and payment scenarios (test/scenarios/orders.ts), in process on the fakes.
describe('order scenarios, in process', () => {
  for (const s of ORDER_SCENARIOS) it(s.name, () => s.run(inProcessDriver()));
});
