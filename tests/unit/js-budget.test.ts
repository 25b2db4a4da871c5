import { describe, expect, it } from 'vitest';
import { budgetOf, firstLoadScripts, issueCeiling, overBudget, pageTypeOf, pathOfHtmlFile, rowsByType } from '@/lib/js-budget/first-load';
import { allRoutes } from '@/lib/pages';

/*
 * The reading of scripts/check-js-budget.ts: which scripts a prerendered page makes the browser
 * load, which page type a build file is, and which types are over issue 16's budget.
 */

// The shape of a page as Next 16 (Turbopack) writes it, cut down.
const page = `<!DOCTYPE html><html lang="fr"><head>
<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/0uk63h0tuavo5.js"/>
<script src="/_next/static/chunks/2kd_j37wb6fda.js" async=""></script>
<script src="/_next/static/chunks/turbopack-077hmtqrhcoji.js" async=""></script>
<link rel="preload" href="/_next/static/chunks/3g6atyxjng20c.js" as="script" fetchPriority="low"/>
<link rel="stylesheet" href="/_next/static/chunks/1i-pm9a8-jbso.css" data-precedence="next"/>
<link rel="preload" href="/images/banner.webp" as="image"/>
<script src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule=""></script>
</head><body><main>…</main>
<script src="/_next/static/chunks/0uk63h0tuavo5.js" async=""></script>
<script>self.__next_f.push([1,"5:I[12345,[\\"/_next/static/chunks/0qr0alnrqp1ab.js\\",\\"/_next/static/chunks/1jzqzlffq3k-k.js\\"],\\"ConsentManager\\"]\\n6:HL[\\"/_next/static/chunks/2sicif--k1u47.css\\",\\"style\\"]"])</script>
<script>self.__next_f.push([1,"7:[\\"$\\",\\"a\\",null,{\\"href\\":\\"/fr/contact/\\"}]"])</script>
</body></html>`;

describe('the scripts a page loads first', () => {
  it('counts script tags, script preloads and the chunks of the inline payload, once each, and no stylesheet or picture', () => {
    expect(firstLoadScripts(page)).toEqual([
      'static/chunks/0qr0alnrqp1ab.js',
      'static/chunks/0uk63h0tuavo5.js',
      'static/chunks/1jzqzlffq3k-k.js',
      'static/chunks/2kd_j37wb6fda.js',
      'static/chunks/3g6atyxjng20c.js',
      'static/chunks/turbopack-077hmtqrhcoji.js',
    ]);
  });

  it('leaves out the nomodule polyfills, which no module-running browser loads, even when the payload names them', () => {
    const polyfills = 'static/chunks/0cz1d0mv5g_q7.js';
    expect(firstLoadScripts(page)).not.toContain(polyfills);
    expect(firstLoadScripts(`${page}<script>self.__next_f.push([1,"\\"/_next/${polyfills}\\""])</script>`)).not.toContain(polyfills);
  });

  it('counts module preloads and ignores scripts from elsewhere', () => {
    const html = '<link rel="modulepreload" href="/_next/static/chunks/a.js"><script src="https://www.googletagmanager.com/gtm.js?id=X"></script>';
    expect(firstLoadScripts(html)).toEqual(['static/chunks/a.js']);
  });
});

describe('the page type of a build file', () => {
  it('reads the site path of a prerendered file', () => {
    expect(pathOfHtmlFile('fr.html')).toBe('/fr/');
    expect(pathOfHtmlFile('fr/a-vendre.html')).toBe('/fr/a-vendre/');
    expect(pathOfHtmlFile('nl/te-koop/bergen/huis/4000001.html')).toBe('/nl/te-koop/bergen/huis/4000001/');
  });

  it("gives every prerendered kind of page a type, and a budget under the issue's 150 kB to the home and the menu pages", () => {
    const types = new Map(allRoutes('fr').map((route) => [route.page, pageTypeOf(route.page)]));
    expect(types.get('home')).toBe('home');
    expect(types.get('for-sale')).toBe('list');
    expect(types.get('property')).toBe('detail');
    expect(types.get('menu')).toBe('menu page');
    expect(pageTypeOf(undefined)).toBe('not found');
    // The strict types are held below the issue's ceiling (at the figure reached, the floor being 135.5 kB).
    for (const type of ['home', 'projects', 'menu page'] as const) expect(budgetOf(type)).toBeLessThan(issueCeiling);
    for (const type of ['project', 'article', 'thank-you', 'login', 'not found'] as const) expect(budgetOf(type)).toBe(issueCeiling);
  });
});

describe('the budget verdict', () => {
  it('judges each type by its heaviest page', () => {
    const rows = rowsByType([
      { type: 'project', path: '/fr/projets/1/', gzip: 140_000 },
      { type: 'project', path: '/fr/projets/2/', gzip: 151_000 },
      { type: 'home', path: '/fr/', gzip: 135_000 },
      { type: 'list', path: '/fr/a-vendre/', gzip: 120_000 },
    ]);
    const project = rows.find((row) => row.type === 'project');
    expect(project).toMatchObject({ pages: 2, heaviest: { path: '/fr/projets/2/' }, lightest: { path: '/fr/projets/1/' } });
    expect(overBudget(rows).map((row) => row.type)).toEqual(['project']);
  });
});
