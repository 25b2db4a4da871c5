import { SiteImage } from '@/components/ui/site-image';
import { columnSpans } from '@/components/ui/grid-style';
import { definedProps } from '@/components/ui/defined-props';
import { parseHex, relativeLuminance } from '@/lib/colour';
import { localise, type Language, type Module } from '@/lib/config';
import { pictureSrc } from '@/lib/media/picture-src';
import { childLevel, Heading, type HeadingLevel } from './heading';
import { moduleViews } from './module-table';
import styles from './menu-modules.module.css';

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

/** Characters a configured id may keep in an HTML id. */
const htmlId = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '-');

/**
 * The published modules of a menu page on a 12-column grid: each spans col.sm, col.md and col.lg
 * columns on mobile, tablet and desktop (the --col-sm/md/lg variables).
 */
export async function MenuModules({ modules, language, pageTitle }: { modules: Module[]; language: Language; pageTitle?: string }) {
  const visible = visibleModules(modules);
  const firstContact = visible.find((module) => module.relations.type === 'contact');
  const repeatsPage = (title: string) => pageTitle !== undefined && title.toLocaleLowerCase(language) === pageTitle.trim().toLocaleLowerCase(language);
  const sections = visible.map((module) => {
    const level = headingLevels[module.titleSize];
    // A module titled as its page (the single article of "Liens utiles") is not headed a second
    // time: its content then sits right below the page's h1.
    const configured = localise(module.title, language).trim();
    const title = repeatsPage(configured) ? '' : configured;
    const description = localise(module.description, language).trim();
    // Items inside a titled module sit one level below its title; without a title, at its level.
    const content = moduleViews[module.relations.type](module, language, title ? childLevel(level) : level);
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
        {...definedProps({ id: module === firstContact ? contactAnchor : undefined, 'aria-labelledby': title ? headingId : undefined })}
        className={className}
        style={style}
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
