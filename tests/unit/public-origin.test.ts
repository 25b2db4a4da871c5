import { describe, expect, it } from 'vitest';
import { publicOrigin, publicOriginWarnings } from '@/lib/seo/public-origin';

/*
 * Issue 35, finding 7: the shipped build served over https said canonical http://localhost:3000
 * and sent no HSTS, because the public origin is the build's while the README called SITE_URL a
 * run-time setting. A production start now says so.
 */
describe('the public origin', () => {
  it('is SITE_URL, else the configured site URL, without its trailing slash', () => {
    expect(publicOrigin('https://www.immo-hainaut.be/', undefined)).toBe('https://www.immo-hainaut.be');
    expect(publicOrigin('https://www.immo-hainaut.be', 'https://preview.immo-hainaut.be/')).toBe('https://preview.immo-hainaut.be');
    expect(publicOrigin('https://www.immo-hainaut.be', '')).toBe('https://www.immo-hainaut.be');
  });

  it('is not warned about when the build is for an https address and SITE_URL agrees or is unset', () => {
    expect(publicOriginWarnings('https://www.immo-hainaut.be', undefined)).toEqual([]);
    expect(publicOriginWarnings('https://www.immo-hainaut.be', 'https://www.immo-hainaut.be/')).toEqual([]);
  });

  it('is warned about in one line when the build is for a local or plain http address', () => {
    for (const built of ['http://localhost:3000', 'https://localhost:3000', 'https://127.0.0.1', 'http://www.immo-hainaut.be', 'not a url']) {
      const warnings = publicOriginWarnings(built, undefined);
      expect(warnings, built).toHaveLength(1);
      expect(warnings[0], built).toContain(built);
      expect(warnings[0], built).not.toContain('\n');
    }
    expect(publicOriginWarnings('http://localhost:3000', undefined)[0]).toContain('HSTS is off');
  });

  it('is warned about when SITE_URL at start is not the origin the build was made for', () => {
    const warnings = publicOriginWarnings('http://localhost:3000', 'https://www.immo-hainaut.be');
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toContain('https://www.immo-hainaut.be');
    expect(warnings[1]).toContain('build again');
  });
});
