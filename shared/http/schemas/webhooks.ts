import { z } from 'zod';

export const deliveriesQuerySchema = z
  .object({
    orderId: z.string().min(1).max(64).optional(),
    partnerId: z.string().min(1).max(64).optional(),
    status: z.enum(['pending', 'succeeded', 'failed', 'no_endpoint']).optional(),
    limit: z
      .string()
      .regex(/^\d+$/, 'must be a whole number from 1 to 100')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 100, 'must be a whole number from 1 to 100')
      .optional(),
  })
  .strict();
