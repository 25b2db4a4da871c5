import { channel } from 'node:diagnostics_channel';
import { createServer, IncomingMessage, request as httpRequest, type Server } from 'node:http';
import { Socket } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('next/server', () => ({ after: () => undefined }));

process.env.SITE_SECRET = 'unit-test-secret';
delete process.env.TRUST_PROXY_HOPS;

const { clientAddress, clientFromChain, normaliseAddress, recordSocketAddresses, trustedProxies, trustedProxyHops } = await import('@/lib/security/client-address');
const { getStore, openStore, setStore, visitTotals } = await import('@/lib/db');
const { visitRoute } = await import('@/lib/stats/visit-route');
const { handleFormRequest, resetRateLimiter } = await import('@/lib/forms/handle-request');

const forged = (index: number) => `198.51.100.${index}, 10.${index}.0.1`;

describe('the client address', () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY_HOPS;
  });

  it('is the socket peer (the last entry) when no proxy is trusted, whatever the client wrote before it', () => {
    expect(clientFromChain('203.0.113.9', 0)).toBe('203.0.113.9');
    expect(clientFromChain('1.1.1.1, 2.2.2.2, 203.0.113.9', 0)).toBe('203.0.113.9');
    expect(clientFromChain('evil, , 203.0.113.9', 0)).toBe('203.0.113.9');
    const seen = new Set(Array.from({ length: 50 }, (_, index) => clientFromChain(`${forged(index)}, 203.0.113.9`, 0)));
    expect([...seen]).toEqual(['203.0.113.9']);
  });

  it('is the entry the outermost trusted proxy appended, that many hops from the right', () => {
    // nginx in front: [client-written..., client as nginx saw it, nginx as Next saw it]
    expect(clientFromChain('6.6.6.6, 7.7.7.7, 203.0.113.9, 10.0.0.2', 1)).toBe('203.0.113.9');
    // a CDN in front of nginx: [..., client as the CDN saw it, CDN edge as nginx saw it, nginx]
    expect(clientFromChain('6.6.6.6, 203.0.113.9, 192.0.2.50, 10.0.0.2', 2)).toBe('203.0.113.9');
    // fewer entries than hops: every one was written by a trusted proxy, the first is the client
    expect(clientFromChain('203.0.113.9, 10.0.0.2', 3)).toBe('203.0.113.9');
    expect(clientFromChain(null, 0)).toBe('unknown');
  });

  it('reads TRUST_PROXY_HOPS, default 0, and refuses a value it cannot trust', () => {
    const headers = new Headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.2' });
    expect(clientAddress(headers)).toBe('10.0.0.2');
    process.env.TRUST_PROXY_HOPS = '1';
    expect(clientAddress(headers)).toBe('203.0.113.9');
    expect(trustedProxyHops('')).toBe(0);
    for (const wrong of ['one', '-1', '1.5', '99']) expect(() => trustedProxyHops(wrong)).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('is one key per IPv4 address or IPv6 /64, and unknown for anything else', () => {
    expect(normaliseAddress(' 203.0.113.9:51234 ')).toBe('203.0.113.9');
    expect(normaliseAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseAddress('[2001:db8:1:2:aaaa::1]:443')).toBe('2001:db8:1:2::/64');
    expect(normaliseAddress('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(normaliseAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normaliseAddress('2001:db8:1:3::1')).not.toBe(normaliseAddress('2001:db8:1:2::1'));
    expect(normaliseAddress('::1')).toBe('0:0:0:0::/64');
    for (const junk of ['', 'unknown', '<script>', '999.1.1.1', '203.0.113.9 203.0.113.10', '\u001b[31m']) expect(normaliseAddress(junk)).toBe('unknown');
  });
});

describe('the socket address recorded at start (instrumentation.ts)', () => {
  let server: Server;
  let port = 0;
  beforeEach(async () => {
    recordSocketAddresses();
    server = createServer((request, response) => response.end(clientAddress(new Headers({ 'x-forwarded-for': String(request.headers['x-forwarded-for']) }))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ask = (headers: Record<string, string>) =>
    new Promise<string>((resolve, reject) => {
      const outgoing = httpRequest({ host: '127.0.0.1', port, method: 'POST', headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      });
      outgoing.on('error', reject);
      outgoing.end('{}');
    });

  it('is appended to every request, so that a forged X-Forwarded-For changes nothing', async () => {
    expect(await ask({})).toBe('127.0.0.1');
    expect(await ask({ 'x-forwarded-for': '198.51.100.1' })).toBe('127.0.0.1');
    expect(await ask({ 'x-forwarded-for': '198.51.100.1, 198.51.100.2', expect: '100-continue' })).toBe('127.0.0.1');
    recordSocketAddresses();
    // Installed once per process: a second call does not append the address twice.
    process.env.TRUST_PROXY_HOPS = '1';
    expect(await ask({ 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    delete process.env.TRUST_PROXY_HOPS;
  });
});

describe('a peer that is no trusted proxy (issue 35, finding 6)', () => {
  // As Node announces a request before Next.js sees it, with the socket peer of a direct visitor.
  const arrive = (peer: string, headers: Record<string, string>) => {
    const socket = new Socket();
    Object.defineProperty(socket, 'remoteAddress', { value: peer });
    const request = new IncomingMessage(socket);
    request.headers = { ...headers };
    channel('http.server.request.start').publish({ request });
    return request.headers;
  };
  const forgedHeaders = { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-host': 'www.immo-hainaut.be', 'x-forwarded-proto': 'https' };

  beforeEach(() => {
    recordSocketAddresses();
    process.env.TRUST_PROXY_HOPS = '1';
  });
  afterEach(() => {
    delete process.env.TRUST_PROXY_HOPS;
    delete process.env.TRUSTED_PROXIES;
  });

  it('is the client however many hops are trusted, and its forwarded host and scheme are dropped', () => {
    for (let index = 1; index <= 15; index += 1) {
      const headers = arrive('203.0.113.5', { ...forgedHeaders, 'x-forwarded-for': `198.51.100.${index}` });
      expect(clientAddress(new Headers({ 'x-forwarded-for': String(headers['x-forwarded-for']) }))).toBe('203.0.113.5');
      expect(headers['x-forwarded-host']).toBeUndefined();
      expect(headers['x-forwarded-proto']).toBeUndefined();
    }
  });

  it('is trusted when it is the loopback or listed in TRUSTED_PROXIES (addresses and CIDR ranges)', () => {
    expect(arrive('127.0.0.1', forgedHeaders)['x-forwarded-for']).toBe('198.51.100.1, 127.0.0.1');
    expect(arrive('::1', forgedHeaders)['x-forwarded-host']).toBe('www.immo-hainaut.be');
    process.env.TRUSTED_PROXIES = '10.0.0.0/8, 2001:db8::/32,192.0.2.7';
    for (const peer of ['10.1.2.3', '::ffff:10.1.2.3', '2001:db8:5::1', '192.0.2.7']) {
      const headers = arrive(peer, forgedHeaders);
      expect(clientAddress(new Headers({ 'x-forwarded-for': String(headers['x-forwarded-for']) })), peer).toBe('198.51.100.1');
      expect(headers['x-forwarded-proto'], peer).toBe('https');
    }
    expect(arrive('192.0.2.8', forgedHeaders)['x-forwarded-for']).toBe('192.0.2.8');
  });

  it('refuses a TRUSTED_PROXIES entry that is no address or range', () => {
    for (const wrong of ['10.0.0.0/33', 'proxy.example', '10.0.0']) expect(() => trustedProxies(wrong), wrong).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('forged X-Forwarded-For headers (issue 12, finding 4)', () => {
  const origin = 'http://localhost:3100';
  beforeEach(async () => {
    setStore(await openStore('file::memory:'));
    resetRateLimiter();
  });
  afterAll(() => setStore(undefined));

  it('do not add visits: five beacons from one socket with five forged first entries count once', async () => {
    const beacon = (index: number) =>
      new Request(`${origin}/api/visits/`, {
        method: 'POST',
        headers: { origin, host: 'localhost:3100', 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 Firefox/140.0', 'x-forwarded-for': `${forged(index)}, 203.0.113.9` },
        body: JSON.stringify({ id: 4000001 }),
      });
    for (let index = 0; index < 5; index += 1) expect((await visitRoute(beacon(index))).status).toBe(204);
    expect((await visitTotals(await getStore(), [4000001])).get(4000001)).toBe(1);
  });

  it('do not add visits by changing browsers: one address counts at most three visitors of a listing a day', async () => {
    const beacon = (index: number) =>
      new Request(`${origin}/api/visits/`, {
        method: 'POST',
        headers: { origin, host: 'localhost:3100', 'content-type': 'text/plain', 'user-agent': `Mozilla/5.0 Firefox/${100 + index}.0`, 'x-forwarded-for': '198.51.100.77' },
        body: JSON.stringify({ id: 4000001 }),
      });
    for (let index = 0; index < 8; index += 1) expect((await visitRoute(beacon(index))).status).toBe(204);
    expect((await visitTotals(await getStore(), [4000001])).get(4000001)).toBe(3);
  });

  it('do not pass the form limit: of 50 posts from one socket, 40 are refused', async () => {
    process.env.FORM_RATE_LIMIT = '10';
    resetRateLimiter();
    const statuses: number[] = [];
    for (let index = 0; index < 50; index += 1) {
      const response = await handleFormRequest(
        'sign-newsletter',
        new Request(`${origin}/api/forms/sign-newsletter/`, {
          method: 'POST',
          headers: { origin, host: 'localhost:3100', 'content-type': 'application/json', 'x-forwarded-for': `${forged(index)}, 203.0.113.9` },
          body: '{}',
        }),
      );
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    delete process.env.FORM_RATE_LIMIT;
    resetRateLimiter();
  });
});
