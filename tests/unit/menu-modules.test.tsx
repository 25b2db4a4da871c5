// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArticlePage } from '@/components/content/article-page';
import { MenuModules, moduleClassNames, visibleModules } from '@/components/content/modules/menu-modules';
import { getTotals } from '@/lib/catalogue';
import { getArticles, getMenuEntry, getTeam, localise, type Article, type Language, type Module } from '@/lib/config';

/*
 * getTranslations needs a Next.js request; the mock answers with the real messages of the locale
 * the component asks for, so a missing key or a wrong locale fails here as it would on the page.
 */
vi.mock('next-intl/server', () => import('./intl-mock'));

/* An article whose body tries to run a script, added to the real articles for the single view. */
const { hostileArticle } = vi.hoisted(() => ({
  hostileArticle: {
    id: 'hostile-fixture',
    category: 'pages',
    slug: { nl: 'fixture', fr: 'fixture', en: 'fixture', de: 'fixture' },
    title: { nl: 'Fixture', fr: 'Fixture', en: 'Fixture', de: 'Fixture' },
    summary: 'A fixture.',
    body: {
      en: '<p>Before the script.</p><script>window.hacked = true</script><h2>Fixture heading</h2><p onclick="alert(1)">After <a href="javascript:alert(1)">the link</a>.</p><img src=x onerror="alert(1)">',
    },
    author: '',
    image: '',
    status: 'Published',
    createDate: '2024-01-01',
    sort: 999,
  } satisfies Article,
}));

vi.mock('@/lib/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/config')>();
  return { ...actual, getArticles: () => [...actual.getArticles(), hostileArticle] };
});

afterEach(cleanup);

// next.config.ts sets trailingSlash: true, which the build passes to next/link through this variable.
vi.stubEnv('__NEXT_TRAILING_SLASH', 'true');

/**
 * Server components nest async components (PropertyList → PropertyCard), which the browser
 * renderer of the tests cannot run: this awaits them the way the server does, then leaves the
 * synchronous tree to React.
 */
async function resolveServer(node: ReactNode): Promise<ReactNode> {
  if (Array.isArray(node)) {
    // A resolved copy of static children loses React's "static" mark; their order is fixed, so
    // their position is a sound key.
    const children = await Promise.all(node.map((child: ReactNode) => resolveServer(child)));
    return children.map((child, index) => (isValidElement(child) && child.key === null ? cloneElement(child, { key: index }) : child));
  }
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<{ children?: ReactNode }>;
  if (typeof element.type === 'function' && element.type.constructor.name === 'AsyncFunction') {
    const component = element.type as (props: unknown) => Promise<ReactNode>;
    return resolveServer(await component(element.props));
  }
  if (element.props.children === undefined) return element;
  return cloneElement(element, { children: await resolveServer(element.props.children) });
}

async function renderModules(modules: Module[], language: Language = 'en') {
  return render(<>{await resolveServer(await MenuModules({ modules, language }))}</>);
}

function menuModule(pageId: string, moduleId: string): Module {
  const module = getMenuEntry(pageId)?.params.modules.find((candidate) => candidate.id === moduleId);
  if (!module) throw new Error(`module ${moduleId} of menu entry ${pageId} is missing from data/site/menu.json`);
  return module;
}

/** A module as staff would configure it; the overrides set what a test is about. */
function fixture(overrides: Partial<Module>): Module {
  return {
    id: 'fixture',
    title: { nl: 'Titel', fr: 'Titre', en: 'Title', de: 'Titel' },
    titleSize: 'h2',
    description: '',
    position: 0,
    span: 12,
    col: { sm: 12, md: 12, lg: 12 },
    sort: 0,
    class: '',
    status: 'Published',
    view: 'card-view',
    backgroundType: '',
    image: '',
    images: [],
    colorBackground: '',
    relations: { type: 'category', id: 'services' },
    numberItemOfRow: 4,
    maxItems: 4,
    isHasSubcategories: false,
    ...overrides,
  };
}

