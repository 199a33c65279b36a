import { fastingRequired, type CatalogItem } from './catalog.js';
import type { DrawSiteRef, Guardian, OrderRecord, Patient } from './order.js';
import type { Partner } from './partner.js';
import { priceBasket } from './pricing.js';

export interface NewOrderInput {
  partner: Partner;
  items: CatalogItem[];
  byId: Map<string, CatalogItem>;
  externalId: string | null;
  patient: Patient;
  guardian: Guardian | null;
  preferredLocation: DrawSiteRef | null;
  metadata: Record<string, string>;
  placementDelayMinutes: number;
}

/** What the partner is charged: item prices plus the partner's own per-order fees. */
export function partnerTotalCents(input: Pick<NewOrderInput, 'partner' | 'items'>): { subtotalCents: number; totalCents: number } {
  const feeCents = input.partner.fees.labCollectionCents + input.partner.fees.physicianOrderCents;
  const basket = priceBasket(input.items, feeCents);
  return { subtotalCents: basket.subtotalCents, totalCents: basket.totalCents };
}

/** The order as first written, once its charge has succeeded: processing, placement scheduled. */
export function newOrderRecord(input: NewOrderInput, orderId: string, createdAt: Date, intentId: string): OrderRecord {
  const { subtotalCents, totalCents } = partnerTotalCents(input);
  const iso = createdAt.toISOString();
  return {
    id: orderId,
    partnerId: input.partner.id,
    externalId: input.externalId,
    state: 'scheduled',
    version: 1,
    createdAt: iso,
    updatedAt: iso,
    items: input.items.map((i) => ({ id: i.id, type: i.type, name: i.name, priceCents: i.priceCents, fastingRequired: fastingRequired(i, input.byId) })),
    fees: { ...input.partner.fees },
    subtotalCents,
    totalCents,
    payment: { status: 'succeeded', amountCents: totalCents, currency: 'usd', paymentIntentId: intentId, refundId: null },
    patient: input.patient,
    guardian: input.guardian,
    fastingRequired: input.items.some((i) => fastingRequired(i, input.byId)),
    preferredLocation: input.preferredLocation,
    metadata: input.metadata,
    placementDueAt: new Date(createdAt.getTime() + input.placementDelayMinutes * 60_000).toISOString(),
    requisitionNumber: null,
    requisitionIssuedAt: null,
    resultsReportedAt: null,
    cancelledAt: null,
  };
}
