import { drawSites } from '../../shared/adapters/draw-sites.js';
import { partnerHandler } from '../../shared/http/partner-handler.js';
import { header } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import {
  createOrderSchema,
  exactMetadata,
  parseJsonBody,
  parseOrThrow,
  type CreateOrderRequest,
} from '../../shared/http/schemas/partner.js';
import { createOrderError, orderRuleError } from '../../shared/http/order-errors.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/domain/idempotency.js';
import { checkOrderRules } from '../../shared/domain/order-rules.js';
import { priorAttempt, createOrder } from '../../shared/domain/create-order.js';
import { newOrderRecord, priceNewOrder } from '../../shared/domain/new-order.js';
import { toPublicOrder } from '../../shared/domain/order.js';
import { indexCatalog, type CatalogItem } from '../../shared/domain/catalog.js';
import { requestHash } from '../../shared/domain/canonical-hash.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { countMetric, type BusinessMetric } from '../../shared/adapters/alerts.js';
import { catalogStore, createOrderDeps, partnerStore, clock, auditedEdge } from '../../shared/composition.js';

/**
 * POST /api/v1/orders. Everything that can be checked without side effects is checked first, so
 * a 400 never consumes the Idempotency-Key; then the key is claimed and the order created in
 * phases (shared/domain/create-order.ts).
 */
const OUTCOME_METRICS: Record<string, BusinessMetric> = {
  created: 'OrdersCreated',
  payment_failed: 'PaymentsDeclined',
  payment_pending: 'PaymentsPending',
  payment_provider_error: 'PaymentProviderErrors',
};

const created = (body: string) => ({
  statusCode: 201,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  body,
});

const AUDIT = { action: 'order.created', fromAnswer: { orderId: 'id' } } as const;

export const handler = partnerHandler(auditedEdge, AUDIT, async (event, identity) => {
  const key = header(event, 'idempotency-key');
  if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ApiError('idempotency_key_required');
  const raw = parseJsonBody(event.body);
  const body = parseOrThrow(createOrderSchema, raw);
  const hash = requestHash(raw);
  const deps = createOrderDeps();
  const prior = await priorAttempt(deps, identity.partnerId, key, hash);
  if (prior.kind === 'replay') return created(prior.body);
  const partner = await partnerStore().get(identity.partnerId);
  if (!partner) throw new ApiError('invalid_api_key');
  const byId = indexCatalog(await catalogStore().get());
  const sites = drawSites();
  // After money may have moved for this key and body, the rules passed then; the order is finished
  // from that charge's own figures, whatever changed in the catalogue since.
  const items = prior.kind === 'money_moved' ? [] : checkedItems(body, byId, sites);
  const newOrder = {
    partner,
    items,
    byId,
    externalId: body.externalId,
    patient: { ...body.patient, address: { ...body.patient.address, line2: body.patient.address.line2 ?? null } },
    guardian: body.guardian,
    preferredLocation: body.preferredLocationId ? sites.find(body.preferredLocationId) : null,
    metadata: exactMetadata((raw as { metadata?: unknown }).metadata),
    placementDelayMinutes: SERVICE_CONFIG.placementDelayMinutes,
  };
  const result = await createOrder(deps, {
    partner,
    idempotencyKey: key,
    requestHash: hash,
    keyRead: prior.record,
    pricing: prior.kind === 'money_moved' ? prior.pricing : priceNewOrder(newOrder),
    buildOrder: (orderId, createdAt, intentId, pricing) =>
      newOrderRecord(newOrder, pricing, orderId, createdAt, intentId),
    encode: (order) => JSON.stringify(toPublicOrder(order, SERVICE_CONFIG.cancelWindowMinutes)),
  });
  countMetric(
    OUTCOME_METRICS[result.ok ? 'created' : result.code] ?? 'OrdersCreated',
    result.ok || OUTCOME_METRICS[result.code] ? 1 : 0,
  );
  if (!result.ok) throw createOrderError(result.code, result.details, result.retryAfterSeconds);
  return created(result.body);
});

/** The business rules, in the spec's order: the ordered catalogue items, or the 400 that refuses them. */
function checkedItems(
  body: CreateOrderRequest,
  byId: Map<string, CatalogItem>,
  sites: ReturnType<typeof drawSites>,
): CatalogItem[] {
  const rules = checkOrderRules({
    itemIds: body.items.map((i) => i.id),
    patientState: body.patient.address.state,
    dateOfBirth: body.patient.dateOfBirth,
    hasGuardian: body.guardian !== null,
    preferredLocationId: body.preferredLocationId,
    now: clock().now(),
    byId,
    restrictedStates: SERVICE_CONFIG.restrictedStates,
    minorAgeYears: SERVICE_CONFIG.minorAgeYears,
    locationExists: (id) => sites.find(id) !== null,
  });
  if (!rules.ok) throw orderRuleError(rules.error);
  return rules.items;
}
