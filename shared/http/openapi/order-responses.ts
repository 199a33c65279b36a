import * as z from 'zod';
import { RESULT_FLAGS } from '../../domain/results/types.js';
import { iso, named, orNull } from './schema-helpers.js';

// The order as partners see it (its status, fees, patient, documents and results): response
// schemas, re-exported by responses.ts with the others.

export const orderStatus = named(
  z.enum(['processing', 'requisition_ready', 'results_ready', 'cancelled']),
  'OrderStatus',
  'The order status partners see.',
);

export const fees = named(
  z.object({
    labCollectionCents: z.number().int(),
    physicianOrderCents: z.number().int(),
    totalCents: z.number().int(),
  }),
  'OrderFees',
  'Your per-order fees.',
);
export const address = named(
  z.object({
    line1: z.string(),
    line2: z.string().nullable().optional(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  'Address',
);
export const order = named(
  z.object({
    id: z.string().regex(/^order_/),
    externalId: z.string().nullable(),
    status: orderStatus,
    createdAt: iso,
    cancellableUntil: iso,
    items: z.array(
      named(
        z.object({
          id: z.string(),
          type: z.enum(['test', 'panel']),
          name: z.string(),
          priceCents: z.number().int(),
          fastingRequired: z.boolean(),
        }),
        'OrderItem',
      ),
    ),
    fees,
    subtotalCents: z.number().int(),
    totalCents: z.number().int(),
    payment: named(
      z.object({
        status: z.enum(['succeeded', 'refunded', 'refund_pending']),
        amountCents: z.number().int(),
        currency: z.literal('usd'),
        paymentIntentId: z.string(),
      }),
      'Payment',
    ),
    patient: named(
      z.object({
        firstName: z.string(),
        lastName: z.string(),
        dateOfBirth: z.string(),
        sex: z.enum(['female', 'male']),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        address,
      }),
      'Patient',
    ),
    guardian: named(
      z.object({
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        relationship: z.enum(['parent', 'legal_guardian', 'other']),
      }),
      'Guardian',
    ).optional(),
    fastingRequired: z.boolean(),
    preferredLocation: orNull(
      named(z.object({ id: z.string(), name: z.string(), address, phone: z.string() }), 'PreferredLocation'),
    ),
    requisition: named(
      z.object({ status: z.enum(['pending', 'ready']), number: z.string().nullable(), issuedAt: iso.nullable() }),
      'RequisitionStatus',
    ),
    results: named(z.object({ status: z.enum(['pending', 'ready']), reportedAt: iso.nullable() }), 'ResultsStatus'),
    metadata: z.record(z.string(), z.string()),
    cancelledAt: iso.optional(),
    refund: z.enum(['issued', 'pending']).optional(),
  }),
  'Order',
);
export const orderList = named(
  z.object({ data: z.array(order), nextCursor: z.string().nullable() }),
  'OrderList',
  'A page of orders. Page until nextCursor is null: a page may be empty before the end.',
);
export const signedDocument = named(
  z.object({ url: z.url(), expiresAt: iso }),
  'SignedDocument',
  'A document as a signed URL, valid 15 minutes; call again for a fresh one.',
);
export const analyte = named(
  z.object({
    name: z.string(),
    labTestCode: z.string(),
    value: z.number().nullable(),
    valueText: z.string().nullable().optional(),
    unit: z.string(),
    referenceRange: z.string(),
    referenceRangeLow: z.number().nullable(),
    referenceRangeHigh: z.number().nullable(),
    flag: orNull(
      named(
        z.enum(RESULT_FLAGS),
        'ResultFlag',
        'From most to least concerning. A null flag means no verdict was made: never read it as normal.',
      ),
    ),
    notReported: z.boolean(),
    reportedAt: iso,
    corrections: z
      .array(
        z.object({
          value: z.number().nullable(),
          valueText: z.string().nullable(),
          flag: z.enum(RESULT_FLAGS).nullable(),
          reportedAt: iso,
        }),
      )
      .optional()
      .describe('Earlier values the lab corrected (OBX-11 C) or withdrew (D), oldest first.'),
  }),
  'Analyte',
);
export const results = named(
  z.object({
    status: orderStatus,
    reportedAt: iso,
    source: z.enum(['lab_electronic', 'operator_upload']),
    pdfs: z.array(named(z.object({ id: z.string(), label: z.string(), url: z.url(), expiresAt: iso }), 'ResultPdf')),
    analytes: z.array(analyte),
  }),
  'ResultsDocument',
);
