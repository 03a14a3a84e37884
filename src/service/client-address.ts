// The client's address for rate limits: the socket's peer, unless that peer is a proxy named in
// TRUST_PROXY, whose X-Forwarded-For is then believed (proxy-addr walks it from the right, so a
// client cannot smuggle an address past the trusted hops). Nothing is trusted by default.
// What the limits count is the address's network: an IPv6 address by its /64 (one customer's
// network: its other 2^64 addresses are the same client), an IPv4-mapped one as its IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import proxyaddr from 'proxy-addr';

/** Parses TRUST_PROXY: addresses or CIDRs (and proxy-addr's names loopback, linklocal, uniquelocal), comma-separated. */
export function parseTrustProxy(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  proxyaddr.compile(list); // throws on a bad entry, naming it
  return list;
}

/** True when the request's socket peer is one of the TRUST_PROXY proxies (whose X-Request-Id is kept). */
export function trustedPeerResolver(trustProxy: string[]) {
  const trust = proxyaddr.compile(trustProxy);
  return (_request: Request, env: unknown): boolean => {
    const address = (env as HttpBindings | undefined)?.incoming?.socket?.remoteAddress;
    return address ? trust(address, 0) : false;
  };
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail as two groups), zone dropped. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  // Bounded groups after a colon: an unbounded \d+ run would backtrack polynomially on long digits.
  const tail = /:(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** What the rate limits and lock-outs count: an IPv4 address, or an IPv6 address's /64 (`2001:db8:0:1::/64`). */
function addressNetwork(address: string): string {
  if (isIPv4(address) || !isIPv6(address.split('%')[0]!)) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The client's address as the limits count it (addressNetwork), or `unknown`. */
export function clientAddressResolver(trustProxy: string[]) {
  const trust = proxyaddr.compile(trustProxy);
  return (_request: Request, env: unknown): string => {
    const incoming = (env as HttpBindings | undefined)?.incoming;
    if (!incoming?.socket) return 'unknown';
    const address = proxyaddr(incoming, trust);
    return address ? addressNetwork(address) : 'unknown';
  };
}
