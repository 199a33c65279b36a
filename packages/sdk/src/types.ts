// Names for the shapes of the partner API: the named schemas of its OpenAPI document, through the
// types generated from it, so the SDK and the document cannot disagree.
import type { components, operations, paths, webhooks } from './generated/partner-api.js';

type Schemas = components['schemas'];
type Query<Op extends keyof operations> = operations[Op] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

export type Catalog = Schemas['PartnerCatalog'];
export type CatalogTest = Schemas['PartnerCatalogTest'];
export type CatalogPanel = Schemas['CatalogPanel'];
export type LocationsQuery = Query<'listLocations'>;
export type Locations = Schemas['LocationList'];
export type Location = Schemas['Location'];
export type CreateOrderInput = Schemas['CreateOrderRequest'];
export type PatientInput = Schemas['PatientInput'];
export type Order = Schemas['Order'];
export type OrderStatus = Schemas['OrderStatus'];
export type ListOrdersQuery = Query<'listOrders'>;
export type OrderList = Schemas['OrderList'];
export type RequisitionDocument = Schemas['SignedDocument'];
export type ResultsDocument = Schemas['ResultsDocument'];
export type Analyte = Schemas['Analyte'];
export type ResultFlag = Schemas['ResultFlag'];
export type DeliveriesQuery = Query<'listDeliveries'>;
export type Deliveries = Schemas['DeliveryList'];
export type Delivery = Schemas['Delivery'];
export type WebhookTestResult = Schemas['WebhookTestResult'];
export type SandboxScenario = Schemas['SimulateRequest']['scenario'];

/** Every event the service can send to your webhook endpoint (`webhook.test` only when you ask for one). */
export type WebhookEvent = Schemas['WebhookEvent'] | Schemas['WebhookTestEvent'];

export type { components, operations, paths, webhooks };
