import { isIP } from 'node:net';

// Webhook targets must be public: no private, loopback, link-local (cloud metadata),
// shared-address or multicast ranges. Checked when the URL is set AND when it resolves at send time.

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);
}

const V4_BLOCKS: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
];

export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return (isIP(v4) === 4 && v4.startsWith('127.')) || ip === '::1';
}

export function isForbiddenAddress(ip: string): boolean {
  const lower = ip.toLowerCase().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  const v4 = mapped ?? (isIP(lower) === 4 ? lower : null);
  if (v4) {
    const n = v4ToInt(v4);
    return V4_BLOCKS.some(([base, bits]) => n >>> (32 - bits) === v4ToInt(base) >>> (32 - bits));
  }
  if (isIP(lower) !== 6) return true;
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff') || lower.startsWith('64:ff9b:') || lower.startsWith('2001:db8');
}

export interface UrlPolicy {
  requireHttps: boolean;
  allowLoopback: boolean;
}

export function checkWebhookUrl(raw: string, policy: UrlPolicy): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not a URL' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.requireHttps)) return { ok: false, reason: policy.requireHttps ? 'must use https' : 'must use http or https' };
  if (url.username || url.password) return { ok: false, reason: 'must not contain credentials' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return checkResolvedAddresses([host], policy).ok ? { ok: true, url } : { ok: false, reason: 'points at a private, loopback or metadata address' };
  if (/^(localhost|.*\.localhost|.*\.internal|.*\.local)$/i.test(host) && !(policy.allowLoopback && /^localhost$/i.test(host))) return { ok: false, reason: 'points at an internal host name' };
  return { ok: true, url };
}

export function checkResolvedAddresses(addresses: string[], policy: UrlPolicy): { ok: true } | { ok: false; reason: string } {
  if (addresses.length === 0) return { ok: false, reason: 'did not resolve' };
  for (const a of addresses) {
    if (policy.allowLoopback && isLoopback(a)) continue;
    if (isForbiddenAddress(a)) return { ok: false, reason: 'resolves to a private, loopback or metadata address' };
  }
  return { ok: true };
}
