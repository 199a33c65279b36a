import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { baseUrl, getJson, type JsonResponse } from './http.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function admin<T = any>(method: string, path: string, body?: unknown): Promise<JsonResponse<T>> {
  return getJson<T>(`/admin/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${inject('adminToken')}`, 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

export interface TestPartner {
  id: string;
  key: string;
  keyId: string;
}

/** A fresh partner with a sandbox key: every test gets its own tenant. */
export async function newPartner(
  opts: {
    paymentMethod?: string | null;
    fees?: { labCollectionCents: number; physicianOrderCents: number };
    webhookUrl?: string | null;
  } = {},
): Promise<TestPartner> {
  const p = await admin('POST', '/partners', {
    name: `Partner ${randomUUID().slice(0, 8)}`,
    paymentMethod: 'pm_card_visa',
    ...opts,
  });
  if (p.status !== 201) throw new Error(`partner: ${p.status} ${JSON.stringify(p.body)}`);
  const k = await admin('POST', `/partners/${p.body.id}/keys`, { environment: 'test' });
  if (k.status !== 201) throw new Error(`key: ${k.status} ${JSON.stringify(k.body)}`);
  return { id: p.body.id, key: k.body.key, keyId: k.body.id };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function api<T = any>(
  partner: { key: string } | string,
  method: string,
  path: string,
  opts: { body?: unknown; idempotencyKey?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const key = typeof partner === 'string' ? partner : partner.key;
  return getJson<T>(`/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(opts.idempotencyKey !== undefined ? { 'Idempotency-Key': opts.idempotencyKey } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) } : {}),
  });
}

export const adultPatient = {
  firstName: 'Marisol',
  lastName: 'Quintero-Blackwood',
  dateOfBirth: '1984-03-17',
  sex: 'female' as const,
  email: 'marisol.qb@example.org',
  phone: '(415) 555-0134',
  address: { line1: '742 Evergreen Terrace', city: 'Austin', state: 'TX', zip: '78701' },
};

export function orderBody(itemIds: string[], over: Record<string, unknown> = {}) {
  return {
    externalId: `ext-${randomUUID()}`,
    patient: adultPatient,
    items: itemIds.map((id) => ({ id })),
    metadata: { cohort: 'e2e' },
    ...over,
  };
}

export async function placeOrder(partner: TestPartner, itemIds: string[], over: Record<string, unknown> = {}) {
  return api(partner, 'POST', '/orders', { body: orderBody(itemIds, over), idempotencyKey: randomUUID() });
}

export async function simulatorIntents(): Promise<
  Array<{ id: string; status: string; amount: number; metadata: Record<string, string> }>
> {
  const res = await fetch(`${inject('stripeUrl')}/_sim/intents`);
  return (await res.json()) as Array<{ id: string; status: string; amount: number; metadata: Record<string, string> }>;
}

export { baseUrl };
