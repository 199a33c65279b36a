import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signPayload, verifySignature } from '../../shared/domain/webhooks/signature.js';
import { nextAttemptAt, MAX_ATTEMPTS, ATTEMPT_CLAIM_MS } from '../../shared/domain/webhooks/schedule.js';
import {
  attemptDelivery,
  prepareAttempt,
  runDueDeliveries,
  type DispatchDeps,
} from '../../shared/app/deliver-webhook.js';
import { deliverNow } from '../../shared/app/deliver-now.js';
import { newDelivery } from '../../shared/domain/webhooks/delivery.js';
import { activeSecrets } from '../../shared/domain/webhooks/signed-request.js';
import { MemoryDeliveries, webhookPartner } from '../support/fakes.js';
import { checkWebhookUrl, isForbiddenAddress } from '../../shared/domain/webhooks/ssrf.js';
import { afterAttempt, type DeliveryRecord } from '../../shared/domain/webhooks/delivery.js';

describe('signature', () => {
  it('matches an independently computed HMAC-SHA256 of "t.body"', () => {
    const expected = createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex');
    expect(signPayload('{"a":1}', 'whsec_x', 1700000000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies any body and secret within tolerance; a changed byte fails (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ minLength: 1 }),
        fc.integer({ min: -300, max: 300 }),
        (body, secret, skew) => {
          const header = signPayload(body, secret, 1_700_000_000);
          expect(verifySignature({ rawBody: body, header, secret, nowSeconds: 1_700_000_000 + skew }).ok).toBe(true);
          expect(verifySignature({ rawBody: `${body}x`, header, secret, nowSeconds: 1_700_000_000 }).ok).toBe(false);
        },
      ),
    );
  });

  it.each([
    [undefined, 'missing_header'],
    ['', 'missing_header'],
    ['t=abc,v1=00', 'malformed_header'],
    ['v1=' + 'a'.repeat(64), 'malformed_header'],
    ['t=1700000000', 'malformed_header'],
  ])('rejects %j: %s', (header, reason) => {
    expect(verifySignature({ rawBody: 'x', header, secret: 's', nowSeconds: 1_700_000_000 })).toEqual({
      ok: false,
      reason,
    });
  });

  it('rejects stale and future timestamps beyond 300 s', () => {
    const header = signPayload('x', 's', 1_700_000_000);
    expect(verifySignature({ rawBody: 'x', header, secret: 's', nowSeconds: 1_700_000_301 })).toEqual({
      ok: false,
      reason: 'timestamp_out_of_tolerance',
    });
    expect(verifySignature({ rawBody: 'x', header, secret: 's', nowSeconds: 1_699_999_699 })).toEqual({
      ok: false,
      reason: 'timestamp_out_of_tolerance',
    });
  });
});

describe('retry schedule', () => {
  it('gaps of 1, 5, 30, 120, 360, 720, 1440 minutes after attempts 1..7, then failed: 2676 minutes in all', () => {
    let t = new Date(0);
    const gaps: number[] = [];
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++) {
      const next = nextAttemptAt(attempts, t) as Date;
      gaps.push((next.getTime() - t.getTime()) / 60_000);
      t = next;
    }
    expect(gaps).toEqual([1, 5, 30, 120, 360, 720, 1440]);
    expect(gaps.reduce((a, b) => a + b, 0)).toBe(2676);
    expect(nextAttemptAt(8, t)).toBeNull();
  });

  it('a 2xx succeeds, 3xx/4xx/5xx/no answer fail, the 8th failure is final', () => {
    let r: DeliveryRecord = {
      id: 'd',
      event: {} as DeliveryRecord['event'],
      status: 'pending',
      attempts: [],
      nextAttemptAt: null,
      version: 0,
    };
    for (const status of [302, 404, 500, null, 500, 500, 500])
      r = afterAttempt(r, {
        at: new Date(0).toISOString(),
        durationMs: 1,
        httpStatus: status,
        error: null,
        kind: 'scheduled',
      });
    expect(r.status).toBe('pending');
    r = afterAttempt(r, {
      at: new Date(0).toISOString(),
      durationMs: 1,
      httpStatus: 503,
      error: null,
      kind: 'scheduled',
    });
    expect(r).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(
      afterAttempt({ ...r, status: 'pending' }, { at: '', durationMs: 1, httpStatus: 204, error: null, kind: 'replay' })
        .status,
    ).toBe('succeeded');
  });
});

