import { isIP } from 'node:net';

// Webhook targets must be public: no private, loopback, link-local (cloud metadata),
// shared-address or multicast ranges. Checked when the URL is set AND when it resolves at send time.

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);
}

const V4_BLOCKS: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24], // 6to4 relay anycast: forwards into IPv6 the checks above never see
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return (isIP(v4) === 4 && v4.startsWith('127.')) || ip === '::1';
}

/** The eight 16-bit groups of an IPv6 address; a dotted IPv4 tail is read as its two groups. */
function v6Groups(ip: string): number[] | null {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const n = v4ToInt(dotted);
    text = `${text.slice(0, -dotted.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? null : tail ? tail.split(':') : [];
  const groups =
    back === null ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return groups.length === 8 ? groups.map((g) => parseInt(g, 16)) : null;
}

const intToV4 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

/**
 * The IPv4 address an IPv6 address carries, in any spelling: mapped (::ffff:a.b.c.d, or
 * ::ffff:a9fe:a9fe as URL parsing writes it), translated (::ffff:0:a.b.c.d), compatible
 * (::a.b.c.d) and 6to4 (2002:AABB:CCDD::). Each can reach the IPv4 host it names.
 */
function embeddedV4(g: number[]): string | null {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && (g[5] === 0xffff || g[5] === 0)) return intToV4(((g[6] ?? 0) << 16) | (g[7] ?? 0));
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return intToV4(((g[6] ?? 0) << 16) | (g[7] ?? 0));
  if (g[0] === 0x2002) return intToV4(((g[1] ?? 0) << 16) | (g[2] ?? 0));
  return null;
}

function isForbiddenV4(v4: string): boolean {
  const n = v4ToInt(v4);
  return V4_BLOCKS.some(([base, bits]) => n >>> (32 - bits) === v4ToInt(base) >>> (32 - bits));
}

export function isForbiddenAddress(ip: string): boolean {
  const lower = ip.toLowerCase().replace(/^\[|\]$/g, '');
  if (isIP(lower) === 4) return isForbiddenV4(lower);
  if (isIP(lower) !== 6) return true;
  const g = v6Groups(lower);
  if (!g) return true;
  const v4 = embeddedV4(g);
  if (v4) return isForbiddenV4(v4);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0] = g;
  return (
    (g0 === 0x2001 && g1 === 0) || // Teredo 2001::/32: tunnels to an IPv4 host through a relay
    (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) || // discard-only 100::/64
    (g0 & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (g0 & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (g0 & 0xffc0) === 0xfec0 || // site-local fec0::/10 (deprecated, still routed by some)
    (g0 & 0xff00) === 0xff00 || // multicast
    (g0 === 0x64 && g1 === 0xff9b) || // NAT64 64:ff9b::/96 and 64:ff9b:1::/48
    (g0 === 0x2001 && g1 === 0x0db8) // documentation
  );
}

export interface UrlPolicy {
  requireHttps: boolean;
  allowLoopback: boolean;
}

export function checkWebhookUrl(
  raw: string,
  policy: UrlPolicy,
): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not a URL' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.requireHttps))
    return { ok: false, reason: policy.requireHttps ? 'must use https' : 'must use http or https' };
  if (url.username || url.password) return { ok: false, reason: 'must not contain credentials' };
  // `localhost.` is localhost: a fully qualified name's trailing dot must not dodge the name check.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (isIP(host))
    return checkResolvedAddresses([host], policy).ok
      ? { ok: true, url }
      : { ok: false, reason: 'points at a private, loopback or metadata address' };
  if (
    /^(localhost|.*\.localhost|.*\.internal|.*\.local)$/i.test(host) &&
    !(policy.allowLoopback && /^localhost$/i.test(host))
  )
    return { ok: false, reason: 'points at an internal host name' };
  return { ok: true, url };
}

export function checkResolvedAddresses(
  addresses: string[],
  policy: UrlPolicy,
): { ok: true } | { ok: false; reason: string } {
  if (addresses.length === 0) return { ok: false, reason: 'did not resolve' };
  for (const a of addresses) {
    if (policy.allowLoopback && isLoopback(a)) continue;
    if (isForbiddenAddress(a)) return { ok: false, reason: 'resolves to a private, loopback or metadata address' };
  }
  return { ok: true };
}
