import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkResolvedAddresses, type UrlPolicy } from '../domain/webhooks/ssrf.js';
import { ATTEMPT_TIMEOUT_MS } from '../domain/webhooks/schedule.js';
import type { SendResult, WebhookSender } from '../ports/webhooks.js';

/** How a host name becomes addresses; injectable so a test can play a DNS that changes its answer. */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) =>
  new Promise((ok, fail) => dnsLookup(host, { all: true }, (err, addresses) => (err ? fail(err) : ok(addresses))));

class RefusedHost extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The socket's own lookup checks the addresses it is about to connect to. Resolving first and
 * letting the HTTP client resolve again would leave a gap a rebinding DNS answer walks through
 * (public on the check, 169.254.169.254 on the connect); here the checked address is the one used.
 */
function guardedLookup(policy: UrlPolicy, resolve: Resolve): LookupFunction {
  return (host, options, callback) => {
    resolve(host).then(
      (addresses) => {
        const check = checkResolvedAddresses(
          addresses.map((a) => a.address),
          policy,
        );
        if (!check.ok) return callback(new RefusedHost(check.reason), '', 0);
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((a) => a.family === options.family)
            : addresses;
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
        const first = wanted[0];
        if (!first) return callback(new RefusedHost('did not resolve'), '', 0);
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/**
 * POSTs a webhook: every address the host resolves to is checked as the socket connects (SSRF),
 * the attempt is cut at 10 seconds, and a redirect is never followed.
 */
export function httpWebhookSender(policy: UrlPolicy, resolve: Resolve = systemResolve): WebhookSender {
  const lookup = guardedLookup(policy, resolve);
  return {
    send(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
      const started = performance.now();
      const done = (httpStatus: number | null, error: string | null): SendResult => ({
        httpStatus,
        error,
        durationMs: Math.round(performance.now() - started),
      });
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return Promise.resolve(done(null, 'webhook URL is not a URL'));
      }
      if (policy.requireHttps && target.protocol !== 'https:')
        return Promise.resolve(done(null, 'webhook URL must use https'));
      if (target.protocol !== 'https:' && target.protocol !== 'http:')
        return Promise.resolve(done(null, 'webhook URL must use http or https'));
      // A literal address never reaches the lookup, so it is checked here.
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host)) {
        const check = checkResolvedAddresses([host], policy);
        if (!check.ok) return Promise.resolve(done(null, `refused: the webhook host ${check.reason}`));
      }
      const options: RequestOptions = {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        agent: false,
      };
      return new Promise((resolveResult) => {
        const req = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, options, (res) => {
          res.resume();
          const status = res.statusCode ?? null;
          resolveResult(
            done(status, status !== null && status >= 300 && status < 400 ? 'redirect not followed' : null),
          );
        });
        req.on('error', (err: Error) => {
          if (err instanceof RefusedHost) return resolveResult(done(null, `refused: the webhook host ${err.reason}`));
          const timedOut = err.name === 'AbortError' || err.name === 'TimeoutError';
          resolveResult(
            done(
              null,
              timedOut
                ? 'timed out after 10 s'
                : `connection failed (${(err as NodeJS.ErrnoException).code ?? err.name})`,
            ),
          );
        });
        req.end(body);
      });
    },
  };
}
