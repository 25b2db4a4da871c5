import { describe, expect, it } from 'vitest';
import { resolveNextServer } from './hostile-payloads';

/*
 * Issue 35, finding 7: what proxy.ts answers to a cross-site post without JavaScript, and on the
 * redirects it chooses by language. proxy.ts runs in-process, with the real next-intl middleware
 * (see resolveNextServer).
 */
resolveNextServer();

const { NextRequest } = await import('next/server');
const { default: proxy } = await import('@/proxy');
const { isSameOrigin } = await import('@/lib/security/origin');

describe('a cross-site post to a page (a server action posted without JavaScript)', () => {
  const page = 'http://localhost:3000/nl/';
  const post = (headers: Record<string, string>) => proxy(new NextRequest(page, { method: 'POST', headers, body: '$ACTION_ID_abc=&email=a%40b.be' }));

  it('is refused with a 403 before Next.js sees it: another origin, or Sec-Fetch-Site cross-site', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const multipart = { 'content-type': 'multipart/form-data; boundary=----x' };
    for (const type of [form, multipart]) {
      expect((await post({ ...type, origin: 'https://evil.example' })).status).toBe(403);
      expect((await post({ ...type, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await post({ ...type, origin: 'null' })).status).toBe(403);
    }
  });

  it('passes from the site itself', async () => {
    const response = await post({ 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' });
    expect(response.status).not.toBe(403);
  });

  it('with an empty or malformed Origin is foreign, and nothing throws', async () => {
    for (const origin of ['', ' ', 'http://', 'evil', 'http://[::1']) {
      const headers = { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost:3000' };
      expect(isSameOrigin(new Request(page, { method: 'POST', headers })), `Origin "${origin}"`).toBe(false);
      expect((await post(headers)).status).toBe(403);
      expect((await proxy(new NextRequest(page, { method: 'POST', headers: { ...headers, 'next-action': 'abc123', 'content-type': 'text/plain;charset=UTF-8' } }))).status).toBe(403);
    }
  });
});

describe('the origin check behind a proxy', () => {
  const post = (headers: Record<string, string>) => new Request('http://127.0.0.1:3000/api/forms/contact-me/', { method: 'POST', headers });

  it('compares the Origin with the forwarded host and scheme', () => {
    const forwarded = { host: '127.0.0.1:3000', 'x-forwarded-host': 'www.immo-hainaut.be', 'x-forwarded-proto': 'https' };
    expect(isSameOrigin(post({ ...forwarded, origin: 'https://www.immo-hainaut.be' }))).toBe(true);
    expect(isSameOrigin(post({ ...forwarded, origin: 'http://www.immo-hainaut.be' }))).toBe(false);
    expect(isSameOrigin(post({ ...forwarded, origin: 'https://127.0.0.1:3000' }))).toBe(false);
  });
});

describe('the redirects chosen by language', () => {
  it('say what they vary on: Accept-Language and the language cookie', async () => {
    for (const path of ['/', '/for-sale/', '/wp-login.php']) {
      const response = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { 'accept-language': 'fr-BE' } }));
      expect([307, 308], path).toContain(response.status);
      const vary = (response.headers.get('vary') ?? '').toLowerCase();
      expect(vary, path).toContain('accept-language');
      expect(vary, path).toContain('cookie');
    }
  });
});
