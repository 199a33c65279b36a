import { randomUUID } from 'node:crypto';
import { cancelOrder } from '../../shared/app/cancel-order.js';
import { ApiError } from '../../shared/http/errors.js';
import { createOrderAnswer } from '../../shared/http/order-errors.js';
import { cancelAnswer } from '../../shared/http/outcomes.js';
import { json, type HttpResult } from '../../shared/http/respond.js';
import { toPublicOrder } from '../../shared/domain/order.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import type { ChargeRequest } from '../../shared/ports/payments.js';
import { orderWorld, type OrderWorld } from '../support/order-world.js';
import type { Answer, OrderBody, OrdersDriver } from './orders.js';

const WINDOW = SERVICE_CONFIG.cancelWindowMinutes;

/** The scenarios in process: the use cases on the in-memory fakes, answered by the same HTTP edge mapping. */
export function inProcessDriver(): OrdersDriver {
  let w: OrderWorld = orderWorld();
  return {
    async newPartner(paymentMethod) {
      w = orderWorld();
      w.restrictedStates.push(...SERVICE_CONFIG.restrictedStates);
      w.partner.paymentMethod = paymentMethod;
      simulateCardBehaviours(w);
    },
    async setPaymentMethod(paymentMethod) {
      w.partner.paymentMethod = paymentMethod;
    },
    async raiseFees(cents) {
      w.partner.fees.labCollectionCents += cents;
    },
    create: (key, body = 'standard') =>
      answer(async () => createOrderAnswer(await w.create({ idempotencyKey: key, ...BODIES[body] }))),
    get: (orderId) =>
      answer(async () => {
        const order = await w.orders.get(w.partner.id, orderId);
        if (!order) throw new ApiError('not_found');
        return json(200, toPublicOrder(order, WINDOW));
      }),
    cancel: (orderId) =>
      answer(async () => {
        const deps = {
          ...w.deps(),
          windowMinutes: WINDOW,
          deliverNow: async () => undefined,
        };
        return cancelAnswer(await cancelOrder(deps, w.partner.id, orderId), WINDOW);
      }),
    async advanceSeconds(seconds) {
      w.now += seconds * 1000;
    },
    async failNextOrderWrite() {
      w.orders.failCreates = 1;
    },
    async charges() {
      const succeeded = [...w.payments.byKey.values()].flatMap((o) => (o.kind === 'succeeded' ? [o.amountCents] : []));
      return { succeeded, refunds: w.payments.refunds.length };
    },
    async orderCount() {
      return w.orders.orders.size;
    },
    key: () => randomUUID(),
  };
}

/** The decoded bodies: the world's default patient lives in Texas; New York is a restricted state. */
const patient = orderWorld().command().patient;
const BODIES: Record<OrderBody, Parameters<OrderWorld['create']>[0]> = {
  standard: { requestHash: 'standard' },
  another_patient: { requestHash: 'another_patient', patient: { ...patient, firstName: 'Grace' } },
  restricted_state: {
    requestHash: 'restricted_state',
    patient: { ...patient, address: { line1: '1 Broadway', line2: null, city: 'New York', state: 'NY', zip: '10001' } },
  },
};

/** The test card numbers the Stripe simulator knows, as the in-process payments answer them. */
function simulateCardBehaviours(w: OrderWorld): void {
  const charge = w.payments.charge.bind(w.payments);
  w.payments.charge = async (req: ChargeRequest) => {
    if (req.paymentMethod === 'pm_card_chargeDeclined' && !w.payments.byKey.has(req.idempotencyKey))
      w.payments.next.unshift(() => ({ kind: 'declined', intentId: 'pi_declined', declineCode: 'generic_decline' }));
    return charge(req);
  };
}

/** The answer the partner would get: the edge's result, or its error in the partner error shape. */
async function answer(run: () => Promise<HttpResult>): Promise<Answer> {
  try {
    const res = await run();
    return { status: res.statusCode, code: null, body: JSON.parse(res.body), retryAfter: null };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const { details, headers } = err.extra;
    return {
      status: err.status,
      code: err.code,
      body: { error: { code: err.code, message: err.message, ...(details ? { details } : {}) } },
      retryAfter: headers?.['Retry-After'] ? Number(headers['Retry-After']) : null,
    };
  }
}
