import { api, placeOrder, type TestPartner } from './partner.js';

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
