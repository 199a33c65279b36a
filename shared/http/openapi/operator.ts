import * as z from 'zod';
import {
  createKeySchema,
  createPartnerSchema,
  rotateWebhookSecretSchema,
  updatePartnerSchema,
} from '../schemas/admin.js';
import { auditQuerySchema, operatorDeliveriesQuerySchema, partnersQuerySchema } from '../schemas/operator.js';
import { resultsUploadSchemas } from '../schemas/results-upload.js';
import { classicZod, documentedId } from '../schemas/classic.js';
import { AUDIT_ACTIONS } from '../../ports/audit-log.js';
import type { Route } from '../../manifest/index.js';
import type { Operation } from './operations.js';
import * as R from './responses.js';
import { iso, named } from './schema-helpers.js';

// The operator API's answers and operations. Routes added to the table without an entry here
// still appear in the operator document, described generically (see genericOperatorOperation).

export const partnerAccount = named(
  z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(['active', 'suspended']),
    fees: z.object({ labCollectionCents: z.number().int(), physicianOrderCents: z.number().int() }),
    paymentMethod: z.string().nullable(),
    stripeCustomerId: z.string().nullable(),
    webhookUrl: z.string().nullable(),
    createdAt: iso,
    updatedAt: iso,
  }),
  'PartnerAccount',
);
export const apiKey = named(
  z.object({
    id: z.string(),
    environment: z.enum(['test', 'live']),
    last4: z.string(),
    createdAt: iso,
    revokedAt: iso.nullable(),
  }),
  'ApiKey',
  'A key as listed: never the key itself.',
);
export const partnerWithKeys = named(partnerAccount.extend({ keys: z.array(apiKey) }), 'PartnerAccountWithKeys');
export const issuedKey = named(
  z.object({ id: z.string(), key: z.string(), environment: z.enum(['test', 'live']), createdAt: iso }),
  'IssuedApiKey',
  'The only answer that shows the key; the service keeps its SHA-256.',
);
export const webhookSecret = named(
  z.object({ secret: z.string(), createdAt: iso, previousSecretsValidUntil: z.array(iso) }),
  'WebhookSigningSecret',
  'Shown once. Previous secrets keep signing beside it until their time.',
);
export const resultsUploaded = named(
  z.object({ orderId: z.string(), status: R.orderStatus, analytes: z.number().int() }),
  'ResultsUploaded',
);
export const oruAccepted = named(
  z.object({
    ok: z.literal(true),
    orderId: z.string(),
    analytes: z.number().int(),
    report: z.enum(['preliminary', 'final', 'correction']),
  }),
  'OruAccepted',
);
const hl7Message = z.string().meta({ id: 'Hl7Message', description: 'HL7 v2 ORU^R01, segments separated by CR' });
/** What a route without its own description answers: a JSON object. */
export const operatorAnswer = named(z.object({}).catchall(z.unknown()), 'OperatorAnswer');

const NOT_FOUND = ['not_found'] as const;

const nextCursor = z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last.' });
export const partnerList = named(z.object({ data: z.array(partnerAccount), nextCursor }), 'PartnerAccountList');
export const operatorDeliveries = named(
  z.object({ data: z.array(R.delivery.extend({ partnerId: z.string().optional() })), nextCursor }),
  'OperatorDeliveryList',
);
export const auditRecord = named(
  z.object({
    id: z.string(),
    at: iso,
    action: z.enum(AUDIT_ACTIONS),
    outcome: z.enum(['success', 'denied', 'not_found', 'rejected', 'error']),
    principal: z.union([
      z.object({ type: z.literal('partner'), partnerId: z.string(), keyId: z.string() }),
      z.object({ type: z.literal('operator'), id: z.string() }),
    ]),
    orderId: z.string().nullable(),
    partnerId: z.string().nullable(),
    subjectId: z.string().nullable(),
    requestId: z.string().nullable(),
  }),
  'AuditRecord',
  'Who did what to which order or partner, when, and how it ended; ids only, never patient values.',
);
export const auditList = named(z.object({ data: z.array(auditRecord), nextCursor }), 'AuditRecordList');

