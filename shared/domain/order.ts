import type { PartnerFees } from './partner.js';

export type PublicOrderStatus = 'processing' | 'requisition_ready' | 'results_ready' | 'cancelled';

/**
 * Internal lifecycle states. Partners only ever see the four public statuses: every internal
 * state before the requisition, trouble included, reads as processing.
 */
export type OrderState =
  | 'scheduled' // paid, waiting for automated placement (held ~60 minutes)
  | 'placing' // placement is running right now
  | 'placed' // accepted by the lab, requisition not yet issued
  | 'unconfirmed' // placement outcome unknown: support is verifying whether it exists at the lab
  | 'external_draft' // an operator is preparing the order by hand
  | 'requisition_issued'
  | 'results_reported'
  | 'cancelled';

export const PUBLIC_STATUS: Record<OrderState, PublicOrderStatus> = {
  scheduled: 'processing',
  placing: 'processing',
  placed: 'processing',
  unconfirmed: 'processing',
  external_draft: 'processing',
  requisition_issued: 'requisition_ready',
  results_reported: 'results_ready',
  cancelled: 'cancelled',
};

/** The states from which a public status is a filter match. */
export function statesFor(status: PublicOrderStatus): OrderState[] {
  return (Object.keys(PUBLIC_STATUS) as OrderState[]).filter((s) => PUBLIC_STATUS[s] === status);
}

export interface Address {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface Patient {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  sex: 'female' | 'male';
  email: string | null;
  phone: string | null;
  address: Address;
}

export interface Guardian {
  firstName: string;
  lastName: string;
  email: string;
  relationship: 'parent' | 'legal_guardian' | 'other';
}

export interface OrderLine {
  id: string;
  type: 'test' | 'panel';
  name: string;
  priceCents: number;
  fastingRequired: boolean;
}

export interface DrawSiteRef {
  id: string;
  name: string;
  address: Address;
  phone: string;
}

export interface PaymentRecord {
  status: 'succeeded' | 'refunded' | 'refund_pending';
  amountCents: number;
  currency: 'usd';
  paymentIntentId: string;
  refundId: string | null;
  /** The recovery sweep's refund tries so far (the cancel's own try not counted); each has its own provider key. */
  refundRetries?: number;
}

/** The stored order: the public resource's facts plus internal lifecycle fields. */
export interface OrderRecord {
  id: string;
  partnerId: string;
  externalId: string | null;
  state: OrderState;
  /** Bumped on every transition; conditional writes guard on it. */
  version: number;
  createdAt: string;
  updatedAt: string;
  items: OrderLine[];
  fees: PartnerFees;
  subtotalCents: number;
  totalCents: number;
  payment: PaymentRecord;
  patient: Patient;
  guardian: Guardian | null;
  fastingRequired: boolean;
  preferredLocation: DrawSiteRef | null;
  metadata: Record<string, string>;
  placementDueAt: string;
  requisitionNumber: string | null;
  requisitionIssuedAt: string | null;
  /** The lab's own number for the order (its accession, ORC-3 of its acknowledgment), when it gave one. */
  labAccession?: string | null;
  resultsReportedAt: string | null;
  /** Which stored results are the order's (absent on orders reported before results had ids). */
  resultsId?: string;
  cancelledAt: string | null;
  /** Sandbox only: scenarios a partner asked to rehearse (see the sandbox endpoints). */
  simulation?: {
    placement?: 'unconfirmed' | 'held' | 'rejected' | 'slow';
    results?: 'critical' | 'withheld';
    refund?: 'fails';
  };
}

export function cancellableUntil(order: Pick<OrderRecord, 'createdAt'>, windowMinutes: number): Date {
  return new Date(Date.parse(order.createdAt) + windowMinutes * 60_000);
}

export type CancelReason =
  | 'already_cancelled'
  | 'requisition_issued'
  | 'may_exist_at_lab'
  | 'placing'
  | 'placed'
  | 'external_draft_exists'
  | 'not_cancellable';

/**
 * Whether an order can be cancelled now. Only a scheduled order, inside the window, has
 * provably never reached the lab; every other state names why not.
 */
export function cancelDecision(
  order: Pick<OrderRecord, 'state' | 'createdAt'>,
  now: Date,
  windowMinutes: number,
): { ok: true } | { ok: false; reason: CancelReason } {
  switch (order.state) {
    case 'cancelled':
      return { ok: false, reason: 'already_cancelled' };
    case 'requisition_issued':
    case 'results_reported':
      return { ok: false, reason: 'requisition_issued' };
    case 'unconfirmed':
      return { ok: false, reason: 'may_exist_at_lab' };
    case 'placing':
      return { ok: false, reason: 'placing' };
    case 'placed':
      return { ok: false, reason: 'placed' };
    case 'external_draft':
      return { ok: false, reason: 'external_draft_exists' };
    case 'scheduled':
      return now.getTime() < cancellableUntil(order, windowMinutes).getTime()
        ? { ok: true }
        : { ok: false, reason: 'not_cancellable' };
  }
}

/** The Order resource as partners see it. */
export function toPublicOrder(
  order: OrderRecord,
  windowMinutes: number,
  extra: { refund?: 'issued' | 'pending' } = {},
) {
  const status = PUBLIC_STATUS[order.state];
  return {
    id: order.id,
    externalId: order.externalId,
    status,
    createdAt: order.createdAt,
    cancellableUntil: cancellableUntil(order, windowMinutes).toISOString(),
    items: order.items,
    fees: { ...order.fees, totalCents: order.fees.labCollectionCents + order.fees.physicianOrderCents },
    subtotalCents: order.subtotalCents,
    totalCents: order.totalCents,
    payment: {
      status: order.payment.status,
      amountCents: order.payment.amountCents,
      currency: order.payment.currency,
      paymentIntentId: order.payment.paymentIntentId,
    },
    patient: order.patient,
    ...(order.guardian ? { guardian: order.guardian } : {}),
    fastingRequired: order.fastingRequired,
    preferredLocation: order.preferredLocation,
    requisition: {
      status: order.requisitionIssuedAt ? ('ready' as const) : ('pending' as const),
      number: order.requisitionNumber,
      issuedAt: order.requisitionIssuedAt,
    },
    results: {
      status: order.resultsReportedAt ? ('ready' as const) : ('pending' as const),
      reportedAt: order.resultsReportedAt,
    },
    metadata: order.metadata,
    ...(order.cancelledAt ? { cancelledAt: order.cancelledAt } : {}),
    ...(extra.refund ? { refund: extra.refund } : {}),
  };
}

export type PublicOrder = ReturnType<typeof toPublicOrder>;

/** Results can arrive from any state before results_ready (a lab may report before we saw the requisition). */
export const RESULTS_FROM: readonly OrderState[] = [
  'scheduled',
  'placing',
  'placed',
  'unconfirmed',
  'external_draft',
  'requisition_issued',
];
