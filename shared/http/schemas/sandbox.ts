import * as z from 'zod';
import { SANDBOX_SCENARIOS, type SandboxScenario } from '../../domain/sandbox.js';

/** POST /api/v1/sandbox/orders/{id}/simulate: the scenario to rehearse, each described in the document. */
export const simulateSchema = z
  .object({
    scenario: z.enum(Object.keys(SANDBOX_SCENARIOS) as [SandboxScenario, ...SandboxScenario[]]).describe(
      Object.entries(SANDBOX_SCENARIOS)
        .map(([name, what]) => `\`${name}\`: ${what}`)
        .join('\n\n'),
    ),
  })
  .strict()
  .meta({ id: 'SimulateRequest' });