const section = (container: HTMLElement, id: string) => {
  const element = container.querySelector<HTMLElement>(`section[data-module="${id}"]`);
  if (!element) throw new Error(`no section for module ${id}`);
  return element;
};

describe('card-view', () => {
  it('links each services article to its page, with title and summary, in every language', async () => {
    for (const [language, expected] of [
      ['nl', ['/nl/our-services/verkopen/', '/nl/our-services/verhuren/']],
      ['fr', ['/fr/our-services/vendre/', '/fr/our-services/louer/']],
      ['en', ['/en/our-services/sell/', '/en/our-services/rental/']],
    ] as const) {
      const { container } = await renderModules([menuModule('services', 'services-articles')], language);
      const cards = within(section(container, 'services-articles')).getAllByRole('article');
      expect(cards.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual(expected);
      cleanup();
    }
    const { container } = await renderModules([menuModule('services', 'services-articles')]);
    const sell = within(section(container, 'services-articles')).getByRole('heading', { level: 3, name: 'Selling your property' });
    expect(sell.closest('article')?.textContent).toContain("From the valuation to the deed at the notary's office");
    expect(sell.closest('article')?.textContent).toContain('Read more');
  });

  it('shows the listings of a property-list module with the PropertyList cards, never more than maxItems or 4', async () => {
    const cases: [number, number][] = [
      [1, 1],
      [2, 2],
      [4, 4],
      // A hand-edited file that slipped past the schema still shows 4.
      [9, 4],
    ];
    for (const [maxItems, shown] of cases) {
      const { container } = await renderModules([fixture({ relations: { type: 'property-list', id: 'rent' }, maxItems, numberItemOfRow: 3 })]);
      const list = section(container, 'fixture').querySelector('ul');
      expect(list?.style.getPropertyValue('--per-row')).toBe('3');
      expect(within(list!).getAllByRole('article')).toHaveLength(shown);
      cleanup();
    }
  });

  it('names a card\'s photo by the type and the town, with no article to get wrong (issue 39, item 27: "Photo de Surface commerciale")', async () => {
    for (const [language, joiner] of [
      ['fr', ' à '],
      ['nl', ' in '],
      ['en', ' in '],
      ['de', ' in '],
    ] as const) {
      const { container } = await renderModules([fixture({ relations: { type: 'property-list', id: 'sale' }, maxItems: 4 })], language);
      const alts = [...section(container, 'fixture').querySelectorAll('article img')].map((image) => image.getAttribute('alt') ?? '');
      expect(alts.length, language).toBeGreaterThan(0);
      for (const alt of alts) {
        expect(alt, language).toContain(joiner);
        expect(alt, language).not.toMatch(/^(Photo|Foto)\b/);
      }
      cleanup();
    }
  });

  it('a property-list of the home page shows 4 for-sale listings linking to their detail pages', async () => {
    const { container } = await renderModules([menuModule('home', 'home-sale')], 'fr');
    const links = within(section(container, 'home-sale')).getAllByRole('link');
    expect(links).toHaveLength(4);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/fr\/a-vendre\/[^/]+\/[^/]+\/\d+\/$/);
  });
});

describe('collapse-view', () => {
  it('is an accordion of details/summary with each title and its sanitized body, closed at first', async () => {
    const { container } = await renderModules([fixture({ view: 'collapse-view', relations: { type: 'category', id: 'testimonials' } })]);
    const items = [...container.querySelectorAll('details')];
    const testimonials = getArticles().filter((article) => article.category === 'testimonials');
    expect(items).toHaveLength(testimonials.length);
    expect(items.map((item) => item.querySelector('summary')?.textContent)).toEqual(['Martine, seller in Mons', 'Julien, tenant in Tournai', 'Sophie, buyer in Ath']);
    expect(items.every((item) => !item.open)).toBe(true);
    expect(items[0]?.textContent).toContain('After my mother passed away');
    // Native elements: the summary is the first child, so it is the keyboard-focusable toggle.
    expect(items[0]?.firstElementChild?.tagName).toBe('SUMMARY');
  });

  it('sanitizes the body inside a panel too', async () => {
    const { container } = await renderModules([fixture({ view: 'collapse-view', relations: { type: 'article', id: hostileArticle.id } })]);
    expect(container.querySelector('details script')).toBeNull();
    expect(container.querySelector('details summary')?.textContent).toBe('Fixture');
  });
});

