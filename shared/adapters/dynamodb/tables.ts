// The DynamoDB tables: one definition read by the CDK stack and by the local runtime, so key
// schemas, indexes and TTL attributes cannot drift between AWS and the embedded store.
import { PARTNER_PREFIX } from './keys/orders-table.js';
import { LOCAL_TABLE_NAMES } from '../../config/table-names.js';

export interface TableDef {
  /** Logical name; the physical name comes from the environment variable `envVar`. */
  logicalName: string;
  envVar: string;
  localName: string;
  partitionKey: string;
  sortKey?: string;
  ttlAttribute?: string;
  globalIndexes?: Array<{ name: string; partitionKey: string; sortKey?: string }>;
  /** The partition keys of partner-owned items (an IAM pattern): what `readOwn` access is held to. */
  partnerKeys?: string;
  /** Holds no patient data: encrypted with the reference-data key, so public functions never touch the patient key. */
  nonPatient?: true;
}

export const TABLES = {
  catalog: {
    logicalName: 'Catalog',
    envVar: 'CATALOG_TABLE',
    localName: LOCAL_TABLE_NAMES.catalog,
    partitionKey: 'pk',
    sortKey: 'sk',
    nonPatient: true,
  },
  // Partners and their API keys (keys/partners-table.ts): no patient data, so the partner API's
  // authorizer, which reads only here, holds no access to orders.
  partners: {
    logicalName: 'Partners',
    envVar: 'PARTNERS_TABLE',
    localName: LOCAL_TABLE_NAMES.partners,
    partitionKey: 'pk',
    sortKey: 'sk',
    globalIndexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
    nonPatient: true,
  },
  // Orders, results and webhook deliveries: the patient data (keys/orders-table.ts).
  orders: {
    logicalName: 'Orders',
    envVar: 'ORDERS_TABLE',
    localName: LOCAL_TABLE_NAMES.orders,
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'expiresAt',
    partnerKeys: `${PARTNER_PREFIX}*`,
    globalIndexes: [
      { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
      { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    ],
  },
  idempotency: {
    logicalName: 'Idempotency',
    envVar: 'IDEMPOTENCY_TABLE',
    localName: LOCAL_TABLE_NAMES.idempotency,
    partitionKey: 'id',
    ttlAttribute: 'expiration',
    // Sparse: only records holding money not yet settled carry these keys (the settlement sweep).
    globalIndexes: [{ name: 'unsettled', partitionKey: 'unsettledPk', sortKey: 'unsettledSk' }],
  },
  rateLimits: {
    logicalName: 'RateLimits',
    envVar: 'RATE_LIMIT_TABLE',
    localName: LOCAL_TABLE_NAMES.rateLimits,
    partitionKey: 'pk',
    ttlAttribute: 'expiresAt',
    nonPatient: true,
  },
  // Append-only: records of who touched which order or partner, kept six years (TTL), readable
  // per partner (the partition) and per order (gsi1). No function may update or delete them.
  audit: {
    logicalName: 'Audit',
    envVar: 'AUDIT_TABLE',
    localName: LOCAL_TABLE_NAMES.audit,
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'expiresAt',
    globalIndexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'sk' }],
  },
} as const satisfies Record<string, TableDef>;

export type TableKey = keyof typeof TABLES;