export const OPERATOR_OPERATIONS: Record<string, Operation> = {
  'GET /admin/v1/partners': {
    operationId: 'listPartners',
    summary: 'Every partner, newest first, paged',
    tag: 'Partners',
    query: partnersQuerySchema,
    ok: { status: 200, schema: partnerList, description: 'A page of partners' },
    errors: ['validation_error'],
  },
  'GET /admin/v1/audit': {
    operationId: 'listAuditRecords',
    summary: 'The audit trail of one order or one partner, newest first',
    tag: 'Audit',
    query: auditQuerySchema,
    ok: { status: 200, schema: auditList, description: 'A page of audit records' },
    errors: ['validation_error'],
  },
  'POST /admin/v1/partners': {
    operationId: 'createPartner',
    summary: 'Create a partner account',
    tag: 'Partners',
    body: createPartnerSchema.meta({ id: 'CreatePartnerRequest' }),
    ok: { status: 201, schema: partnerAccount, description: 'The partner' },
    errors: ['validation_error'],
  },
  'GET /admin/v1/partners/{id}': {
    operationId: 'getPartner',
    summary: 'One partner, with every key issued (oldest first)',
    tag: 'Partners',
    ok: { status: 200, schema: partnerWithKeys, description: 'The partner and its keys' },
    errors: [...NOT_FOUND],
  },
  'PATCH /admin/v1/partners/{id}': {
    operationId: 'updatePartner',
    summary: 'Change a partner: name, status (suspend or reactivate), fees, payment method, webhook URL',
    tag: 'Partners',
    body: updatePartnerSchema.meta({ id: 'UpdatePartnerRequest' }),
    ok: { status: 200, schema: partnerAccount, description: 'The partner' },
    errors: ['validation_error', 'not_found'],
  },
  'POST /admin/v1/partners/{id}/keys': {
    operationId: 'createApiKey',
    summary: 'Issue an API key (shown once)',
    tag: 'Partners',
    body: createKeySchema.meta({ id: 'CreateApiKeyRequest' }),
    ok: { status: 201, schema: issuedKey, description: 'The key' },
    errors: ['validation_error', 'not_found', 'too_many_keys'],
  },
  'DELETE /admin/v1/partners/{id}/keys/{keyId}': {
    operationId: 'revokeApiKey',
    summary: 'Revoke a key at once',
    tag: 'Partners',
    ok: { status: 200, schema: apiKey, description: 'The revoked key' },
    errors: [...NOT_FOUND],
  },
  'POST /admin/v1/partners/{id}/webhook-secret': {
    operationId: 'rotateWebhookSecret',
    summary:
      'Create or rotate the webhook signing secret (shown once; the previous one signs too for overlapHours, 24 by default, 0 after a leak)',
    tag: 'Partners',
    body: rotateWebhookSecretSchema.meta({ id: 'RotateWebhookSecretRequest' }),
    ok: { status: 201, schema: webhookSecret, description: 'The new secret' },
    errors: ['validation_error', ...NOT_FOUND],
  },
  'GET /admin/v1/deliveries': {
    operationId: 'listAllDeliveries',
    summary: 'Webhook deliveries of a partner or an order, with every attempt',
    tag: 'Webhooks',
    query: operatorDeliveriesQuerySchema,
    ok: { status: 200, schema: operatorDeliveries, description: 'Deliveries' },
    errors: ['validation_error'],
  },
  'POST /admin/v1/deliveries/{id}/replay': {
    operationId: 'replayAnyDelivery',
    summary: 'Send a delivery again now, recorded in its log',
    tag: 'Webhooks',
    ok: { status: 200, schema: R.delivery, description: 'The delivery with the new attempt' },
    errors: ['not_found', 'idempotency_in_progress'],
  },
  'POST /admin/v1/lab/oru': {
    operationId: 'ingestOruMessage',
    summary: 'Results from the lab: an HL7 v2 ORU^R01 message as the raw body, refused whole when it cannot be read',
    tag: 'Results',
    body: hl7Message,
    ok: { status: 200, schema: oruAccepted, description: 'Recorded' },
    errors: ['validation_error', 'not_found', 'results_not_accepted'],
  },
  'POST /lab/v1/oru': {
    operationId: 'deliverLabResults',
    summary: "The lab's own inbound interface (its IAM role; LAB_TOKEN locally): an ORU^R01 as the raw body",
    tag: 'Results',
    body: hl7Message,
    ok: { status: 200, schema: oruAccepted, description: 'Recorded' },
    errors: ['validation_error', 'not_found', 'results_not_accepted'],
  },
  'POST /admin/v1/orders/{id}/results': {
    operationId: 'uploadResults',
    summary: 'Results that arrived outside the electronic interface (source operator_upload)',
    tag: 'Results',
    body: resultsUploadSchemas(classicZod, documentedId).resultsUploadSchema,
    ok: { status: 200, schema: resultsUploaded, description: 'Recorded' },
    errors: ['validation_error', 'not_found', 'results_not_accepted'],
  },
  'GET /admin/v1/openapi.json': {
    operationId: 'getOperatorOpenApi',
    summary: 'This document',
    tag: 'Documents',
    ok: { status: 200, schema: R.openApiDocument, description: 'OpenAPI 3.1' },
    errors: [],
  },
};

const camel = (fn: string) => {
  const s = fn.replace(/^Admin/, '');
  return s.charAt(0).toLowerCase() + s.slice(1);
};

/** A route the table has and this file does not describe yet: a JSON object, and the usual errors. */
export function genericOperatorOperation(route: Route): Operation {
  return {
    operationId: camel(route.fn),
    summary: `${route.method} ${route.path}`,
    tag: 'Other',
    ok: {
      status: 200,
      schema: operatorAnswer,
      description: 'A JSON object',
    },
    errors: route.path.includes('{') ? ['validation_error', 'not_found'] : ['validation_error'],
  };
}