describe('single-view', () => {
  it('shows the full body of the useful-links article with its external links', async () => {
    const { container } = await renderModules([menuModule('useful-links', 'useful-links-article')], 'nl');
    const module = section(container, 'useful-links-article');
    expect(within(module).getByRole('heading', { level: 2, name: 'Handige links' })).toBeTruthy();
    const external = within(module)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(external).toContain('https://www.notaris.be');
    // The body's h2 sits below the module's h2.
    expect(within(module).getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(1);
  });

  it('never repeats the page title as the heading of its module (issue 39, item 27: "Liens utiles" was an h1 and an h2)', async () => {
    const { MenuPage } = await import('@/components/content/menu-page');
    const entry = getMenuEntry('useful-links');
    if (!entry) throw new Error('useful-links is in the menu');
    for (const language of ['fr', 'nl', 'en', 'de'] as const) {
      const { container } = render(<>{await resolveServer(MenuPage({ entry, language }))}</>);
      const headings = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => heading.textContent?.trim());
      expect(headings[0], language).toBe(localise(entry.params.title, language));
      expect(new Set(headings).size, `${language}: ${headings.join(' | ')}`).toBe(headings.length);
      // The article's own sections still come right below the page's h1.
      expect(container.querySelectorAll('section[data-module="useful-links-article"] h2').length, language).toBeGreaterThan(1);
      cleanup();
    }
  });

  it('never lets a script, an event handler or a javascript: link through', async () => {
    const { container } = await renderModules([fixture({ view: 'single-view', relations: { type: 'article', id: hostileArticle.id } })]);
    const module = section(container, 'fixture');
    expect(module.querySelector('script, img, [onclick], [onerror]')).toBeNull();
    expect(module.innerHTML).not.toContain('hacked');
    expect(module.innerHTML).not.toContain('javascript:');
    expect(module.textContent).toContain('Before the script.');
    expect(within(module).getByRole('heading', { level: 3, name: 'Fixture heading' })).toBeTruthy();
  });

  it('shows each legal page in full', async () => {
    for (const [page, moduleId, heading] of [
      ['privacy-statement', 'privacy-article', 'Data controller'],
      ['cookie-policy', 'cookie-article', 'What the site needs to work'],
      ['accessibility-statement', 'accessibility-article', 'Conformance status'],
      ['disclaimer', 'disclaimer-article', 'Publisher'],
    ] as const) {
      const { container } = await renderModules([menuModule(page, moduleId)]);
      expect(within(section(container, moduleId)).getByRole('heading', { name: heading })).toBeTruthy();
      cleanup();
    }
  });
});

