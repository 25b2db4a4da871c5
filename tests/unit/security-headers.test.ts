import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { headersFile, nginxSnippet, withPolicyMeta } from '@/lib/export/headers';
import { captchaFramePolicy, commonSecurityHeaders, originOf, pagePolicy, resourcePolicy } from '@/lib/security/csp';
import { consentGateScript } from '@/lib/consent';
import { inlineScriptHashes } from '@/lib/security/inline-scripts';
import { pageScripts } from '@/lib/security/page-policy';

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `) || part === name);

describe('inline script hashes', () => {
  it('hash the executable inline scripts exactly as written, and nothing else', () => {
    const html = `<!DOCTYPE html><html><head><script src="/_next/static/a.js" async=""></script><script>self.__next_f=self.__next_f||[]</script></head>
<body><script type="application/ld+json">{"@type":"Thing"}</script><script>self.__next_f.push([1,"a &amp; \\u003c/script>"])</script><script type="module">import("/x.js")</script><script>self.__next_f=self.__next_f||[]</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha('self.__next_f=self.__next_f||[]'), sha('self.__next_f.push([1,"a &amp; \\u003c/script>"])'), sha('import("/x.js")')]);
  });
});

describe('page policy', () => {
  const hashes = ['sha256-abc='];
  it('allows the page its own scripts only: no unsafe-inline or unsafe-eval, no host without analytics', () => {
    const policy = pagePolicy({ scripts: { hashes }, analytics: {} });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-abc='");
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(directive(policy, 'script-src')).not.toMatch(/unsafe-inline/);
    for (const expected of ["default-src 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"]) expect(policy).toContain(expected);
  });

  it('names the Google and Meta hosts only for the products the agency configured', () => {
    const tagManager = pagePolicy({ scripts: { hashes }, analytics: { tagManager: 'GTM-X' } });
    expect(directive(tagManager, 'script-src')).toContain('https://*.googletagmanager.com');
    expect(directive(tagManager, 'script-src')).not.toContain('facebook');
    const pixel = pagePolicy({ scripts: { hashes }, analytics: { socialPixel: '123' } });
    expect(directive(pixel, 'script-src')).toContain('https://connect.facebook.net');
    expect(directive(pixel, 'script-src')).not.toContain('googletagmanager');
  });

  it('lets a page rendered per request run the consent gate the layout writes without a nonce', () => {
    const scripts = pageScripts('/nl/no-such-prerendered-page/');
    expect(scripts.nonce).toMatch(/^[\w+/]{22}==$/);
    const policy = pagePolicy({ scripts, analytics: {} });
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' 'nonce-${scripts.nonce}' '${sha(consentGateScript())}'`);
  });

  it('carries a nonce for a page rendered per request, and the API origin of a static export', () => {
    const policy = pagePolicy({ scripts: { nonce: 'bm9uY2U=' }, analytics: {}, apiOrigin: 'https://api.example.be', delivery: 'meta' });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-bm9uY2U='");
    expect(directive(policy, 'form-action')).toBe("form-action 'self' https://api.example.be");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://api.example.be");
    // The no-JavaScript captcha page of the API server is framed by the copy's forms.
    expect(directive(policy, 'frame-src')).toContain("frame-src 'self' https://api.example.be ");
    // The ALTCHA widget solves in workers started from blob: URLs; still no eval.
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(policy).not.toContain('unsafe-eval');
    // A <meta> policy cannot carry frame-ancestors (browsers ignore it and warn).
    expect(policy).not.toContain('frame-ancestors');
  });

  it('names a tile server of another host in img-src and connect-src only when the agency configured one', () => {
    const none = pagePolicy({ scripts: { hashes }, analytics: {} });
    expect(directive(none, 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(none, 'connect-src')).toBe("connect-src 'self'");
    const tiles = pagePolicy({ scripts: { hashes }, analytics: {}, tileOrigin: originOf('https://tiles.example.be/osm/{z}/{x}/{y}.png') });
    expect(directive(tiles, 'img-src')).toBe("img-src 'self' data: blob: https://tiles.example.be");
    expect(directive(tiles, 'connect-src')).toBe("connect-src 'self' https://tiles.example.be");
    expect(directive(tiles, 'script-src')).not.toContain('tiles.example.be');
    // Tiles of a PMTiles archive are blob: pictures; nothing needs a worker beyond the existing blob:.
    expect(directive(tiles, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(originOf('')).toBeUndefined();
    expect(originOf('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    expect(originOf('javascript:alert(1)//{z}')).toBeUndefined();
  });

  it('lets the no-JavaScript captcha page be framed by the site and its exported copies, and run nothing', () => {
    const policy = captchaFramePolicy(['https://www.example.be']);
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self' https://www.example.be");
    expect(directive(policy, 'default-src')).toBe("default-src 'none'");
    expect(directive(policy, 'img-src')).toBe('img-src data:');
  });

  it('sends HSTS only for an https site', () => {
    expect(commonSecurityHeaders(true)['Strict-Transport-Security']).toMatch(/max-age=\d{8}/);
    expect(commonSecurityHeaders(false)['Strict-Transport-Security']).toBeUndefined();
    expect(resourcePolicy).toBe("default-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'");
  });
});

describe('static export headers', () => {
  const options = { analytics: {}, https: true, languages: ['nl', 'fr', 'en'] };

  it('allows the configured tile server in the page policy of an exported page', () => {
    const html = '<!DOCTYPE html><html lang="nl"><head></head><body></body></html>';
    expect(withPolicyMeta(html, { ...options, tileOrigin: 'https://tiles.example.be' })).toContain("img-src 'self' data: blob: https://tiles.example.be");
    expect(withPolicyMeta(html, options)).not.toContain('tiles.example.be');
  });

  it('puts the page policy first in <head>, with the hashes of that page', () => {
    const html = '<!DOCTYPE html><html lang="nl"><head><meta charSet="utf-8"/><script>go()</script></head><body></body></html>';
    const result = withPolicyMeta(html, options);
    expect(result).toMatch(/^<!DOCTYPE html><html lang="nl"><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self' 'sha256-/);
    expect(result).toContain(sha('go()'));
    expect(result.indexOf('Content-Security-Policy')).toBeLessThan(result.indexOf('<script>'));
  });

  it('writes rules that never give one path two policies', () => {
    const file = headersFile(options);
    const rules = file
      .trim()
      .split('\n\n')
      .map((block) => block.split('\n'));
    const everywhere = rules.find((rule) => rule[0] === '/*');
    expect(everywhere?.join('\n')).toContain('Strict-Transport-Security');
    expect(everywhere?.join('\n')).not.toContain('Content-Security-Policy');
    // Hosts join the values of every rule that matches a path: two policies would intersect.
    const prefix = (pattern: string) => pattern.replace(/\*$/, '');
    const overlap = (a: string, b: string) => (a.endsWith('*') && prefix(b).startsWith(prefix(a))) || (b.endsWith('*') && prefix(a).startsWith(prefix(b))) || a === b;
    const withPolicy = rules.filter((rule) => rule.some((line) => line.includes('Content-Security-Policy'))).map((rule) => rule[0] ?? '');
    for (const [index, a] of withPolicy.entries()) for (const b of withPolicy.slice(index + 1)) expect(overlap(a, b), `${a} and ${b}`).toBe(false);
    expect(file).toContain("/maps/*\n  Content-Security-Policy: default-src 'none';");
    const nginx = nginxSnippet(options);
    expect(nginx).toContain('map $uri $export_csp {');
    expect(nginx).toContain('add_header Strict-Transport-Security "max-age=63072000; includeSubDomains" always;');
  });
});
