// The client's address for rate limits: the socket's peer, unless that peer is a proxy named in
// TRUST_PROXY, whose X-Forwarded-For is then believed (proxy-addr walks it from the right, so a
// client cannot smuggle an address past the trusted hops). Nothing is trusted by default.
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

export function clientAddressResolver(trustProxy: string[]) {
  const trust = proxyaddr.compile(trustProxy);
  return (_request: Request, env: unknown): string => {
    const incoming = (env as HttpBindings | undefined)?.incoming;
    if (!incoming?.socket) return 'unknown';
    return proxyaddr(incoming, trust) || 'unknown';
  };
}
