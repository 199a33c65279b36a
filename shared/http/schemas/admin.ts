import * as z from 'zod';
import { RESULT_FLAGS } from '../../domain/results/types.js';

// The operator API's request schemas.

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

const analyte = z
  .object({
    name: z.string().min(1).max(200),
    labTestCode: z.string().min(1).max(64),
    value: z.number().nullable(),
    valueText: z.string().max(200).nullish(),
    unit: z.string().max(40).default(''),
    referenceRange: z.string().max(100).default(''),
    referenceRangeLow: z.number().nullable().default(null),
    referenceRangeHigh: z.number().nullable().default(null),
    flag: z.enum(RESULT_FLAGS).nullable().optional(),
    notReported: z.boolean().default(false),
    reportedAt: z.iso.datetime().optional(),
    /** The lab reported this analyte though no ordered test includes it: accepted only when marked. */
    unordered: z.boolean().optional(),
  })
  .strict();

/** POST /admin/v1/orders/{id}/results: results that arrived outside the electronic interface. */
export const resultsUploadSchema = z
  .object({
    analytes: z.array(analyte).min(1).max(500),
    pdfs: z
      .array(z.object({ label: z.string().min(1).max(100), contentBase64: z.base64().max(10_000_000) }).strict())
      .max(10)
      .default([]),
  })
  .strict();

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
