import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { api, placeOrder, type TestPartner } from './partner.js';
import { withPlacerField1 } from '../../infra/local/lab-simulator/placer-field.js';

/** Order calls the sandbox lifecycle tests make as the partner their file created (read when called). */
export function sandboxOrderHelpers(partner: () => TestPartner) {
  return {
    newOrder: async (items = ['cbc', 'lipid-panel', 'heart-health-panel']) => (await placeOrder(partner(), items)).body,
    advance: (id: string) => api(partner(), 'POST', `/sandbox/orders/${id}/advance`),
    simulate: (id: string, scenario: string) =>
      api(partner(), 'POST', `/sandbox/orders/${id}/simulate`, { body: { scenario } }),
    cancelReason: async (id: string) => (await api(partner(), 'DELETE', `/orders/${id}`)).body.error?.details?.reason,
  };
}

/**
 * An operator's POST /admin/v1/lab/oru of a published final CBC results message (fixture 05),
 * about `orderId`: the request as fetch takes it.
 */
export { withPlacerField1 };

export function operatorResultsMessage(orderId: string, placerField1?: string): RequestInit {
  const oru = readFileSync(
    new URL('../fixtures/hl7/05-nist-lri-cbc-flags-n-l-hh-a-v251.hl7', import.meta.url),
    'latin1',
  ).replaceAll('ORD666555', orderId);
  return {
    method: 'POST',
    headers: { Authorization: `Bearer ${inject('adminToken')}`, 'Content-Type': 'application/hl7-v2' },
    body: placerField1 === undefined ? oru : withPlacerField1(oru, placerField1),
  };
}
