import * as z from 'zod';
import { operatorHandler } from '../../../shared/http/partner-handler.js';
import { json } from '../../../shared/http/respond.js';
import { parseJsonBody, parseOrThrow } from '../../../shared/http/schemas/partner.js';
import { auditedEdge } from '../../../shared/composition.js';
import { FAULTS } from '../faults.js';

const count = z.number().int().min(0).max(1000);
const schema = z.object({ orderWrites: count.optional(), keyWrites: count.optional() }).strict();

/** Local runtime only: makes the next N store writes fail, for reliability tests. */
export const handler = operatorHandler(auditedEdge, { action: 'faults.set' }, async (event) => {
  const input = parseOrThrow(schema, parseJsonBody(event.body));
  Object.assign(FAULTS, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
  return json(200, { ...FAULTS });
});
