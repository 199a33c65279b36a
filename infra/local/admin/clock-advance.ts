import * as z from 'zod';
import { operatorHandler } from '../../../shared/http/partner-handler.js';
import { json } from '../../../shared/http/respond.js';
import { ApiError } from '../../../shared/http/errors.js';
import { parseJsonBody, parseOrThrow } from '../../../shared/http/schemas/partner.js';
import { ServiceClock } from '../service-clock.js';
import { auditedEdge, clock } from '../../../shared/composition.js';
import { runDueWork } from '../../../shared/due-work.js';

const schema = z
  .object({
    seconds: z
      .number()
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .max(10 * 365 * 86_400),
  })
  .strict();

/**
 * Local runtime only: moves the service clock forward, then runs everything that became due
 * (placements, sweeps, webhook retries) before answering, so a caller sees the consequences.
 */
export const handler = operatorHandler(auditedEdge, { action: 'clock.advanced' }, async (event) => {
  const { seconds } = parseOrThrow(schema, parseJsonBody(event.body));
  const c = clock();
  if (!(c instanceof ServiceClock))
    throw new ApiError('not_found', 'The service clock can only be moved in the local runtime.');
  const now = c.advance(seconds);
  const ran = await runDueWork(now);
  return json(200, { now: now.toISOString(), ran });
});