describe('SSRF', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:10.0.0.1',
    '224.0.0.1',
    // IPv4 inside IPv6, in every spelling: mapped (hex, as URL parsing writes it), translated, compatible, 6to4.
    '::ffff:a9fe:a9fe',
    '[::ffff:a9fe:a9fe]',
    '::ffff:7f00:1',
    '::ffff:0:169.254.169.254',
    '::169.254.169.254',
    '::a00:1',
    '2002:a9fe:a9fe::1',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '::',
    'fec0::1',
    '64:ff9b::a9fe:a9fe',
    '2001:db8::1',
    'ff02::1',
    'not-an-ip',
  ])('%s is forbidden', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });
  it.each(['8.8.8.8', '52.1.2.3', '2606:4700::1111', '::ffff:808:808', '2002:808:808::1', '2a00:1450:4001:82b::200e'])(
    '%s is public',
    (ip) => expect(isForbiddenAddress(ip)).toBe(false),
  );
  it('production requires https; loopback only when allowed', () => {
    expect(checkWebhookUrl('http://example.com/h', { requireHttps: true, allowLoopback: false }).ok).toBe(false);
    expect(checkWebhookUrl('https://example.com/h', { requireHttps: true, allowLoopback: false }).ok).toBe(true);
    expect(checkWebhookUrl('http://127.0.0.1:9/h', { requireHttps: false, allowLoopback: false }).ok).toBe(false);
    expect(checkWebhookUrl('http://127.0.0.1:9/h', { requireHttps: false, allowLoopback: true }).ok).toBe(true);
    expect(checkWebhookUrl('http://169.254.169.254/', { requireHttps: false, allowLoopback: true }).ok).toBe(false);
    expect(checkWebhookUrl('http://[::ffff:169.254.169.254]/', { requireHttps: false, allowLoopback: false }).ok).toBe(
      false,
    );
    expect(checkWebhookUrl('http://[::ffff:10.0.0.1]:8080/', { requireHttps: false, allowLoopback: true }).ok).toBe(
      false,
    );
  });
});