describe('ons-team-view', () => {
  it('shows every agent with photo, localised role, grouped phone numbers and e-mail', async () => {
    const { container } = await renderModules([menuModule('services', 'services-team')], 'fr');
    const module = section(container, 'services-team');
    const members = within(module).getAllByRole('listitem');
    expect(members).toHaveLength(getTeam().length);
    const sophie = members[0]!;
    expect(within(sophie).getByRole('heading', { level: 3 }).textContent).toBe('Sophie Lambert');
    expect(sophie.textContent).toContain('Gérante et agent immobilier');
    const direct = within(sophie).getByRole('link', { name: '065 12 34 56' });
    expect(direct.getAttribute('href')).toBe('tel:065123456');
    const mobile = within(sophie).getByRole('link', { name: '0475 12 34 56' });
    expect(mobile.getAttribute('href')).toBe('tel:0475123456');
    expect(within(sophie).getByRole('link', { name: 'sophie.lambert@immo-hainaut.be' }).getAttribute('href')).toBe('mailto:sophie.lambert@immo-hainaut.be');
    expect(sophie.textContent).toContain('Téléphone');
    const photos = [...module.querySelectorAll('img')].map((image) => decodeURIComponent(image.getAttribute('src') ?? ''));
    expect(photos).toHaveLength(4);
    photos.forEach((src, index) => expect(src).toContain(`/images/team/${index + 1}.webp`));
  });
});

describe('contact and stats modules', () => {
  it('a contact module is the #contact-form anchor with the agency details', async () => {
    const { container } = await renderModules([menuModule('contact', 'contact-form')], 'nl');
    const module = container.querySelector('#contact-form');
    expect(module?.getAttribute('data-module')).toBe('contact-form');
    expect(
      within(module as HTMLElement)
        .getByRole('link', { name: '065 12 34 56' })
        .getAttribute('href'),
    ).toBe('tel:065123456');
    expect(within(module as HTMLElement).getByRole('link', { name: 'info@immo-hainaut.be' })).toBeTruthy();
    expect(module?.textContent).toContain('7000 Bergen');
    expect(module?.textContent).toContain('Contactgegevens');
  });

  it('only the first contact module takes the anchor', async () => {
    const { container } = await renderModules([
      fixture({ id: 'first', relations: { type: 'contact', id: 'site-contact' } }),
      fixture({ id: 'second', relations: { type: 'contact', id: 'site-contact' } }),
    ]);
    expect(container.querySelectorAll('#contact-form')).toHaveLength(1);
    expect(container.querySelector('#contact-form')?.getAttribute('data-module')).toBe('first');
  });

  it('a stats-view module links both lists with their counts', async () => {
    const { container } = await renderModules([menuModule('services', 'services-stats')]);
    const links = within(section(container, 'services-stats')).getAllByRole('link');
    const totals = getTotals('en');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/en/for-sale/', '/en/for-rent/']);
    expect(links[0]?.textContent).toContain(String(totals.sale));
    expect(links[1]?.textContent).toContain(String(totals.rent));
  });
});

