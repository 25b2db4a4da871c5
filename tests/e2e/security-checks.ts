import { expect, type APIResponse, type Page } from '@playwright/test';

/*
 * What the Mozilla HTTP Observatory grades, as assertions on one answer: a CSP whose script-src
 * has neither 'unsafe-inline' nor 'unsafe-eval', object-src 'none', base-uri and frame-ancestors
 * set; nosniff; a strict Referrer-Policy; a Permissions-Policy. Shared by the server and export tests.
 */

export function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** The script sources in force: script-src, else default-src. */
function scriptSources(policy: string): string[] {
  const parsed = directives(policy);
  return parsed.get('script-src') ?? parsed.get('default-src') ?? [];
}

export function expectStrictPolicy(policy: string | undefined, where: string): void {
  expect(policy, `${where}: Content-Security-Policy`).toBeTruthy();
  const parsed = directives(policy ?? '');
  const scripts = scriptSources(policy ?? '');
  expect(scripts, `${where}: script sources`).not.toContain("'unsafe-inline'");
  expect(scripts, `${where}: script sources`).not.toContain("'unsafe-eval'");
  expect(
    scripts.some((source) => source === '*' || source === 'https:' || source === 'http:' || source === 'data:'),
    `${where}: a wildcard script source`,
  ).toBe(false);
  expect(parsed.get('default-src'), `${where}: default-src`).toEqual(["'none'"]);
  expect(parsed.get('object-src') ?? parsed.get('default-src'), `${where}: object-src`).toEqual(["'none'"]);
  expect(parsed.has('base-uri'), `${where}: base-uri`).toBe(true);
  expect(parsed.has('frame-ancestors'), `${where}: frame-ancestors`).toBe(true);
}

export function expectCommonHeaders(headers: Record<string, string>, where: string): void {
  expect(headers['x-content-type-options'], `${where}: nosniff`).toBe('nosniff');
  expect(headers['referrer-policy'], `${where}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], `${where}: Permissions-Policy`).toContain('camera=()');
  expect(headers['x-frame-options'], `${where}: X-Frame-Options`).toMatch(/^(DENY|SAMEORIGIN)$/);
}

export function expectSecureAnswer(response: APIResponse, where: string): void {
  const headers = response.headers();
  expectCommonHeaders(headers, where);
  expectStrictPolicy(headers['content-security-policy'], where);
}

/** Collects every policy violation a page reports (console and securitypolicyviolation events). */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|frame|connect)/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__violations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => {
    const reported = await page.evaluate(() => {
      const value: unknown = Reflect.get(window, '__violations');
      return Array.isArray(value) ? value.map(String) : [];
    });
    return [...messages, ...reported];
  };
}
