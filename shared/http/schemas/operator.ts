import * as z from 'zod';
import { limitParam } from './parse.js';
import { classicZod } from './classic.js';
import { deliveriesQuerySchema } from './webhooks.js';

// Query strings of the operator's list views: `limit` 1-100 (default 50) and an opaque `cursor`.
const cursor = z.string().min(1).max(2048).optional();
const id = z.string().min(1).max(100).optional();

export const auditQuerySchema = z
  .object({ orderId: id, partnerId: id, limit: limitParam(100, classicZod), cursor })
  .strict();

export const partnersQuerySchema = z
  .object({ status: z.enum(['active', 'suspended']).optional(), limit: limitParam(100, classicZod), cursor })
  .strict();

export const operatorDeliveriesQuerySchema = deliveriesQuerySchema.extend({ cursor });
