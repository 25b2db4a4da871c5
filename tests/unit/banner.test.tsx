// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner } from '@/components/content/banner/banner';
import { bannerVideo, textColourOn } from '@/components/content/banner/banner-sources';
import { contrastRatio } from '@/lib/colour';
import { getProperty } from '@/lib/catalogue';
import { getSite, type Language, type Site } from '@/lib/config';

/*
 * getTranslations needs a Next.js request; the mock answers with the real messages of the locale
 * the component asks for, so a missing key or a wrong locale fails here as it would on the page.
 */
vi.mock('next-intl/server', () => import('./intl-mock'));

// The lazy wrappers only split chunks, which a build shows; here the islands render at once.
vi.mock('@/components/content/banner/banner-lazy', async () => ({
  LazyBannerSlider: (await import('@/components/content/banner/banner-slider')).BannerSlider,
  LazyBannerVideo: (await import('@/components/content/banner/banner-video')).BannerVideo,
}));

type BannerConfig = Site['banner'];

/** The banner under test; the rest of the site configuration is the shipped one. */
const current = vi.hoisted(() => ({ banner: undefined as BannerConfig | undefined }));

vi.mock('@/lib/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/config')>();
  return {
    ...actual,
    getSite: () => {
      const site = actual.getSite();
      return current.banner ? { ...site, banner: current.banner } : site;
    },
  };
});

const gallery = ['/images/banner/1.webp', '/images/banner/2.webp', '/images/banner/3.webp', '/images/banner/4.webp'];

function config(change: Partial<BannerConfig> = {}): BannerConfig {
  return {
    type: 'image',
    show: true,
    image: { url: '/images/banner/1.webp' },
    gallery: { images: gallery },
    video: '',
    color: '',
    title: { text: { nl: 'Thuis in Henegouwen', fr: 'Chez vous en Hainaut', en: 'At home in Hainaut' }, public: true },
    description: { text: { nl: 'Uw volgende woning.', fr: 'Votre prochain chez-vous.', en: 'Your next home.' }, public: true },
    ...change,
  };
}

async function renderBanner(banner: BannerConfig, language: Language = 'en', overrides: { title?: string | Record<string, string>; description?: string | Record<string, string> } = {}) {
  current.banner = banner;
  return render(await Banner({ language, ...overrides }));
}

const bannerElement = (container: HTMLElement) => {
  const element = container.querySelector<HTMLElement>('[data-banner]');
  if (!element) throw new Error('no banner rendered');
  return element;
};

/** The candidates of a srcset as "url width" pairs. */
const candidates = (srcSet: string | null) => (srcSet ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/));

beforeAll(() => {
  // Set by next build from trailingSlash: true; next/link reads it when it writes an href.
  vi.stubEnv('__NEXT_TRAILING_SLASH', 'true');
  // jsdom has no matchMedia; the banner reads prefers-reduced-motion through it.
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }),
  });
  // Nor does it play media.
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => {};
});

beforeEach(() => {
  current.banner = undefined;
});

// Preload links stay in the head: React adds one per URL and document, like the page would.
afterEach(cleanup);

