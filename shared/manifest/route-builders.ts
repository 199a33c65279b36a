import type { HttpMethod, Route, TableAccess } from './types.js';

// The route table's building blocks (http-routes.ts): each API's defaults, so a route names only
// what is its own.

export const PUBLIC_READ: TableAccess = { catalog: 'read', rateLimits: 'readWrite' };
export const PARTNER_READ: TableAccess = { catalog: 'read', orders: 'read' };
// Reads of one partner's own orders and results, nothing else in the orders table.
export const OWN_ORDERS_READ: TableAccess = { catalog: 'read', orders: 'readOwn' };
export const DASHBOARD_READ: TableAccess = { ...PARTNER_READ, partners: 'read' };
// A state change attempts its webhook at once, which reads the partner's URL and secret.
export const ORDERS_WRITE: TableAccess = { catalog: 'read', orders: 'readWrite', partners: 'read' };
export const OPERATOR: TableAccess = { orders: 'readWrite', partners: 'read' };
export const PARTNER_ADMIN: TableAccess = { partners: 'readWrite' };
export const WAITS_ON_OTHERS = 28;

export const partner = (method: HttpMethod, path: string, file: string, fn: string, tables: TableAccess): Route => ({
  method,
  path: `/api/v1${path}`,
  entry: `lambdas/partner/${file}.ts`,
  fn,
  auth: 'partner',
  api: 'partner',
  tables: { audit: 'append', ...tables },
});
export const page = (method: HttpMethod, path: string, file: string, fn: string, tables: TableAccess): Route => ({
  method,
  path,
  entry: `lambdas/pages/${file}.ts`,
  fn,
  auth: 'none',
  api: 'public',
  tables,
});
// The partner dashboard: pages behind a session cookie that names a partner's API key.
export const dashboard = (
  method: HttpMethod,
  path: string,
  file: string,
  fn: string,
  tables: TableAccess = DASHBOARD_READ,
  extra: Partial<Route> = {},
): Route => ({
  method,
  path,
  entry: `lambdas/dashboard/${file}.ts`,
  fn,
  auth: 'none',
  api: 'public',
  tables: { audit: 'append', ...tables },
  secrets: ['cursor'],
  ...extra,
});
export const operator = (
  method: HttpMethod,
  path: string,
  file: string,
  fn: string,
  tables: TableAccess = OPERATOR,
): Route => ({
  method,
  path: `/admin/v1${path}`,
  entry: `lambdas/admin/${file}.ts`,
  fn,
  auth: 'operator',
  api: 'operator',
  tables: { audit: 'append', ...tables },
});
