import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import {
  admin,
  adultPatient,
  api,
  newPartner,
  orderBody,
  simulatorIntents,
  type TestPartner,
} from '../support/partner.js';
import { catalogPicks } from '../support/catalog-picks.js';
import type { JsonResponse } from '../support/http.js';
import type { Answer, OrderBody, OrdersDriver } from './orders.js';

/** The scenarios over HTTP against the local runtime: the partner API, the operator API, the Stripe simulator. */
export function httpDriver(): OrdersDriver {
  let partner: TestPartner;
  let bodies: Record<OrderBody, ReturnType<typeof orderBody>>;
  return {
    async newPartner(paymentMethod) {
      partner = await newPartner({ paymentMethod });
      const items = [(await catalogPicks()).a.id];
      // One body per variant for the partner's life: the same key with the same body is a replay.
      const standard = orderBody(items, { externalId: `ext-${randomUUID()}` });
      bodies = {
        standard,
        another_patient: { ...standard, patient: { ...adultPatient, firstName: 'Grace' } },
        restricted_state: {
          ...standard,
          // Lower case on the wire: the state is read case-blind, and named back in capitals.
          patient: { ...adultPatient, address: { ...adultPatient.address, state: 'ny', zip: '10001' } },
        },
      };
    },
    async setPaymentMethod(paymentMethod) {
      await admin('PATCH', `/partners/${partner.id}`, { paymentMethod });
    },
    async raiseFees(cents) {
      const fees = (await admin('GET', `/partners/${partner.id}`)).body.fees;
      await admin('PATCH', `/partners/${partner.id}`, {
        fees: { ...fees, labCollectionCents: fees.labCollectionCents + cents },
      });
    },
    create: async (key, body = 'standard') =>
      answer(await api(partner, 'POST', '/orders', { body: bodies[body], idempotencyKey: key })),
    get: async (orderId) => answer(await api(partner, 'GET', `/orders/${orderId}`)),
    cancel: async (orderId) => answer(await api(partner, 'DELETE', `/orders/${orderId}`)),
    async advanceSeconds(seconds) {
      await admin('POST', '/clock/advance', { seconds });
    },
    async failNextOrderWrite() {
      await admin('POST', '/faults', { orderWrites: 1 });
    },
    async charges() {
      const mine = (await simulatorIntents()).filter((i) => i.metadata?.partnerId === partner.id);
      const refunds = (await (await fetch(`${inject('stripeUrl')}/_sim/refunds`)).json()) as Array<{
        payment_intent: string;
      }>;
      return {
        succeeded: mine.filter((i) => i.status === 'succeeded').map((i) => i.amount),
        refunds: refunds.filter((r) => mine.some((i) => i.id === r.payment_intent)).length,
      };
    },
    async orderCount() {
      return (await api(partner, 'GET', '/orders?limit=100')).body.data.length;
    },
    key: () => randomUUID(),
  };
}

function answer(res: JsonResponse): Answer {
  const retryAfter = res.headers.get('retry-after');
  return {
    status: res.status,
    code: res.status < 400 ? null : (res.body?.error?.code ?? null),
    body: res.body,
    retryAfter: retryAfter === null ? null : Number(retryAfter),
  };
}
