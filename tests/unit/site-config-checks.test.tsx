// @vitest-environment jsdom
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TeamView } from '@/components/content/modules/category/team-view';
import { readSiteConfig, type MenuEntry } from '@/lib/config';
import { hostNameProblem, linkProblem, plainTextProblem, siteUrlProblem, tagIdProblem } from '@/lib/config/formats';
import { menuAncestors, menuParentLoops } from '@/lib/config/menu-tree';
import { isoDateProblem } from '@/lib/data-file/dates';
import { allGranted, allowedTags } from '@/lib/consent';
import { sanitizerRemovals } from '@/lib/html';
import { internalSegments } from '@/lib/config/system-slugs';

/*
 * Issue 14, data/site: the pieces under the corpus. The menu walks stop on a parent loop even with
 * data no check has seen; the value formats; the internal paths the menu may not take; and the
 * team's initials really replacing a photo whose file is missing.
 */

vi.mock('next-intl/server', () => import('./intl-mock'));

afterEach(cleanup);

const root = path.resolve(__dirname, '../..');

/** The shipped menu with one edit, as data no check has seen. */
function shippedMenu(): MenuEntry[] {
  const result = readSiteConfig(path.join(root, 'data/site'), { publicDir: path.join(root, 'public') });
  if (!result.ok) throw new Error('the shipped data/site is refused');
  return structuredClone(result.config.menu);
}

describe('menu walks over parents', () => {
  it('stops at a loop of two entries, each ancestor once', () => {
    const menu = shippedMenu();
    const byId = new Map(menu.map((entry) => [entry.id, entry]));
    const services = byId.get('services');
    const jobs = byId.get('jobs');
    if (!services || !jobs) throw new Error('services and jobs are in the shipped menu');
    services.parentId = 'jobs';
    expect(menuAncestors(jobs, (id) => byId.get(id)).map((entry) => entry.id)).toEqual(['services']);
    expect(menuAncestors(services, (id) => byId.get(id)).map((entry) => entry.id)).toEqual(['jobs']);
  });

  it('stops at a longer loop and on a loop the entry is not part of', () => {
    const entries = ['a', 'b', 'c', 'd'].map((id) => ({ ...shippedMenu()[4]!, id }));
    const [a, b, c, d] = entries as [MenuEntry, MenuEntry, MenuEntry, MenuEntry];
    a.parentId = 'b';
    b.parentId = 'c';
    c.parentId = 'b'; // b ↔ c, reached from a
    d.parentId = 'd';
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    expect(menuAncestors(a, (id) => byId.get(id)).map((entry) => entry.id)).toEqual(['b', 'c']);
    expect(menuAncestors(d, (id) => byId.get(id))).toEqual([]);
    expect(menuParentLoops(entries).map((loop) => [...loop].sort())).toEqual([['b', 'c'], ['d']]);
  });

  it('finds no loop in the shipped menu', () => {
    expect(menuParentLoops(shippedMenu())).toEqual([]);
  });
});

describe('the site walks a cyclic menu without hanging', () => {
  it('builds menu URLs, reads them back and makes the breadcrumb trail', async () => {
    vi.resetModules();
    const menu = shippedMenu();
    const services = menu.find((entry) => entry.id === 'services');
    if (!services) throw new Error('services is in the shipped menu');
    services.parentId = 'jobs';
    vi.doMock('@/lib/config/load', async (importOriginal) => {
      const actual = await importOriginal<typeof import('@/lib/config/load')>();
      const result = actual.readSiteConfig();
      if (!result.ok) throw new Error('the shipped data/site is refused');
      return { ...actual, loadSiteConfig: () => ({ ...result.config, menu }) };
    });
    const { getMenuEntry } = await import('@/lib/config');
    expect(getMenuEntry('services')?.parentId, 'the site reads the cyclic menu').toBe('jobs');
    const { breadcrumbTrail, href, resolvePath } = await import('@/lib/pages');
    const jobsHref = href({ page: 'menu', id: 'jobs' }, 'en');
    expect(jobsHref).toBe('/en/services/jobs/');
    expect(resolvePath(jobsHref)?.route).toEqual({ page: 'menu', id: 'jobs' });
    const trail = breadcrumbTrail({ page: 'menu', id: 'jobs' }, 'en', (key: string) => key);
    expect(trail.map((crumb) => crumb.name)).toEqual(['nav.home', 'Services', 'Jobs']);
    vi.doUnmock('@/lib/config/load');
    vi.resetModules();
  });
});