describe('Banner: image', () => {
  it('is a sized, eager, high-priority picture with 600 and 800 w phone variants and a 1920 w desktop one', async () => {
    const { container } = await renderBanner(config());
    expect(bannerElement(container).dataset.banner).toBe('image');
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    const image = images[0]!;
    expect(candidates(image.getAttribute('srcset'))).toEqual([
      ['/api/image/?src=/images/banner/1.webp&width=600&format=webp', '600w'],
      ['/api/image/?src=/images/banner/1.webp&width=800&format=webp', '800w'],
      ['/images/banner/1.webp', '1920w'],
    ]);
    expect(image.getAttribute('sizes')).toBe('100vw');
    expect(image.getAttribute('width')).toBe('1920');
    expect(image.getAttribute('height')).toBe('640');
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('alt')).toBe('');
  });

  it('preloads the picture with the same srcset and sizes', async () => {
    await renderBanner(config());
    const preload = document.head.querySelector('link[rel="preload"][as="image"][imagesrcset*="src=/images/banner/1.webp"]');
    expect(preload?.getAttribute('imagesrcset')).toContain('600w');
    expect(preload?.getAttribute('imagesrcset')).toContain('/images/banner/1.webp 1920w');
    expect(preload?.getAttribute('imagesizes')).toBe('100vw');
  });

  it('shows the title and the description of the visitor language', async () => {
    const { container } = await renderBanner(config(), 'fr');
    const banner = bannerElement(container);
    expect(within(banner).getByText('Chez vous en Hainaut')).toBeTruthy();
    expect(within(banner).getByText('Votre prochain chez-vous.')).toBeTruthy();
    // The title names the banner section.
    expect(screen.getByRole('region', { name: 'Chez vous en Hainaut' })).toBe(banner);
  });

  it('hides the title and the description whose public flag is off', async () => {
    const base = config();
    const { container } = await renderBanner(config({ title: { ...base.title, public: false } }));
    expect(container.textContent).not.toContain('At home in Hainaut');
    expect(container.textContent).toContain('Your next home.');
    cleanup();
    const { container: silent } = await renderBanner(config({ title: { ...base.title, public: false }, description: { ...base.description, public: false } }));
    expect(silent.textContent).toBe('');
    expect(bannerElement(silent).querySelector('img')).toBeTruthy();
  });

  it("uses a page's banner title and description when they have text in the language", async () => {
    const { container } = await renderBanner(config(), 'nl', { title: { nl: 'Verhuurbeheer', fr: 'Gestion locative' }, description: { nl: '', fr: 'Pour les propriétaires' } });
    expect(container.textContent).toContain('Verhuurbeheer');
    expect(container.textContent).not.toContain('Thuis in Henegouwen');
    // An empty Dutch description falls back to the site's own.
    expect(container.textContent).toContain('Uw volgende woning.');
  });

  it('falls back to the colour band when there is no picture at all', async () => {
    const { container } = await renderBanner(config({ image: { url: '' }, gallery: { images: [] } }));
    expect(bannerElement(container).dataset.banner).toBe('color');
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('Banner: gallery', () => {
  it('slides every picture, only the first in the page at load (eager, high priority), with a pause button', async () => {
    const { container } = await renderBanner(config({ type: 'gallery' }));
    expect(bannerElement(container).dataset.banner).toBe('gallery');
    const slides = container.querySelectorAll('.swiper-slide');
    expect(slides).toHaveLength(4);
    // The fade stacks the slides in the viewport, where loading="lazy" would still fetch them all.
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual([gallery[0]]);
    expect(images[0]?.getAttribute('loading')).toBe('eager');
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(images[0]?.getAttribute('srcset')).toMatch(/width=600&format=webp 600w, .*width=800&format=webp 800w, \/images\/banner\/1\.webp 1920w$/);
    expect(screen.getByRole('button', { name: 'Pause the slideshow' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous photo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeTruthy();
  });

  it('puts the pictures of the neighbouring slides in the page when the visitor reaches the slider', async () => {
    const { container } = await renderBanner(config({ type: 'gallery' }));
    const sources = () => [...container.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    fireEvent.pointerEnter(container.querySelector('.swiper')!.parentElement!, { pointerType: 'touch' });
    // Either neighbour: the next one, and the last for a step back (the slider rewinds).
    await waitFor(() => expect(sources()).toEqual([gallery[0], gallery[1], gallery[3]]));
    const later = [...container.querySelectorAll('img')].slice(1);
    expect(later.map((image) => image.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    expect(later.map((image) => image.getAttribute('fetchpriority'))).toEqual(['auto', 'auto']);
  });

  it('a slider that leaves the page before its code has arrived starts nothing and updates nothing', async () => {
    // The visitor reaches the slider, which fetches swiper, and goes to another page before it
    // arrives. Before, the arriving code built a slider on the detached element, never destroyed,
    // and set the state of the gone component: an unhandled "window is not defined" in this suite
    // when the test environment had ended by then (CI, 2026-11-29).
    const { container, unmount } = await renderBanner(config({ type: 'gallery' }));
    const element = container.querySelector<HTMLElement & { swiper?: { destroyed: boolean } | null }>('.swiper')!;
    fireEvent.pointerEnter(element.parentElement!, { pointerType: 'touch' });
    const error = vi.spyOn(console, 'error');
    unmount();
    // swiper's code has arrived and what the slider chained on it has run.
    await vi.dynamicImportSettled();
    // Never built, or built and destroyed (swiper then drops its reference to null).
    expect(!element.swiper || element.swiper.destroyed).toBe(true);
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('is a single picture, without a slider, when the gallery has one', async () => {
    const { container } = await renderBanner(config({ type: 'gallery', image: { url: '' }, gallery: { images: ['/images/banner/3.webp'] } }));
    expect(bannerElement(container).dataset.banner).toBe('image');
    expect(container.querySelector('.swiper')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/banner/3.webp');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Banner: video', () => {
  it('plays a url with its mimetype through <source type>, muted, looping, inline, over a poster picture', async () => {
    const { container } = await renderBanner(config({ type: 'video', video: { url: '/videos/hainaut.webm', mimetype: 'video/webm' } }));
    expect(bannerElement(container).dataset.banner).toBe('video');
    const video = container.querySelector('video');
    expect(video).toBeTruthy();
    expect(video!.muted).toBe(true);
    expect(video!.loop).toBe(true);
    expect(video!.hasAttribute('playsinline')).toBe(true);
    // Nothing loads or plays from the markup alone: an effect starts it unless motion is reduced.
    expect(video!.hasAttribute('autoplay')).toBe(false);
    expect(video!.getAttribute('preload')).toBe('none');
    const source = video!.querySelector('source');
    expect(source?.getAttribute('src')).toBe('/videos/hainaut.webm');
    expect(source?.getAttribute('type')).toBe('video/webm');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/banner/1.webp');
    // Motion is not reduced here, so the video plays and its button pauses it.
    expect(screen.getByRole('button', { name: 'Pause the video' })).toBeTruthy();
  });

  it('accepts an https file as a plain string and names its type from the extension', async () => {
    const { container } = await renderBanner(config({ type: 'video', video: 'https://cdn.example.be/banner.mp4' }));
    const source = container.querySelector('video source');
    expect(source?.getAttribute('src')).toBe('https://cdn.example.be/banner.mp4');
    expect(source?.getAttribute('type')).toBe('video/mp4');
  });

  it('refuses plain http, player pages and non-video types, showing the picture instead', async () => {
    for (const video of ['http://cdn.example.be/banner.mp4', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', { url: '/videos/a.mp4', mimetype: 'text/html' }, '//cdn.example.be/banner.mp4']) {
      const { container } = await renderBanner(config({ type: 'video', video }));
      expect(bannerElement(container).dataset.banner, JSON.stringify(video)).toBe('image');
      expect(container.querySelector('video')).toBeNull();
      cleanup();
    }
  });

  it('bannerVideo keeps a local path without inventing a type', () => {
    expect(bannerVideo('/videos/hainaut.mp4')).toEqual({ url: '/videos/hainaut.mp4' });
    expect(bannerVideo('')).toBeUndefined();
  });
});

describe('Banner: properties', () => {
  it('slides active listings with type, town and price, each linking its page', async () => {
    const { container } = await renderBanner(config({ type: 'properties' }), 'nl');
    expect(bannerElement(container).dataset.banner).toBe('properties');
    const links = within(bannerElement(container)).getAllByRole('link');
    expect(links.length).toBeGreaterThan(1);
    expect(links.length).toBeLessThanOrEqual(8);
    for (const link of links) {
      const url = link.getAttribute('href') ?? '';
      const match = /^\/nl\/(te-koop|te-huur)\/[^/]+\/[^/]+\/(\d+)\/$/.exec(url);
      expect(match, url).toBeTruthy();
      const property = getProperty(Number(match![2]), 'nl');
      expect(property?.availability).toBe('on-offer');
      expect(link.textContent).toContain(property!.type.name);
      expect(link.textContent).toContain(`${property!.town.zip} ${property!.town.name}`);
      expect(link.textContent).toMatch(/€ [\d.]+|Prijs op aanvraag/);
    }
    const images = [...container.querySelectorAll('img')];
    expect(images[0]?.getAttribute('loading')).toBe('eager');
    expect(images.slice(1).every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);
    expect(images[0]?.getAttribute('srcset')).toContain('600w');
    expect(screen.getByRole('button', { name: 'Diavoorstelling pauzeren' })).toBeTruthy();
  });
});

describe('Banner: title under a slider of listings', () => {
  for (const type of ['properties', 'projects'] as const) {
    it(`${type}: sits in a band of the captions' colour (the theme's primary) with text that contrasts with it`, async () => {
      const { container } = await renderBanner(config({ type }), 'en');
      const banner = bannerElement(container);
      const title = within(banner).getByText('At home in Hainaut');
      const band = title.closest<HTMLElement>('[style*="--banner-band"]');
      expect(band, 'the title is in a coloured band').not.toBeNull();
      const primary = getSite().theme.primary;
      expect(band!.style.getPropertyValue('--banner-band')).toBe(primary);
      expect(contrastRatio(band!.style.getPropertyValue('--banner-band-text'), primary)).toBeGreaterThanOrEqual(4.5);
      expect(band!.textContent).toContain('Your next home.');
      // Below the slider, not inside one of its slides.
      expect(title.closest('.swiper')).toBeNull();
    });
  }
});

describe('Banner: projects', () => {
  it('shows one banner per project, linking the project page', async () => {
    const { container } = await renderBanner(config({ type: 'projects' }), 'fr');
    expect(bannerElement(container).dataset.banner).toBe('projects');
    const links = within(bannerElement(container)).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/fr/projets/5000001/', '/fr/projets/5000002/', '/fr/projets/5000003/']);
    expect(links[0]?.textContent).toContain('7000 Mons');
    expect(links[0]?.textContent).toMatch(/4 (unités|lots|logements)/);
  });
});

describe('Banner: colour', () => {
  it('is a band in the configured colour with text that contrasts with it', async () => {
    const { container } = await renderBanner(config({ type: 'color', color: '#f5e6a8' }));
    const banner = bannerElement(container);
    expect(banner.dataset.banner).toBe('color');
    expect(banner.querySelector('img')).toBeNull();
    const band = banner.firstElementChild as HTMLElement;
    expect(band.style.getPropertyValue('--banner-band')).toBe('#f5e6a8');
    expect(band.style.getPropertyValue('--banner-band-text')).toBe('#000000');
    expect(banner.textContent).toContain('At home in Hainaut');
  });

  it('picks white or black text with at least AA contrast', () => {
    for (const colour of ['#1d4e89', '#c8553d', '#f5e6a8', '#777777', '#ffffff', '#000', '#2e7d32']) {
      expect(contrastRatio(textColourOn(colour), colour), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
