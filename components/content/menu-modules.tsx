import { SiteImage } from '@/components/ui/site-image';
import type { ReactNode } from 'react';
import { GoalLinks } from '@/components/catalogue/goal-links';
import { PropertyList } from '@/components/catalogue/property-list';
import { columnSpans } from '@/components/ui/grid-style';
import { latestListings, moduleListingLimit } from '@/lib/catalogue';
import { parseHex, relativeLuminance } from '@/lib/colour';
import { getArticles, getTeam, localise, type Article, type Language, type Module } from '@/lib/config';
import { pictureSrc } from '@/lib/media/picture-src';
import { CardView } from './module-views/card-view';
import { CollapseView } from './module-views/collapse-view';
import { ContactView } from './module-views/contact-view';
import { childLevel, Heading, type HeadingLevel } from './module-views/heading';
import { SingleView } from './module-views/single-view';
import { TeamView } from './module-views/team-view';
import styles from './menu-modules.module.css';

/** Spec §9: modules show at most 4 items, whatever a hand-edited maxItems says (a listing module's bound is the build's too). */
const moduleItemLimit = moduleListingLimit;

/** The anchor of the contact section; links to "#contact-form" land on the first contact module. */
const contactAnchor = 'contact-form';

/** Published modules in page order: by sort, then position (the array order breaks ties). */
export function visibleModules(modules: readonly Module[]): Module[] {
  return modules.filter((module) => module.status === 'Published').sort((a, b) => a.sort - b.sort || a.position - b.position);
}

/**
 * The configured extra class names, restricted to [a-z0-9 _-]: the value is typed by staff, and
 * anything else could break out of the attribute's meaning or collide with the hashed classes.
 */
export function moduleClassNames(raw: string): string[] {
  return raw
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .split(' ')
    .filter(Boolean);
}

type Backdrop = { kind: 'none' } | { kind: 'colour'; colour: string; dark: boolean } | { kind: 'image'; src: string };

/** Whether white text reads better than the theme's dark text on a hex colour (WCAG luminance). */
function isDark(hex: string): boolean {
  const rgb = parseHex(hex);
  // Where white and near-black (#1f2933) give the same contrast ratio.
  return rgb !== undefined && relativeLuminance(rgb) < 0.18;
}

function backdropOf(module: Module): Backdrop {
  switch (module.backgroundType) {
    case 'color':
      return module.colorBackground ? { kind: 'colour', colour: module.colorBackground, dark: isDark(module.colorBackground) } : { kind: 'none' };
    case 'image':
      return module.image ? { kind: 'image', src: module.image } : { kind: 'none' };
    case 'gallery': {
      // No slider inside a module: the gallery's first picture stands for it.
      const first = module.images[0] ?? module.image;
      return first ? { kind: 'image', src: first } : { kind: 'none' };
    }
    case 'none':
    case '':
      return { kind: 'none' };
  }
}

/** The width the module takes on each device, for the browser's choice of background picture. */
function backdropSizes(module: Module): string {
  const share = (columns: number) => Math.round((columns / 12) * 100);
  return `(max-width: 766px) ${share(module.col.sm)}vw, (max-width: 1279px) ${share(module.col.md)}vw, ${Math.round((module.col.lg / 12) * 1200)}px`;
}

const headingLevels: Record<Module['titleSize'], HeadingLevel> = { h2: 2, h3: 3, h4: 4 };

function articlesOf(category: string): Article[] {
  return getArticles()
    .filter((article) => article.category === category)
    .sort((a, b) => a.sort - b.sort);
}

function articleViews(articles: Article[], module: Module, language: Language, level: HeadingLevel): ReactNode {
  const first = articles[0];
  if (!first) return null;
  switch (module.view) {
    case 'collapse-view':
      return <CollapseView articles={articles} language={language} headingLevel={level} />;
    case 'single-view':
      return <SingleView article={first} language={language} headingLevel={level} />;
    case 'card-view':
    case 'ons-team-view':
      // A team view of articles means nothing; cards are the closest reading.
      return <CardView articles={articles.slice(0, limitOf(module))} language={language} perRow={module.numberItemOfRow} headingLevel={level} />;
  }
}

