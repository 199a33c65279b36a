// The default table names of the local runtime: configuration reads them as its defaults, and the
// table definitions (shared/adapters/dynamodb/tables.ts) name their local tables with them.
export const LOCAL_TABLE_NAMES = {
  catalog: 'catalog',
  partners: 'partners',
  orders: 'orders',
  idempotency: 'idempotency',
  rateLimits: 'rate-limits',
  audit: 'audit',
} as const;
