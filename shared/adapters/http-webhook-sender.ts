import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { checkResolvedAddresses, type UrlPolicy } from '../domain/webhooks/ssrf.js';
import { ATTEMPT_TIMEOUT_MS } from '../domain/webhooks/schedule.js';
import type { SendResult, WebhookSender } from '../ports/webhooks.js';

/**
 * POSTs a webhook: the host is resolved and every address checked before connecting (SSRF), the
 * attempt is cut at 10 seconds, and redirects are never followed (fetch follows them unless told).
 */
export function httpWebhookSender(policy: UrlPolicy): WebhookSender {
  return {
    async send(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      try {
        const target = new URL(url);
        if (policy.requireHttps && target.protocol !== 'https:') return { httpStatus: null, error: 'webhook URL must use https', durationMs: took() };
        const host = target.hostname.replace(/^\[|\]$/g, '');
        const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
        const check = checkResolvedAddresses(addresses, policy);
        if (!check.ok) return { httpStatus: null, error: `refused: the webhook host ${check.reason}`, durationMs: took() };
        const res = await fetch(target, { method: 'POST', body, headers, redirect: 'manual', signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
        await res.body?.cancel().catch(() => undefined);
        return { httpStatus: res.status, error: res.status >= 300 && res.status < 400 ? 'redirect not followed' : null, durationMs: took() };
      } catch (err) {
        const name = (err as Error).name;
        return { httpStatus: null, error: name === 'TimeoutError' ? 'timed out after 10 s' : `connection failed (${name})`, durationMs: took() };
      }
    },
  };
}
