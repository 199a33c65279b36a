import * as z from 'zod';

// The operator API's request schemas (the results upload's, parsed with zod/mini, are in
// results-upload.ts).

const cents = z
  .number()
  .int('must be whole cents')
  .min(0, 'must not be negative')
  .max(1_000_000, 'must be at most 1,000,000 cents');

export const partnerFeesSchema = z.object({ labCollectionCents: cents, physicianOrderCents: cents }).strict();

export const paymentMethodSchema = z
  .string()
  .regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'must be a payment method id such as pm_card_visa')
  .nullable();

export const webhookUrlSchema = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .max(2048)
  .nullable();

const stripeCustomerIdSchema = z
  .string()
  .regex(/^cus_[A-Za-z0-9]+$/)
  .nullable();

export const createPartnerSchema = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(200),
    fees: partnerFeesSchema.optional(),
    paymentMethod: paymentMethodSchema.optional(),
    stripeCustomerId: stripeCustomerIdSchema.optional(),
    webhookUrl: webhookUrlSchema.optional(),
  })
  .strict();

export const updatePartnerSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    status: z.enum(['active', 'suspended']).optional(),
    fees: partnerFeesSchema.optional(),
    paymentMethod: paymentMethodSchema.optional(),
    stripeCustomerId: stripeCustomerIdSchema.optional(),
    webhookUrl: webhookUrlSchema.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'at least one field to change');

export const createKeySchema = z.object({ environment: z.enum(['test', 'live']) }).strict();

/** Webhook secret rotation: how long the previous secret keeps signing; 0 after a leak ends it now. */
export const rotateWebhookSecretSchema = z
  .object({
    overlapHours: z
      .number()
      .int('must be whole hours')
      .min(0, 'must not be negative')
      .max(168, 'must be at most 168 hours (7 days)')
      .default(24),
  })
  .strict();
