import type { CSSProperties, ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { priceText, priceTranslator } from '@/components/catalogue/property-price';
import type { ListingSummary, ProjectView } from '@/lib/catalogue';
import { getSite, localise, type Language, type Localised, type Site } from '@/lib/config';
import { BannerColor } from './banner-color';
import { BannerGallery } from './banner-gallery';
import { BannerImage } from './banner-image';
import { LazyBannerVideo } from './banner-lazy';
import { bannerOwnLabels } from './banner-labels';
import { BannerProjects, bannerProjects } from './banner-projects';
import { BannerProperties, bannerProperties } from './banner-properties';
import type { BannerSliderLabels } from './banner-slider';
import { bannerVideo, type BannerVideoSource } from './banner-sources';
import styles from './banner.module.css';

type BannerConfig = Site['banner'];

export type BannerTexts = { title?: string; description?: string };

/**
 * The title and description a page shows. Each is shown only when its public flag is on; a menu
 * entry's bannerTitle or bannerDescription, when it has text in this language, replaces the
 * site-wide text on that page.
 */
function bannerTexts(banner: BannerConfig, language: Language, overrides: { title?: Localised; description?: Localised } = {}): BannerTexts {
  const choose = (config: { text: Localised; public: boolean }, override: Localised | undefined) => {
    if (!config.public) return undefined;
    const own = override === undefined ? '' : localise(override, language).trim();
    return own || localise(config.text, language).trim() || undefined;
  };
  return { title: choose(banner.title, overrides.title), description: choose(banner.description, overrides.description) };
}

export type BannerPlan =
  | { kind: 'image'; src: string }
  | { kind: 'gallery'; images: string[] }
  | { kind: 'video'; video: BannerVideoSource; poster: string | undefined }
  | { kind: 'properties'; properties: ListingSummary[] }
  | { kind: 'projects'; projects: ProjectView[] }
  | { kind: 'color' };

/**
 * What the banner shows: the configured type, or, when that type has nothing to show (no
 * picture, an unusable video, no listing), the configured picture, else the colour band. A
 * half-configured banner thus never leaves an empty box on the page.
 */
function bannerPlan(banner: BannerConfig, language: Language): BannerPlan {
  const gallery = banner.gallery.images.map((src) => src.trim()).filter(Boolean);
  const picture = banner.image.url.trim() || gallery[0];
  const still: BannerPlan = picture ? { kind: 'image', src: picture } : { kind: 'color' };
  switch (banner.type) {
    case 'image':
      return still;
    case 'gallery':
      return gallery.length > 1 ? { kind: 'gallery', images: gallery } : still;
    case 'video': {
      const video = bannerVideo(banner.video);
      return video ? { kind: 'video', video, poster: picture } : still;
    }
    case 'properties': {
      const properties = bannerProperties(language);
      return properties.length > 0 ? { kind: 'properties', properties } : still;
    }
    case 'projects': {
      const projects = bannerProjects(language);
      return projects.length > 0 ? { kind: 'projects', projects } : still;
    }
    case 'color':
      return { kind: 'color' };
  }
}

function BannerText({ texts, className }: { texts: BannerTexts; className: string | undefined }) {
  if (!texts.title && !texts.description) return null;
  return (
    <div className={className}>
      {/* Not a heading: the page's h1 follows (the home search or the page title). */}
      {texts.title ? (
        <p id="banner-title" className={styles.title}>
          {texts.title}
        </p>
      ) : null}
      {texts.description ? <p className={styles.description}>{texts.description}</p> : null}
    </div>
  );
}

/**
 * The slider's labels; each slide's own ("Photo 2 of 4", "2 of 3") is formatted here with its
 * number, as the slides themselves are rendered on the server.
 */
async function sliderLabels(language: Language, kind: 'gallery' | 'listings', count: number): Promise<BannerSliderLabels> {
  const own = bannerOwnLabels(language);
  const numbers = Array.from({ length: count }, (_, index) => ({ index: index + 1, total: count }));
  if (kind === 'gallery') {
    const t = await getTranslations({ locale: language, namespace: 'property' });
    return { region: own.slideshow, slides: numbers.map((values) => t('photoNumber', values)), pause: own.pause, play: own.play, previous: t('previousPhoto'), next: t('nextPhoto') };
  }
  const t = await getTranslations({ locale: language, namespace: 'list' });
  const banner = await getTranslations({ locale: language, namespace: 'banner' });
  return { region: own.slideshow, slides: numbers.map((values) => banner('slide', values)), pause: own.pause, play: own.play, previous: t('previous'), next: t('next') };
}

/**
 * The banner's content for its plan. A function rather than an async component: everything it
 * awaits (translations) is awaited here, so the tree it returns is plain and renders anywhere.
 */
async function bannerMedia(plan: Exclude<BannerPlan, { kind: 'color' }>, language: Language): Promise<ReactNode> {
  switch (plan.kind) {
    case 'image':
      return <BannerImage src={plan.src} />;
    case 'gallery':
      return <BannerGallery images={plan.images} labels={await sliderLabels(language, 'gallery', plan.images.length)} />;
    case 'video': {
      const t = await getTranslations({ locale: language, namespace: 'property' });
      const labels = { play: t('playVideo'), pause: bannerOwnLabels(language).pauseVideo };
      return <LazyBannerVideo video={plan.video} labels={labels} poster={plan.poster ? <BannerImage src={plan.poster} /> : undefined} />;
    }
    case 'properties': {
      const translator = await priceTranslator(language);
      const price = (listing: ListingSummary) => priceText(listing, translator);
      return <BannerProperties properties={plan.properties} language={language} price={price} labels={await sliderLabels(language, 'listings', plan.properties.length)} />;
    }
    case 'projects': {
      const t = await getTranslations({ locale: language, namespace: 'projects' });
      const unitCount = (count: number) => t('unitCount', { count });
      return <BannerProjects projects={plan.projects} language={language} unitCount={unitCount} labels={await sliderLabels(language, 'listings', plan.projects.length)} />;
    }
  }
}

/**
 * The banner at the top of a page (site.json "banner"): a picture, a gallery, a video, a slider
 * of listings or projects, or a colour band. Its box has a fixed aspect ratio, so nothing below
 * it moves while it loads.
 */
export async function Banner({ language, title, description }: { language: Language; title?: Localised; description?: Localised }) {
  const { banner, theme } = getSite();
  const texts = bannerTexts(banner, language, { title, description });
  const plan = bannerPlan(banner, language);
  const labelledBy = texts.title ? 'banner-title' : undefined;

  if (plan.kind === 'color') {
    return (
      <section className={styles.banner} data-banner="color" aria-labelledby={labelledBy}>
        <BannerColor colour={banner.color} fallback={theme.primary}>
          <BannerText texts={texts} className={styles.bandText} />
        </BannerColor>
      </section>
    );
  }

  const listings = plan.kind === 'properties' || plan.kind === 'projects';
  // The configured colour fills the box until the picture arrives.
  const frameStyle = banner.color ? ({ '--banner-band': banner.color } as CSSProperties) : undefined;
  return (
    <section className={styles.banner} data-banner={plan.kind} aria-labelledby={labelledBy}>
      <div className={listings ? `${styles.frame} ${styles.listings}` : styles.frame} style={frameStyle}>
        {listings ? null : <BannerText texts={texts} className={styles.text} />}
        {await bannerMedia(plan, language)}
      </div>
      {/*
       * Each listing slide has its own caption, so the banner's text goes below the slider, clear
       * of an overlaid header: in a band of the captions' colour, the slider's caption strip.
       */}
      {listings && (texts.title || texts.description) ? (
        <BannerColor colour="" fallback={theme.primary} className={styles.captionBand}>
          <BannerText texts={texts} className={styles.bandText} />
        </BannerColor>
      ) : null}
    </section>
  );
}