describe('dispatch: one send per due attempt', () => {
  const event = {
    deliveryId: 'order_1__order.cancelled__partner_cancel',
    type: 'order.cancelled' as const,
    orderId: 'order_1',
    partnerId: 'ptr_1',
    externalId: null,
    trigger: 'partner_cancel',
    createdAt: '2026-11-24T10:00:00.000Z',
  };
  const partner = webhookPartner('whsec_a');

  function setup(status: number | null) {
    const deliveries = new MemoryDeliveries();
    deliveries.records.set(event.deliveryId, {
      id: event.deliveryId,
      event,
      status: 'pending',
      attempts: [],
      nextAttemptAt: event.createdAt,
      version: 1,
    });
    const sent: string[] = [];
    let now = new Date('2026-11-24T10:00:00.000Z');
    const deps: DispatchDeps = {
      deliveries,
      partners: { get: async () => partner } as unknown as DispatchDeps['partners'],
      sender: {
        send: async (_url, body) => (
          sent.push(body),
          { httpStatus: status, error: status ? null : 'connection failed (ECONNREFUSED)', durationMs: 1 }
        ),
      },
      now: () => now,
      wallClock: () => now,
      alert: () => undefined,
      signingSecrets: async (p, at) => activeSecrets(p, at),
    };
    return { deliveries, sent, deps, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
  }

  it('two workers that find the same attempt due send it once, and one attempt is recorded', async () => {
    const { deliveries, sent, deps } = setup(500);
    const [a, b] = await Promise.all([runDueDeliveries(deps), runDueDeliveries(deps)]);
    expect(sent).toHaveLength(1);
    expect(a + b).toBe(1);
    const record = await deliveries.get(event.deliveryId);
    expect(record?.attempts).toHaveLength(1);
    expect(record?.nextAttemptAt).toBe('2026-11-24T10:01:00.000Z');
  });

  it('the record a state change writes is held for its inline attempt: sent with no claim write, no read back, and no sweep finds it due meanwhile', async () => {
    const { deliveries, sent, deps } = setup(200);
    let reads = 0;
    const saves: number[] = [];
    const save = deliveries.save.bind(deliveries);
    const counted: DispatchDeps = {
      ...deps,
      deliveries: Object.assign(deliveries, {
        get: async () => (reads++, null),
        save: async (...args: Parameters<typeof save>) => (saves.push(args[1]), save(...args)),
      }),
    };
    deliveries.records.set(event.deliveryId, newDelivery(event)); // as the transition wrote it
    expect(newDelivery(event).nextAttemptAt).toBe('2026-11-24T10:01:00.000Z'); // held ATTEMPT_CLAIM_MS
    expect(await runDueDeliveries(counted)).toBe(0);
    await deliverNow(counted)([event]);
    expect(reads).toBe(0);
    expect(saves).toEqual([0]); // the attempt's result only, guarded on the version written
    expect(sent).toHaveLength(1);
    expect(deliveries.records.get(event.deliveryId)).toMatchObject({ status: 'succeeded', version: 1 });
  });

  it('a writer that dies before its inline attempt leaves it to the sweep once the hold runs out; an inline attempt that starts after that sends nothing', async () => {
    const { deliveries, sent, deps, advance } = setup(200);
    deliveries.records.set(event.deliveryId, newDelivery(event));
    advance(ATTEMPT_CLAIM_MS - 1);
    expect(await runDueDeliveries(deps)).toBe(0);
    advance(1);
    await deliverNow(deps)([event]); // too late: the sweep's now
    expect(sent).toHaveLength(0);
    expect(await runDueDeliveries(deps)).toBe(1);
    expect(sent).toHaveLength(1);
    expect(deliveries.records.get(event.deliveryId)).toMatchObject({ status: 'succeeded', version: 2 });
  });

  it('sends with the partner and secrets made ready before the state change, reading neither again', async () => {
    const { deliveries, sent, deps } = setup(200);
    deliveries.records.set(event.deliveryId, newDelivery(event));
    let partnerReads = 0;
    let opened = 0;
    const watched: DispatchDeps = {
      ...deps,
      partners: { get: async () => (partnerReads++, partner) } as unknown as DispatchDeps['partners'],
      signingSecrets: async (p, at) => (opened++, activeSecrets(p, at)),
    };
    const ready = prepareAttempt(watched, event.partnerId);
    expect(partnerReads).toBe(1); // started at once, before any write
    await deliverNow(watched)([event], ready);
    expect([partnerReads, opened]).toEqual([1, 1]);
    expect(sent).toHaveLength(1);
    // Made ready for another partner (it cannot be, but a mix-up must not sign with its secrets): read afresh.
    deliveries.records.set(event.deliveryId, newDelivery(event));
    await deliverNow(watched)([event], prepareAttempt(watched, 'ptr_other'));
    expect(partnerReads).toBe(3);
  });

  it('claims the attempt and reads the partner side by side; a partner without a URL gets its claimed record marked no_endpoint', async () => {
    const { deliveries, sent, deps } = setup(200);
    const started: string[] = [];
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    const save = deliveries.save.bind(deliveries);
    const watched: DispatchDeps = {
      ...deps,
      // Each answers only once both have started: sequential calls would wait here for ever.
      partners: { get: async () => (started.push('partner'), await gate, { ...partner, webhookUrl: null }) } as never,
      deliveries: Object.assign(deliveries, {
        save: async (...args: Parameters<typeof save>) => {
          started.push('save');
          if (started.length === 2) release();
          await gate;
          return save(...args);
        },
      }),
    };
    const record = (await deliveries.get(event.deliveryId))!;
    const done = await attemptDelivery(watched, record, 'scheduled');
    expect(started.slice(0, 2).sort()).toEqual(['partner', 'save']);
    expect(sent).toHaveLength(0);
    expect(done).toMatchObject({ status: 'no_endpoint', nextAttemptAt: null, version: record.version + 2 });
    expect(deliveries.records.get(event.deliveryId)).toMatchObject({
      status: 'no_endpoint',
      version: record.version + 2,
    });
  });

  it('a worker that dies holding a claim leaves the attempt due again when the claim runs out', async () => {
    const { deliveries, sent, deps, advance } = setup(200);
    const claimedThenDied = { ...deps, sender: { send: () => new Promise<never>(() => undefined) } };
    void attemptDelivery(claimedThenDied, (await deliveries.get(event.deliveryId))!, 'scheduled');
    await new Promise((r) => setTimeout(r, 20));
    expect(await runDueDeliveries(deps)).toBe(0);
    advance(ATTEMPT_CLAIM_MS - 1);
    expect(await runDueDeliveries(deps)).toBe(0);
    advance(1);
    expect(await runDueDeliveries(deps)).toBe(1);
    expect(sent).toHaveLength(1);
    expect((await deliveries.get(event.deliveryId))?.status).toBe('succeeded');
  });
});
