import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deviceTtlMs } from '@/lib/auth/login-device';
import { allStorageKeys } from '@/lib/consent';
import { configuredStorage, storageTable, type Lifetime, type StorageEntry, type StorageKind } from '@/lib/consent/storage-table';
import { captchaTtlMs } from '@/lib/db/retention';
import { draftTtlSeconds } from '@/lib/forms/draft';

/*
 * The cookie policy lists every cookie and storage key the site sets (DPA 113/2024, 131/2024), from
 * lib/consent/storage-table.ts. This reads the code for every place that sets one (cookies().set,
 * a response's cookies.set, a set-cookie header, document.cookie, localStorage and sessionStorage's
 * setItem), works out the name it sets, and fails when the table does not list it.
 */

const root = path.join(__dirname, '../..');
const sourceDirs = ['lib', 'components', 'app'];
const sourceFiles = [
  'proxy.ts',
  ...sourceDirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|mjs)$/.test(file))
      .map((file) => path.join(dir, file)),
  ),
];
const sources = new Map(sourceFiles.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));

/** A call site: the file, the name as the code writes it, and where it is kept. */
type Site = { file: string; expression: string; kind: StorageKind };

const setters: { pattern: RegExp; kind: (match: RegExpMatchArray) => StorageKind }[] = [
  // cookies().set(name, …), jar.set(name, …), response.cookies.set(name, …)
  { pattern: /(?:cookies\(\)\)|\bjar|\.cookies)\.set\(\s*([^,]+),/g, kind: () => 'cookie' },
  // localStorage.setItem(name, …), sessionStorage.setItem(…), store?.setItem(…) on the local storage
  { pattern: /\b(localStorage|sessionStorage|store\??)\.setItem\(\s*([^,]+),/g, kind: (match) => (match[1] === 'sessionStorage' ? 'sessionStorage' : 'localStorage') },
  // document.cookie = name + '=' …
  { pattern: /document\.cookie\s*=\s*([^+;]+?)\s*\+/g, kind: () => 'cookie' },
  // headers.append('set-cookie', …) and { 'set-cookie': `${name}=…` }
  { pattern: /['"]set-cookie['"]\s*[,:]\s*([^\n]+)/gi, kind: () => 'cookie' },
];

function callSites(): Site[] {
  const sites: Site[] = [];
  for (const [file, text] of sources) {
    for (const { pattern, kind } of setters) {
      for (const match of text.matchAll(pattern)) {
        const expression = (match[2] ?? match[1] ?? '').trim();
        sites.push({ file, expression, kind: kind(match) });
      }
    }
  }
  return sites;
}

/**
 * The call sites whose name is built where this test cannot read it, each with the names it sets.
 * A new entry here needs its rows in the table too.
 */
const explained: Record<string, string[]> = {
  // The record and four flags of storageEntries (lib/consent); compared with allStorageKeys below.
  'components/consent/consent-manager.tsx localStorage key': [...allStorageKeys],
  // The static export's language detection: d.cookie is languageCookie.
  'lib/export/static-pages.ts cookie d.cookie': ['NEXT_LOCALE'],
  'lib/export/static-pages.ts localStorage d.cookie': ['NEXT_LOCALE'],
  // captchaCookie(form) for the form's endpoint and its audio path.
  'lib/forms/captcha-route.ts cookie cookie(formEndpoint(form)));': ['captcha-<form>'],
  'lib/forms/captcha-route.ts cookie cookie(audioPath(form)));': ['captcha-<form>'],
  // draftCookieNames: form-draft and form-draft-1.
  "lib/forms/plain-post.ts cookie chunk ? cookie(name, chunk, path, draftTtlSeconds) : cookie(name, '', path, 0));": ['form-draft', 'form-draft-<n>'],
  "lib/forms/plain-post.ts cookie cookie(name, '', path, 0));": ['form-draft', 'form-draft-<n>'],
};

/** A name as the code has it: a string, a constant, a template or a function returning one (looked up in its own file first). */
function resolve(file: string, expression: string): string | undefined {
  const literal = /^(['"`])([^'"`$]+)\1$/.exec(expression);
  if (literal) return literal[2];
  // `${searcherHintCookie}=; Path=/; …` (a deletion, still a name the site sets)
  const template = /^`\$\{(\w+)\}=/.exec(expression);
  const name = template?.[1] ?? /^(\w+)(?:\(\w*\))?$/.exec(expression)?.[1];
  if (!name) return undefined;
  for (const text of [sources.get(file) ?? '', ...sources.values()]) {
    const constant = new RegExp(`const ${name}\\s*=\\s*(?:\\([^)]*\\)\\s*=>\\s*)?(['"\`])([^'"\`]+)\\1`).exec(text);
    if (constant?.[2]) return constant[2].replace(/\$\{[^}]+\}/g, '<*>');
  }
  return undefined;
}

const comparable = (name: string) => name.replace(/<[^>]+>/g, '<*>');
const listed = (name: string, kind: StorageKind) => storageTable.some((entry) => entry.kind === kind && comparable(entry.name) === comparable(name));

describe('the cookie table', () => {
  const sites = callSites();
  const found = sites.map((site) => ({ site, names: explained[`${site.file} ${site.kind} ${site.expression}`] ?? [resolve(site.file, site.expression)].filter((name) => name !== undefined) }));

  it('finds the places the code sets a cookie or a storage key', () => {
    // The count guards the patterns: a pattern that stopped matching would make the next test vacuous.
    expect(sites.length).toBeGreaterThanOrEqual(14);
    expect(sites.map((site) => site.file)).toEqual(expect.arrayContaining(['proxy.ts', 'lib/auth/actions.ts', 'lib/favourites/storage.ts', 'lib/catalogue/list-return.ts', 'lib/forms/plain-post.ts']));
  });

  it('knows the name every one of them sets', () => {
    const unknown = found.filter(({ names }) => names.length === 0).map(({ site }) => `${site.file} ${site.kind} ${site.expression}`);
    expect(unknown, 'a name this test cannot read: add it to `explained` here, and its rows to lib/consent/storage-table.ts').toEqual([]);
  });

  it('lists every name the code sets, as the kind of storage it is', () => {
    const missing = found.flatMap(({ site, names }) => names.filter((name) => !listed(name, site.kind)).map((name) => `${name} (${site.kind}, ${site.file})`));
    expect(missing, 'add these to storageTable in lib/consent/storage-table.ts').toEqual([]);
  });

  it('lists nothing of the site that the code no longer sets', () => {
    const set = new Set(found.flatMap(({ site, names }) => names.map((name) => `${site.kind} ${comparable(name)}`)));
    const stale = storageTable.filter((entry) => entry.setBy === 'site' && !set.has(`${entry.kind} ${comparable(entry.name)}`)).map((entry) => entry.name);
    expect(stale).toEqual([]);
  });

  it('gives the lifetimes the code sets', () => {
    const minutes = (lifetime: Lifetime | undefined) => {
      if (!lifetime || typeof lifetime === 'string') return undefined;
      return lifetime.count * { minutes: 1, hours: 60, days: 24 * 60, months: 30 * 24 * 60, years: 365 * 24 * 60 }[lifetime.unit];
    };
    const row = (name: string): StorageEntry | undefined => storageTable.find((entry) => entry.kind === 'cookie' && entry.name === name);
    expect(minutes(row('login_device')?.lifetime)).toBe(deviceTtlMs / 60_000);
    expect(minutes(row('form-draft')?.lifetime)).toBe(draftTtlSeconds / 60);
    expect(minutes(row('captcha-<form>')?.lifetime)).toBe(captchaTtlMs / 60_000);
    const sessionHours = Number(/const sessionTtlMs = (\d+) \* 60 \* 60 \* 1000/.exec(sources.get('lib/auth/owner-auth.ts') ?? '')?.[1]);
    expect(minutes(row('owner_session')?.lifetime)).toBe(sessionHours * 60);
    expect(minutes(row('agency_searcher')?.lifetime)).toBe(sessionHours * 60);
    expect(sources.get('proxy.ts')).toContain('const oneYear = 60 * 60 * 24 * 365;');
    expect(row('NEXT_LOCALE')?.lifetime).toEqual({ count: 1, unit: 'years' });
  });
});

describe('the rows a cookie policy shows', () => {
  const none = { analyticsId: '', adsId: '', tagManagerId: '', socialPixelId: '' };
  const names = (ids: typeof none) => configuredStorage(ids).map((entry) => entry.name);

  it('shows only the site’s own with no tag configured', () => {
    expect(configuredStorage(none).every((entry) => entry.setBy === 'site')).toBe(true);
    expect(names(none)).toContain('NEXT_LOCALE');
  });

  it('shows Google’s cookies only with a Google id, and Meta’s only with the pixel', () => {
    expect(names({ ...none, analyticsId: 'G-AB12CD34EF' })).toEqual(expect.arrayContaining(['_ga', '_ga_<id>']));
    expect(names({ ...none, analyticsId: 'G-AB12CD34EF' })).not.toContain('_fbp');
    expect(names({ ...none, socialPixelId: '123456789012345' })).toContain('_fbp');
    expect(names({ ...none, socialPixelId: '123456789012345' })).not.toContain('_ga');
    // The tag manager's Google tags set Analytics' and Ads' cookies.
    expect(names({ ...none, tagManagerId: 'GTM-TEST123' })).toEqual(expect.arrayContaining(['_ga', '_gcl_au']));
  });
});
