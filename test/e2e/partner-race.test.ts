import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, newPartner } from '../support/partner.js';
import { startReceiver } from '../support/receiver.js';
import { verifySignature } from '../../shared/domain/webhooks/signature.js';

// Two operator calls at once must never undo each other: a suspension racing a secret rotation
// stays a suspension, and the rotated secret stays the one that signs.
const ROUNDS = Math.max(15, Number(process.env.RELIABILITY_SCALE ?? 15));

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver?.close());

describe('partner changes racing each other', () => {
  it(`PATCH status suspended beside POST webhook-secret, ${ROUNDS} times: no suspension lost, no secret lost`, async () => {
    const p = await newPartner({ webhookUrl: receiver.url });
    for (let round = 0; round < ROUNDS; round++) {
      expect((await admin('PATCH', `/partners/${p.id}`, { status: 'active' })).status).toBe(200);
      const [suspended, rotated] = await Promise.all([
        admin('PATCH', `/partners/${p.id}`, { status: 'suspended' }),
        admin('POST', `/partners/${p.id}/webhook-secret`),
      ]);
      expect(suspended.status).toBe(200);
      expect(rotated.status).toBe(201);
      expect((await admin('GET', `/partners/${p.id}`)).body.status, `round ${round}`).toBe('suspended');
      // The partner is refused while suspended; once active again, its newest secret signs.
      expect((await api(p, 'POST', '/webhooks/test')).status).toBe(403);
      await admin('PATCH', `/partners/${p.id}`, { status: 'active' });
      expect((await api(p, 'POST', '/webhooks/test')).status).toBe(200);
      const r = receiver.received.at(-1);
      const header = String(r?.headers['x-service-signature']);
      const t = Number(/t=(\d+)/.exec(header)?.[1]);
      const check = { rawBody: r?.rawBody ?? '', header, secret: rotated.body.secret, nowSeconds: t };
      expect(verifySignature(check).ok, `round ${round}: the rotated secret signs`).toBe(true);
    }
  }, 180_000);

  it('two rotations at once keep both secrets: each one signs', async () => {
    const p = await newPartner({ webhookUrl: receiver.url });
    for (let round = 0; round < 5; round++) {
      const both = await Promise.all([
        admin('POST', `/partners/${p.id}/webhook-secret`),
        admin('POST', `/partners/${p.id}/webhook-secret`),
        admin('PATCH', `/partners/${p.id}`, { fees: { labCollectionCents: 1000 + round, physicianOrderCents: 500 } }),
      ]);
      await api(p, 'POST', '/webhooks/test');
      const r = receiver.received.at(-1);
      const header = String(r?.headers['x-service-signature']);
      const t = Number(/t=(\d+)/.exec(header)?.[1]);
      for (const rotated of both.slice(0, 2))
        expect(
          verifySignature({ rawBody: r?.rawBody ?? '', header, secret: rotated.body.secret, nowSeconds: t }).ok,
        ).toBe(true);
      expect((await admin('GET', `/partners/${p.id}`)).body.fees.labCollectionCents).toBe(1000 + round);
    }
  });
});
