import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpWebhookSender, type Resolve } from '../../shared/adapters/http-webhook-sender.js';
import { startReceiver } from '../support/receiver.js';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let port: string;
beforeAll(async () => {
  receiver = await startReceiver();
  port = new URL(receiver.url).port;
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.mode.value = 'ok';
});

/** A DNS that answers from a script, one answer per question, and counts the questions. */
function scriptedDns(...answers: string[][]): Resolve & { asked: number } {
  const resolve = Object.assign(
    async (): Promise<LookupAddress[]> => {
      const answer = answers[Math.min(resolve.asked, answers.length - 1)] ?? [];
      resolve.asked += 1;
      return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    { asked: 0 },
  );
  return resolve;
}

const send = (resolve: Resolve, allowLoopback: boolean) =>
  httpWebhookSender({ requireHttps: false, allowLoopback }, resolve).send(
    `http://hooks.partner.example:${port}/hooks`,
    '{"id":"evt_1"}',
    { 'content-type': 'application/json' },
  );

describe('the webhook sender connects only where it checked', () => {
  it('asks the DNS once per attempt and connects to the address it checked (no second answer for a rebinding DNS to change)', async () => {
    const dns = scriptedDns(['127.0.0.1']);
    const result = await send(dns, true);
    expect(result).toMatchObject({ httpStatus: 200, error: null });
    expect(dns.asked).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.rawBody).toBe('{"id":"evt_1"}');
  });

  it('a name that resolves to loopback never reaches the loopback receiver where loopback is not allowed', async () => {
    const dns = scriptedDns(['127.0.0.1']);
    const result = await send(dns, false);
    expect(result.httpStatus).toBeNull();
    expect(result.error).toBe('refused: the webhook host resolves to a private, loopback or metadata address');
    expect(receiver.received).toHaveLength(0);
  });

  it.each([[['169.254.169.254']], [['93.184.216.34', '10.0.0.7']], [['::ffff:169.254.169.254']], [[]]])(
    'refuses a host that resolves to %j',
    async (answer) => {
      const result = await send(scriptedDns(answer), true);
      expect(result.httpStatus).toBeNull();
      expect(result.error).toMatch(/^refused: the webhook host (resolves to a private|did not resolve)/);
    },
  );

  it('a literal private address is refused without a connection', async () => {
    const dns = scriptedDns(['127.0.0.1']);
    const result = await httpWebhookSender({ requireHttps: false, allowLoopback: false }, dns).send(
      `http://10.0.0.7:${port}/hooks`,
      '{}',
      {},
    );
    expect(result.error).toBe('refused: the webhook host resolves to a private, loopback or metadata address');
    expect(dns.asked).toBe(0);
  });

  it('a redirect is reported, not followed', async () => {
    receiver.mode.value = 'redirect';
    expect(await send(scriptedDns(['127.0.0.1']), true)).toMatchObject({
      httpStatus: 302,
      error: 'redirect not followed',
    });
    expect(receiver.received).toHaveLength(1);
  });
});
