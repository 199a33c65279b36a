import * as z from 'zod';
import { limitParam } from './parse.js';
import { classicZod } from './classic.js';

export const deliveriesQuerySchema = z
  .object({
    orderId: z.string().min(1).max(64).optional(),
    partnerId: z.string().min(1).max(64).optional(),
    status: z.enum(['pending', 'succeeded', 'failed', 'no_endpoint']).optional(),
    limit: limitParam(100, classicZod),
  })
  .strict();