describe('value formats of data/site', () => {
  it.each([
    ['analyticsId', 'G-AB12CD34EF', true],
    ['analyticsId', '', true],
    ['analyticsId', 'G-AB12CD34EF"', false],
    ['analyticsId', 'g-ab12cd34ef', false],
    ['tagManagerId', 'GTM-K9PL2Q', true],
    ['tagManagerId', "GTM-K9PL2Q';x='", false],
    ['adsId', 'AW-1029384756', true],
    ['adsId', 'AW-10293 84756', false],
    ['socialPixelId', '884120339912345', true],
    ['socialPixelId', '8841<script>', false],
  ] as const)('%s %j accepted: %s', (field, value, ok) => {
    expect(tagIdProblem(field, value) === undefined).toBe(ok);
  });

  it.each([
    ['https://www.notaris.be/', true],
    ['http://localhost:3000/x', true],
    ['mailto:info@immo-hainaut.be', true],
    ['tel:+3265123456', true],
    ["/en/i'm-looking-for/", true],
    ['javascript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['jav\u0000ascript:alert(1)', false],
    ['DATA:text/html,x', false],
    ['//evil.example', false],
    ['www.immo-hainaut.be', false],
    ['immo-hainaut.be/contact', false],
    ['https://', false],
    ['/fr/"onmouseover="x', false],
  ])('link %j accepted: %s', (value, ok) => {
    expect(linkProblem(value) === undefined).toBe(ok);
  });

  it('tells a scheme-less address to add https://', () => {
    expect(linkProblem('www.agency.be')).toMatch(/https:\/\/www\.agency\.be/);
  });

  it.each([
    ['© 2026 Immo Hainaut', true],
    ['Prijs < 200.000 euro', true],
    ['info@immo-hainaut.be', true],
    ['<b>x</b>', false],
    ['x &amp; y', false],
    ['x &#233; y', false],
    ['see https://x.be', false],
    ['see www.x.be', false],
  ])('text %j accepted: %s', (value, ok) => {
    expect(plainTextProblem(value) === undefined).toBe(ok);
  });

  it.each([
    ['cdn.immo-hainaut.be', true],
    ['https://cdn.immo-hainaut.be', false],
    ['cdn immo.be', false],
    ['cdn.immo.be"', false],
  ])('host %j accepted: %s', (value, ok) => {
    expect(hostNameProblem(value) === undefined).toBe(ok);
  });

  it.each([
    ['https://www.immo-hainaut.be', true],
    ['https://www.immo-hainaut.be/', true],
    ['http://localhost:3000', true],
    ['https://www.immo-hainaut.be/nl', false],
    ['https://www.immo-hainaut.be?x=1', false],
    ['ftp://www.immo-hainaut.be', false],
    ['https://www.immo-hainaut.be"', false],
  ])('site URL %j accepted: %s', (value, ok) => {
    expect(siteUrlProblem(value) === undefined).toBe(ok);
  });

  it.each([
    ['2026-03-15', true],
    ['2024-02-29', true],
    ['2026-03-15T10:30:00Z', true],
    ['2026-13-45', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2025-02-29', false],
    ['2026-3-15', false],
    ['2026-03-15T24:00', false],
  ])('date %j accepted: %s', (value, ok) => {
    expect(isoDateProblem(value) === undefined).toBe(ok);
  });

  it('lists what the sanitizer removes', () => {
    expect(sanitizerRemovals('<p onclick="x">a <a href="javascript:x">b</a></p><script>1</script><div>c</div>')).toEqual({
      unsafe: ['onclick="…"', 'href="javascript:…"', '<script>'],
      dropped: ['<div>'],
    });
    expect(sanitizerRemovals('<p>Plain <strong>text</strong> and <a href="https://www.biv.be">a link</a>.</p>')).toEqual({ unsafe: [], dropped: [] });
  });
});

describe('tag ids reaching the scripts', () => {
  it('loads no tag for an id that slipped past the data check', () => {
    const hostile = { analyticsId: "G-AB12');alert(1);//", adsId: 'AW-1"><script>', tagManagerId: 'GTM-A B', socialPixelId: '1</script>' };
    expect(allowedTags(hostile, allGranted)).toEqual({ tagManager: null, analytics: null, ads: null, socialPixel: null });
    expect(allowedTags({ ...hostile, analyticsId: ' G-AB12CD34EF ' }, allGranted).analytics).toBe('G-AB12CD34EF');
  });
});

describe('paths reserved for the site', () => {
  it('names every page folder of app/[lang] rendered by itself', () => {
    const folders = readdirSync(path.join(root, 'app/[lang]'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('['))
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) expect(Object.keys(internalSegments)).toContain(folder);
  });
});

describe('a team photo missing on disk', () => {
  it('is a warning, and the team view then shows the initials', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agency-team-'));
    try {
      cpSync(path.join(root, 'data/site'), dir, { recursive: true });
      const teamPath = path.join(dir, 'team.json');
      const parsed: unknown = JSON.parse(readFileSync(teamPath, 'utf8'));
      const records = Array.isArray(parsed) ? parsed : (parsed as { records: Array<{ id: number; photo: string | null }> }).records;
      const sophie = records.find((member: { id: number }) => member.id === 1);
      if (!sophie) throw new Error('team member 1 is in the shipped team');
      sophie.photo = '/images/team/missing.webp';
      writeFileSync(teamPath, JSON.stringify(parsed));
      const result = readSiteConfig(dir, { publicDir: path.join(root, 'public') });
      if (!result.ok) throw new Error(result.issues.map((issue) => issue.message).join('\n'));
      expect(result.warnings.map((issue) => issue.field)).toEqual(['photo']);
      const members = result.config.team.filter((member) => member.id === 1);
      render(await TeamView({ members, language: 'en', perRow: 4, headingLevel: 3 }));
      expect(screen.getByText('SL')).toBeTruthy();
      expect(document.querySelector('img')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