describe('module layout', () => {
  it('leaves out modules that are not Published', async () => {
    const { container } = await renderModules([fixture({ id: 'shown' }), fixture({ id: 'draft', status: 'Draft' })]);
    expect(container.querySelector('[data-module="shown"]')).not.toBeNull();
    expect(container.querySelector('[data-module="draft"]')).toBeNull();
  });

  it('orders by sort, then position', async () => {
    const modules = [fixture({ id: 'c', sort: 2, position: 0 }), fixture({ id: 'b', sort: 1, position: 5 }), fixture({ id: 'a', sort: 1, position: 1 })];
    expect(visibleModules(modules).map((module) => module.id)).toEqual(['a', 'b', 'c']);
    const { container } = await renderModules(modules);
    expect([...container.querySelectorAll('section')].map((element) => element.dataset.module)).toEqual(['a', 'b', 'c']);
  });

  it('spans col.sm, col.md and col.lg columns through --col-sm/md/lg', async () => {
    const { container } = await renderModules([fixture({ col: { sm: 12, md: 6, lg: 4 } })]);
    const module = section(container, 'fixture');
    expect(module.style.getPropertyValue('--col-sm')).toBe('12');
    expect(module.style.getPropertyValue('--col-md')).toBe('6');
    expect(module.style.getPropertyValue('--col-lg')).toBe('4');
  });

  it('adds the configured class, reduced to [a-z0-9 _-]', async () => {
    expect(moduleClassNames('Promo wide_2 "><img src=x onerror=alert(1)>')).toEqual(['promo', 'wide_2', 'img', 'srcx', 'onerroralert1']);
    const { container } = await renderModules([fixture({ class: 'Highlight  band-dark' })]);
    const module = section(container, 'fixture');
    expect(module.classList.contains('highlight')).toBe(true);
    expect(module.classList.contains('band-dark')).toBe(true);
  });

  it('uses titleSize for the heading and shows the localised description', async () => {
    const { container } = await renderModules([fixture({ titleSize: 'h4', description: { nl: 'Beschrijving', fr: 'Description', en: 'What we do' } })], 'en');
    const module = section(container, 'fixture');
    const heading = within(module).getByRole('heading', { level: 4, name: 'Title' });
    expect(module.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(module.textContent).toContain('What we do');
    // The cards sit one level below.
    expect(within(module).getAllByRole('heading', { level: 5 })).toHaveLength(2);
  });

  it('paints a colour background, and a picture (or the first gallery picture) under an overlay', async () => {
    const { container } = await renderModules([
      fixture({ id: 'colour', backgroundType: 'color', colorBackground: '#1d4e89' }),
      fixture({ id: 'light', backgroundType: 'color', colorBackground: '#f3f5f7' }),
      fixture({ id: 'picture', backgroundType: 'image', image: '/catalogue/4000001/1-xl.webp' }),
      fixture({ id: 'gallery', backgroundType: 'gallery', images: ['/catalogue/4000002/1-xl.webp', '/catalogue/4000002/2-xl.webp'] }),
      fixture({ id: 'plain', backgroundType: 'none', colorBackground: '#1d4e89' }),
    ]);
    expect(section(container, 'colour').style.backgroundColor).toBe('rgb(29, 78, 137)');
    const backdrop = (id: string) => [...section(container, id).querySelectorAll('img')].filter((image) => !image.closest('article'));
    expect(decodeURIComponent(backdrop('picture')[0]?.getAttribute('src') ?? '')).toContain('/catalogue/4000001/1-xl.webp');
    expect(backdrop('picture')[0]?.getAttribute('alt')).toBe('');
    expect(backdrop('gallery')).toHaveLength(1);
    expect(decodeURIComponent(backdrop('gallery')[0]?.getAttribute('src') ?? '')).toContain('/catalogue/4000002/1-xl.webp');
    expect(section(container, 'plain').style.backgroundColor).toBe('');
    expect(backdrop('plain')).toHaveLength(0);
    // White heading on the dark colour and on pictures, the theme's text colour on the light one.
    const classes = (id: string) => section(container, id).className.split(' ');
    expect(classes('colour').length).toBe(classes('picture').length);
    expect(classes('light').length).toBe(classes('colour').length - 1);
  });
});

describe('ArticlePage', () => {
  async function renderArticle(id: string, language: Language) {
    const article = getArticles().find((candidate) => candidate.id === id);
    if (!article) throw new Error(`article ${id} is missing`);
    return render(<>{await resolveServer(await ArticlePage({ article, language }))}</>);
  }

  it('shows a services article in full with a link back to the services page', async () => {
    await renderArticle('sell', 'nl');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Uw woning verkopen');
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(1);
    const back = screen.getByRole('link', { name: /Terug naar onze diensten/ });
    expect(back.getAttribute('href')).toBe('/nl/diensten/');
    expect(screen.queryByText(/^Door /)).toBeNull();
  });

  it('shows a testimonial as a quote with its author', async () => {
    const { container } = await renderArticle('testimonial-2', 'fr');
    expect(container.querySelector('blockquote')?.textContent).toContain('Tournai');
    expect(container.querySelector('figcaption')?.textContent).toBe('Par Julien V.');
    expect(screen.getByRole('link', { name: /Retour/ })).toBeTruthy();
  });

  it('never renders a script from the body', async () => {
    const { container } = await renderArticle(hostileArticle.id, 'en');
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('Before the script.');
  });
});