function limitOf(module: Module): number {
  return Math.min(module.maxItems, moduleItemLimit);
}

/**
 * What a module shows, decided by its relation then its view. `framed` content (text, links) gets
 * a plain panel on a coloured or picture background; cards and accordion items bring their own.
 */
function moduleBody(module: Module, language: Language, level: HeadingLevel): { body: ReactNode; framed: boolean } | undefined {
  const { type, id } = module.relations;
  switch (type) {
    case 'property-list': {
      const listings = latestListings(id === 'rent' ? 'rent' : 'sale', language, limitOf(module));
      return { body: <PropertyList properties={listings} language={language} perRow={module.numberItemOfRow} />, framed: false };
    }
    case 'category': {
      if (id === 'team') return { body: <TeamView members={getTeam()} language={language} perRow={module.numberItemOfRow} headingLevel={level} />, framed: false };
      const articles = articlesOf(id);
      if (articles.length === 0) return undefined;
      return { body: articleViews(articles, module, language, level), framed: module.view === 'single-view' };
    }
    case 'article': {
      const article = getArticles().find((candidate) => candidate.id === id);
      if (!article) return undefined;
      const view = module.view === 'ons-team-view' ? 'single-view' : module.view;
      return { body: articleViews([article], { ...module, view }, language, level), framed: view === 'single-view' };
    }
    case 'contact':
      return { body: <ContactView language={language} headingLevel={level} form={id} />, framed: true };
    case 'stats-view':
      return {
        body: (
          <div className={styles.stats}>
            <GoalLinks language={language} withCounts />
          </div>
        ),
        framed: true,
      };
  }
}

/** Characters a configured id may keep in an HTML id. */
const htmlId = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '-');

/**
 * The published modules of a menu page on a 12-column grid: each spans col.sm, col.md and col.lg
 * columns on mobile, tablet and desktop (the --col-sm/md/lg variables).
 */
export async function MenuModules({ modules, language }: { modules: Module[]; language: Language }) {
  const visible = visibleModules(modules);
  const firstContact = visible.find((module) => module.relations.type === 'contact');
  const sections = visible.map((module) => {
    const level = headingLevels[module.titleSize];
    const title = localise(module.title, language).trim();
    const description = localise(module.description, language).trim();
    // Items inside a titled module sit one level below its title; without a title, at its level.
    const content = moduleBody(module, language, title ? childLevel(level) : level);
    if (!content?.body) return null;
    const backdrop = backdropOf(module);
    const headingId = `module-${htmlId(module.id)}`;
    const className = [
      styles.module,
      backdrop.kind === 'none' ? '' : styles.tinted,
      backdrop.kind === 'image' || (backdrop.kind === 'colour' && backdrop.dark) ? styles.onDark : '',
      ...moduleClassNames(module.class),
    ]
      .filter(Boolean)
      .join(' ');
    const style = { ...columnSpans(module.col), ...(backdrop.kind === 'colour' ? { backgroundColor: backdrop.colour } : {}) };
    return (
      <section
        key={module.id}
        id={module === firstContact ? contactAnchor : undefined}
        className={className}
        style={style}
        aria-labelledby={title ? headingId : undefined}
        data-module={module.id}
        data-view={module.view}
        data-relation={module.relations.type}
      >
        {backdrop.kind === 'image' ? (
          <div className={styles.backdrop}>
            <SiteImage src={pictureSrc(backdrop.src)} alt="" fill sizes={backdropSizes(module)} />
          </div>
        ) : null}
        {title || description ? (
          <div className={styles.header}>
            {title ? (
              <Heading level={level} id={headingId} className={styles.title}>
                {title}
              </Heading>
            ) : null}
            {description ? <p className={styles.description}>{description}</p> : null}
          </div>
        ) : null}
        <div className={content.framed ? `${styles.content} ${styles.panel}` : styles.content}>{content.body}</div>
      </section>
    );
  });
  if (sections.every((section) => section === null)) return null;
  return <div className={styles.grid}>{sections}</div>;
}
