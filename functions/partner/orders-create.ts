import { partnerHandler, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { header } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { createOrderSchema, exactMetadata, parseJsonBody, parseOrThrow } from '../../shared/http/schemas/partner.js';
import { createOrderAnswer } from '../../shared/http/order-errors.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/domain/idempotency.js';
import { requestHash } from '../../shared/domain/canonical-hash.js';
import { createOrder, type CreateOrderOutcome } from '../../shared/app/create-order.js';
import type { BusinessMetric } from '../../shared/ports/metrics.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'createOrderDeps' | 'metrics'>;

/**
 * POST /api/v1/orders (shared/app/create-order.ts). Everything that can be checked without side
 * effects is checked first, so a 400 never consumes the Idempotency-Key.
 */
const AUDIT = { action: 'order.created', fromAnswer: { orderId: 'id' } } as const;

export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, AUDIT, async (event, identity, _context, note) => {
    const key = header(event, 'idempotency-key');
    if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ApiError('idempotency_key_required');
    const raw = parseJsonBody(event.body);
    const body = parseOrThrow(createOrderSchema, raw);
    const outcome = await createOrder(deps.createOrderDeps(), {
      partnerId: identity.partnerId,
      idempotencyKey: key,
      requestHash: requestHash(raw),
      itemIds: body.items.map((i) => i.id),
      externalId: body.externalId,
      patient: { ...body.patient, address: { ...body.patient.address, line2: body.patient.address.line2 ?? null } },
      guardian: body.guardian,
      preferredLocationId: body.preferredLocationId,
      metadata: exactMetadata((raw as { metadata?: unknown }).metadata),
      audit: note.withChange(),
    });
    const metric = OUTCOME_METRICS[outcome.kind === 'refused' ? outcome.code : outcome.kind];
    if (metric && !(outcome.kind === 'created' && outcome.replayed)) deps.metrics()(metric);
    return createOrderAnswer(outcome);
  });

const OUTCOME_METRICS: Partial<Record<CreateOrderOutcome['kind'] | string, BusinessMetric>> = {
  created: 'OrdersCreated',
  payment_failed: 'PaymentsDeclined',
  payment_pending: 'PaymentsPending',
  payment_provider_error: 'PaymentProviderErrors',
};
