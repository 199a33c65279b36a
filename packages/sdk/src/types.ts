// Names for the shapes of the partner API, taken from the types generated from its OpenAPI document,
// so the SDK and the document cannot disagree.
import type { paths, webhooks } from './generated/partner-api.js';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Success<Op> = Op extends { responses: infer R }
  ? R extends { 200: infer X }
    ? JsonOf<X>
    : R extends { 201: infer X }
      ? JsonOf<X>
      : never
  : never;
type Body<Op> = Op extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;
type Query<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type Catalog = Success<paths['/api/v1/catalog']['get']>;
// Numbers in the query are sent as text; these accept either.
type Numeric<Q, K extends string> = Omit<Q, K> & { [P in K]?: number | string };
export type LocationsQuery = Numeric<Query<paths['/api/v1/locations']['get']>, 'lat' | 'lng' | 'radiusMiles' | 'limit'>;
export type Locations = Success<paths['/api/v1/locations']['get']>;
export type Location = Locations['data'][number];
export type CreateOrderInput = Body<paths['/api/v1/orders']['post']>;
export type Order = Success<paths['/api/v1/orders/{id}']['get']>;
export type OrderStatus = Order['status'];
export type ListOrdersQuery = Numeric<Query<paths['/api/v1/orders']['get']>, 'limit'>;
export type OrderList = Success<paths['/api/v1/orders']['get']>;
export type RequisitionDocument = Success<paths['/api/v1/orders/{id}/requisition']['get']>;
export type ResultsDocument = Success<paths['/api/v1/orders/{id}/results']['get']>;
export type Analyte = ResultsDocument['analytes'][number];
export type DeliveriesQuery = Numeric<Query<paths['/api/v1/webhooks/deliveries']['get']>, 'limit'>;
export type Deliveries = Success<paths['/api/v1/webhooks/deliveries']['get']>;
export type Delivery = Success<paths['/api/v1/webhooks/deliveries/{id}/replay']['post']>;
export type WebhookTestResult = Success<paths['/api/v1/webhooks/test']['post']>;
export type SandboxScenario =
  | 'placement_unconfirmed'
  | 'external_draft'
  | 'placement_in_progress'
  | 'placed_awaiting_requisition'
  | 'critical_results'
  | 'withheld_analyte'
  | 'refund_pending';

/** Every event the service can send to your webhook endpoint (`webhook.test` only when you ask for one). */
export type WebhookEvent =
  | { [T in keyof webhooks]: Body<webhooks[T]['post']> }[keyof webhooks]
  | {
      id: string;
      type: 'webhook.test';
      createdAt: string;
      data: { orderId: string | null; externalId: string | null; status: string | null };
    };

export type { paths, webhooks };
