import { subscribe } from 'node:diagnostics_channel';
import { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/*
 * Who the client is, for every rate limit, the login lockout and the visit counter (design.md §9,
 * §10): one notion, so that no limit can be dodged by a header another one ignores.
 *
 * Only what a trusted party wrote can be believed. Next.js (`next start`, 16.x) fills
 * X-Forwarded-For from the socket only when the request has none (`??=` in base-server), so a
 * visitor who sends the header themselves would replace their own address. `recordSocketAddresses`
 * (installed at start by instrumentation.ts) therefore appends the socket's peer to every request's
 * X-Forwarded-For before Next.js sees it, as nginx's `$proxy_add_x_forwarded_for` does. The last
 * entry is then always the peer that connected to this process, the one before it was appended by
 * the proxy that is that peer, and so on: the client is the entry TRUST_PROXY_HOPS places from the
 * right. Anything further left was written by the client and is never used.
 *
 * Only a peer on the loopback or in TRUSTED_PROXIES is taken for a proxy: a visitor reaching the
 * port directly (a server listening on every interface) is the client whatever TRUST_PROXY_HOPS
 * says, and its X-Forwarded-Host and -Proto are dropped (the origin check reads them).
 */

/** How many proxies in front of the site append to X-Forwarded-For (TRUST_PROXY_HOPS, default 0). */
export function trustedProxyHops(value = process.env.TRUST_PROXY_HOPS): number {
  if (value === undefined || value.trim() === '') return 0;
  const hops = Number(value);
  // A wrong value here would either trust forged addresses or put every visitor in one bucket.
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) throw new Error(`TRUST_PROXY_HOPS must be a whole number from 0 to 10 (got "${value}")`);
  return hops;
}

const hexGroups = (part: string) => (part === '' ? [] : part.split(':'));

/** The first four groups of an IPv6 address; one subscriber line gets a whole /64 to rotate through. */
function ipv6Network(address: string): string {
  const [head = '', tail] = address.split('::');
  const left = hexGroups(head);
  const right = tail === undefined ? [] : hexGroups(tail);
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * One X-Forwarded-For entry as a client identity: an IPv4 address, or the /64 network of an IPv6
 * one; 'unknown' when the entry is no address at all.
 */
export function normaliseAddress(entry: string): string {
  let address = entry.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1] ?? '';
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1] ?? '';
  const version = isIP(address);
  if (version === 4) return address;
  if (version === 6) return ipv6Network(address.toLowerCase());
  return 'unknown';
}

/** The client in an X-Forwarded-For chain whose last `hops` + 1 entries were written by parties we trust. */
export function clientFromChain(forwardedFor: string | null, hops: number): string {
  if (!forwardedFor) return 'unknown';
  const entries = forwardedFor.split(',');
  // A shorter chain than configured: every entry came from a trusted proxy, the first is the client.
  return normaliseAddress(entries[Math.max(0, entries.length - 1 - hops)] ?? '');
}

/** The client of a request (route handler: `request.headers`; server action: `await headers()`). */
export function clientAddress(headers: Headers): string {
  return clientFromChain(headers.get('x-forwarded-for'), trustedProxyHops());
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The parsed TRUSTED_PROXIES of the value last read: read per request, parsed once. */
let proxiesRead: { value: string; list: BlockList } | undefined;

/**
 * The peers besides the loopback whose X-Forwarded-* headers are believed (TRUSTED_PROXIES: a
 * comma list of addresses and CIDR ranges, e.g. "10.0.0.0/8, 2001:db8::/32"); a load balancer on
 * another machine must be listed.
 */
export function trustedProxies(value = process.env.TRUSTED_PROXIES ?? ''): BlockList {
  if (proxiesRead?.value === value) return proxiesRead.list;
  const list = new BlockList();
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxPrefix = version === 6 ? 128 : 32;
    if (version === 0 || rest.length > 0 || (prefix !== undefined && (!/^\d+$/.test(bits ?? '') || prefix > maxPrefix))) {
      throw new Error(`TRUSTED_PROXIES must list IP addresses or CIDR ranges, comma-separated (got "${entry}")`);
    }
    const type = version === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  proxiesRead = { value, list };
  return list;
}

/** Whether the peer of a connection is a proxy whose X-Forwarded-* headers may be believed. */
function isTrustedPeer(peer: string): boolean {
  const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(peer)?.[1] ?? peer;
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (isIP(address) === 0) return false;
  return loopback.check(address, type) || trustedProxies().check(address, type);
}

/**
 * Appends the socket's peer to the request's X-Forwarded-For, so that the last entry is always
 * true. A peer that is no trusted proxy is a visitor who reached the port directly: what it wrote
 * is dropped, so that TRUST_PROXY_HOPS cannot make it choose its own address, host or scheme.
 */
function appendSocketAddress(request: IncomingMessage): void {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (!isTrustedPeer(peer)) {
    request.headers['x-forwarded-for'] = peer;
    delete request.headers['x-forwarded-host'];
    delete request.headers['x-forwarded-proto'];
    return;
  }
  const prior = request.headers['x-forwarded-for'];
  const chain = Array.isArray(prior) ? prior.join(', ') : prior;
  request.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
}

const installed = Symbol.for('immo-hainaut.socket-addresses');

/**
 * Node publishes every HTTP request on this channel before its 'request' event, so the header is
 * complete before Next.js (or anything else) reads it. Once per process.
 */
export function recordSocketAddresses(): void {
  trustedProxyHops();
  trustedProxies();
  if (Reflect.get(globalThis, installed) === true) return;
  Reflect.set(globalThis, installed, true);
  subscribe('http.server.request.start', (message) => {
    if (typeof message === 'object' && message !== null && 'request' in message && message.request instanceof IncomingMessage) appendSocketAddress(message.request);
  });
}
