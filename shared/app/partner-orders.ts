// The partner's reads and sandbox actions on its own orders, shared by the partner API and the
// partner dashboard so both surfaces answer from the same rules.
import {
  PUBLIC_STATUS,
  toPublicOrder,
  type OrderRecord,
  type PublicOrder,
  type PublicOrderStatus,
} from '../domain/order.js';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';
import { requisitionKey } from '../domain/documents.js';
import type { SandboxScenario } from '../domain/sandbox.js';
import { advance, simulate, type SandboxDeps } from './sandbox.js';
import { SERVICE_CONFIG } from '../config/service-config.js';
import type { OrderStore } from '../ports/order-store.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { ResultsStore } from '../ports/results-store.js';

export interface ListOrdersInput {
  status?: PublicOrderStatus | undefined;
  externalId?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export type ListOrdersOutcome =
  { ok: true; data: PublicOrder[]; nextCursor: string | null } | { ok: false; reason: 'bad_cursor' };

/**
 * One page of the partner's orders, newest first. The status filter applies to the fetched page,
 * so a page may be empty with a non-null nextCursor; only nextCursor null ends the list.
 */
export async function listOrders(
  deps: { orders: OrderStore; cursorSecret: string },
  partnerId: string,
  q: ListOrdersInput,
): Promise<ListOrdersOutcome> {
  const scope = { partnerId, externalId: q.externalId ?? null };
  const startKey = q.cursor ? decodeCursor(deps.cursorSecret, scope, q.cursor) : null;
  if (q.cursor && startKey === null) return { ok: false, reason: 'bad_cursor' };
  const page = await deps.orders.list(partnerId, {
    limit: q.limit ?? 50,
    startKey,
    ...(q.externalId ? { externalId: q.externalId } : {}),
  });
  const data = page.orders
    .filter((o) => !q.status || PUBLIC_STATUS[o.state] === q.status)
    .map((o) => toPublicOrder(o, SERVICE_CONFIG.cancelWindowMinutes));
  return { ok: true, data, nextCursor: page.nextKey ? encodeCursor(deps.cursorSecret, scope, page.nextKey) : null };
}

export interface SignedLink {
  url: string;
  expiresAt: string;
}

/** A fresh signed link to the order's requisition, or null before it is issued. */
export async function requisitionLink(
  deps: { documents: DocumentStore; now: Date },
  order: OrderRecord,
): Promise<SignedLink | null> {
  if (!order.requisitionIssuedAt) return null;
  return deps.documents.signedUrl(
    requisitionKey(order),
    deps.now,
    SERVICE_CONFIG.signedUrlTtlSeconds,
    `requisition-${order.id}.pdf`,
  );
}

/** The Results document with fresh signed PDF links, or null before results are reported. */
export async function resultsDocument(
  deps: { documents: DocumentStore; results: ResultsStore; now: Date },
  partnerId: string,
  order: OrderRecord,
) {
  const results =
    order.state === 'results_reported' ? await deps.results.get(partnerId, order.id, order.resultsId) : null;
  if (!results) return null;
  const pdfs = await Promise.all(
    results.pdfs.map(async (p) => ({
      id: p.id,
      label: p.label,
      ...(await deps.documents.signedUrl(
        p.key,
        deps.now,
        SERVICE_CONFIG.signedUrlTtlSeconds,
        `${order.id}-${p.id}.pdf`,
      )),
    })),
  );
  return {
    status: PUBLIC_STATUS[order.state],
    reportedAt: results.reportedAt,
    source: results.source,
    pdfs,
    analytes: results.analytes,
  };
}

export type SandboxAction = { kind: 'advance' } | { kind: 'simulate'; scenario: SandboxScenario };
export type SandboxActionOutcome =
  | { ok: true; order: PublicOrder }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'refused'; message: string };

/** Sandbox only: moves one of the partner's orders on (advance) or rehearses a branch (simulate). */
export async function runSandboxAction(
  deps: SandboxDeps & { sandbox: boolean },
  partnerId: string,
  orderId: string,
  action: SandboxAction,
): Promise<SandboxActionOutcome> {
  if (!deps.sandbox) return { ok: false, reason: 'not_found' };
  const order = await deps.orders.get(partnerId, orderId);
  if (!order) return { ok: false, reason: 'not_found' };
  const result = action.kind === 'advance' ? await advance(deps, order) : await simulate(deps, order, action.scenario);
  if (!result.ok) return { ok: false, reason: 'refused', message: result.message };
  return { ok: true, order: toPublicOrder(result.order, SERVICE_CONFIG.cancelWindowMinutes) };
}
