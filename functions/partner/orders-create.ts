import { partnerHandler } from '../../shared/http/partner-handler.js';
import { header } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { createOrderSchema, exactMetadata, parseJsonBody, parseOrThrow } from '../../shared/http/schemas/partner.js';
import { createOrderAnswer } from '../../shared/http/order-errors.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/domain/idempotency.js';
import { requestHash } from '../../shared/domain/canonical-hash.js';
import { createOrder, type CreateOrderOutcome } from '../../shared/app/create-order.js';
import { countMetric, type BusinessMetric } from '../../shared/adapters/alerts.js';
import { createOrderDeps } from '../../shared/composition.js';

/**
 * POST /api/v1/orders (shared/app/create-order.ts). Everything that can be checked without side
 * effects is checked first, so a 400 never consumes the Idempotency-Key.
 */
const AUDIT = { action: 'order.created', fromAnswer: { orderId: 'id' } } as const;

export const handler = partnerHandler(AUDIT, async (event, identity) => {
  const key = header(event, 'idempotency-key');
  if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ApiError('idempotency_key_required');
  const raw = parseJsonBody(event.body);
  const body = parseOrThrow(createOrderSchema, raw);
  const outcome = await createOrder(createOrderDeps(), {
    partnerId: identity.partnerId,
    idempotencyKey: key,
    requestHash: requestHash(raw),
    itemIds: body.items.map((i) => i.id),
    externalId: body.externalId,
    patient: { ...body.patient, address: { ...body.patient.address, line2: body.patient.address.line2 ?? null } },
    guardian: body.guardian,
    preferredLocationId: body.preferredLocationId,
    metadata: exactMetadata((raw as { metadata?: unknown }).metadata),
  });
  const metric = OUTCOME_METRICS[outcome.kind === 'refused' ? outcome.code : outcome.kind];
  if (metric && !(outcome.kind === 'created' && outcome.replayed)) countMetric(metric);
  return createOrderAnswer(outcome);
});

const OUTCOME_METRICS: Partial<Record<CreateOrderOutcome['kind'] | string, BusinessMetric>> = {
  created: 'OrdersCreated',
  payment_failed: 'PaymentsDeclined',
  payment_pending: 'PaymentsPending',
  payment_provider_error: 'PaymentProviderErrors',
};
