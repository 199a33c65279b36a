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

/**
 * What the partner is charged, line by line: item prices plus the partner's own per-order fees.
 * Fixed when a charge attempt starts, so a retry of that attempt charges and records the same
 * figures even if a price or a fee changed in between.
 */
export interface OrderPricing {
  items: OrderRecord['items'];
  fees: OrderRecord['fees'];
  subtotalCents: number;
  totalCents: number;
}

export function priceNewOrder(input: Pick<NewOrderInput, 'partner' | 'items' | 'byId'>): OrderPricing {
  const fees = { ...input.partner.fees };
  const basket = priceBasket(input.items, fees.labCollectionCents + fees.physicianOrderCents);
  return {
    items: input.items.map((i) => ({
      id: i.id,
      type: i.type,
      name: i.name,
      priceCents: i.priceCents,
      fastingRequired: fastingRequired(i, input.byId),
    })),
    fees,
    subtotalCents: basket.subtotalCents,
    totalCents: basket.totalCents,
  };
}

/** The order as first written, once its charge has succeeded: processing, placement scheduled. */
export function newOrderRecord(
  input: NewOrderInput,
  pricing: OrderPricing,
  orderId: string,
  createdAt: Date,
  intentId: string,
): OrderRecord {
  const { subtotalCents, totalCents } = pricing;
  const iso = createdAt.toISOString();
  return {
    id: orderId,
    partnerId: input.partner.id,
    externalId: input.externalId,
    state: 'scheduled',
    version: 1,
    createdAt: iso,
    updatedAt: iso,
    items: pricing.items,
    fees: { ...pricing.fees },
    subtotalCents,
    totalCents,
    payment: {
      status: 'succeeded',
      amountCents: totalCents,
      currency: 'usd',
      paymentIntentId: intentId,
      refundId: null,
    },
    patient: input.patient,
    guardian: input.guardian,
    fastingRequired: pricing.items.some((i) => i.fastingRequired),
    preferredLocation: input.preferredLocation,
    metadata: input.metadata,
    placementDueAt: new Date(createdAt.getTime() + input.placementDelayMinutes * 60_000).toISOString(),
    requisitionNumber: null,
    requisitionIssuedAt: null,
    resultsReportedAt: null,
    cancelledAt: null,
  };
}
