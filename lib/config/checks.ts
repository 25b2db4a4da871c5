import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { sanitizerRemovals } from '../html/sanitize';
import { internalSegments } from './system-slugs';
import { duplicateIssues, type DataIssue } from '../data-file';
import { contactModuleForms, isContactModuleForm } from './contact-module';
import { menuParentLoops } from './menu-tree';
import { homeSearchPlaceholders, unknownPlaceholders } from './placeholders';
import { supportedLanguages, type Article, type Language, type Localised, type MenuEntry, type Site, type TeamMember } from './schemas';

/*
 * The checks of data/site that look at more than one field: the menu tree, what modules point to,
 * languages, HTML against the sanitizer, and the files the configuration names under public/.
 * Refusals are errors; a warning names something the site works around (see applyFileFallbacks).
 */

export type SiteFiles = { site: Site; menu: MenuEntry[]; articles: Article[]; team: TeamMember[] };

const siteDir = 'data/site';
/** A file of data/site as refusals name it. */
export const siteDataFile = (name: 'site.json' | 'menu.json' | 'articles.json' | 'team.json') => `${siteDir}/${name}`;

const languageNames: Record<Language, string> = { nl: 'Dutch', fr: 'French', en: 'English', de: 'German' };
/** A language as a refusal names it: "Dutch (nl)". */
export const inLanguage = (language: Language) => `${languageNames[language]} (${language})`;

/** The value of a localised text in one language as the site picks it, before any fallback to another language. */
function ownValue(value: Localised, language: Language): string {
  if (typeof value === 'string') return value;
  return value[language] ?? value[language.toUpperCase()] ?? '';
}

function enabledLanguages(site: Site): Language[] {
  return site.languageUse.filter((entry) => entry.use).map((entry) => entry.code);
}

function menuIssues({ site, menu, articles }: SiteFiles): DataIssue[] {
  const issues: DataIssue[] = [];
  const menuFile = siteDataFile('menu.json');
  const byId = new Map(menu.map((entry) => [entry.id, entry]));
  const positionOf = new Map(menu.map((entry, index) => [entry.id, index]));
  const recordOf = (entry: MenuEntry) => ({ index: positionOf.get(entry.id) ?? 0, label: `id ${entry.id}` });
  const articleById = new Map(articles.map((article) => [article.id, article]));
  const publishedCategories = new Set(articles.filter((article) => article.status === 'Published').map((article) => article.category));
  const languages = enabledLanguages(site);

  for (const loop of menuParentLoops(menu)) {
    if (loop.length === 1) continue; // Reported below as its own parent, with that simpler message.
    const first = byId.get(loop[0] ?? '');
    if (!first) continue;
    const chain = [...loop, loop[0]].map((id) => `"${id}"`).join(' → ');
    issues.push({
      file: menuFile,
      record: recordOf(first),
      field: 'parentId',
      message: `these menu entries form a loop through their parentId, so none of them has a top: ${chain}; set the parentId of one of them to null (a top-level entry) or to an entry outside the loop`,
    });
  }

  const seenPaths = new Map<string, string>();
  menu.forEach((entry, index) => {
    const record = { index, label: `id ${entry.id}` };
    if (entry.parentId !== null && !byId.has(entry.parentId)) {
      issues.push({ file: menuFile, record, field: 'parentId', message: `no menu entry has id "${entry.parentId}"; use the id of an existing entry, or null for a top-level entry` });
    }
    if (entry.parentId === entry.id) issues.push({ file: menuFile, record, field: 'parentId', message: 'an entry cannot be its own parent; use null for a top-level entry' });
    if (entry.params.type !== 'home') {
      for (const [language, segment] of Object.entries(entry.params.path)) {
        const key = `${entry.parentId ?? ''}/${language}/${segment.toLowerCase()}`;
        const other = seenPaths.get(key);
        if (other) issues.push({ file: menuFile, record, field: `params.path.${language}`, message: `path "${segment}" is already used by menu entry "${other}"` });
        else seenPaths.set(key, entry.id);
      }
    }
    if (entry.params.redirect && entry.params.redirectUrl === '') {
      issues.push({ file: menuFile, record, field: 'params.redirectUrl', message: 'a redirect entry needs a redirectUrl, such as https://www.example.be/ or /fr/contact/' });
    }

    const parent = entry.parentId === null ? undefined : byId.get(entry.parentId);
    // A Draft parent is not served, so its children would lose the first part of their address; a
    // Hidden parent is not in the menu, so its Published children would never be shown there.
    if (parent && parent.id !== entry.id && entry.status !== 'Draft' && (parent.status === 'Draft' || (parent.status === 'Hidden' && entry.status === 'Published'))) {
      issues.push({
        file: menuFile,
        record,
        field: 'status',
        message: `this entry is ${entry.status} but its parent "${parent.id}" is ${parent.status}: publish the parent, or give this entry the status ${parent.status === 'Draft' ? 'Draft' : 'Hidden or Draft'} too`,
      });
    }

    if (entry.status !== 'Draft') {
      // The internal pages own their first segment in every language; the page kinds' own segments
      // are refused above the page table (lib/data-check/menu-paths).
      if (entry.parentId === null && entry.params.type === 'page') {
        for (const language of supportedLanguages) {
          const segment = entry.params.path[language].toLowerCase();
          const internal = Object.entries(internalSegments).find(([reserved]) => reserved === segment);
          const taken = internal ? `the site's ${internal[1]} page (/${language}/${segment}/)` : undefined;
          if (taken) {
            issues.push({
              file: menuFile,
              record,
              field: `params.path.${language}`,
              message: `path "${entry.params.path[language]}" in ${inLanguage(language)} is already the address of ${taken}, so this menu page could never be reached; choose another path`,
            });
          }
        }
      }
      for (const language of languages) {
        if (ownValue(entry.params.title, language).trim() === '') {
          issues.push({
            file: menuFile,
            record,
            field: `params.title.${language}`,
            message: `the title is missing or empty in ${inLanguage(language)}, a language the site shows (site.json languageUse); add the ${languageNames[language]} title`,
          });
        }
      }
      issues.push(...htmlIssues(menuFile, record, 'params.content', entry.params.content));
    }

    entry.params.modules.forEach((module, position) => {
      const field = `params.modules.${position}.relations.id`;
      const target = module.relations.id;
      const shown = module.status === 'Published' && entry.status !== 'Draft';
      if (module.relations.type === 'property-list' && target !== 'sale' && target !== 'rent') {
        issues.push({ file: menuFile, record, field, message: `a property-list module shows "sale" or "rent", not "${target}"` });
      }
      if (module.relations.type === 'article') {
        const article = articleById.get(target);
        if (!article) issues.push({ file: menuFile, record, field, message: `no article has id "${target}" in articles.json` });
        else if (shown && article.status !== 'Published') {
          issues.push({
            file: menuFile,
            record,
            field,
            message: `module "${module.id}" shows article "${target}", which is a ${article.status}: the page would show nothing there; publish the article or set the module's status to Draft`,
          });
        }
      }
      if (module.relations.type === 'contact' && !isContactModuleForm(target)) {
        issues.push({ file: menuFile, record, field, message: `a contact module carries one of the forms ${contactModuleForms.join(', ')}, not "${target}"` });
      }
      if (module.relations.type === 'category') {
        const known = target === 'team' || articles.some((article) => article.category === target);
        if (!known) issues.push({ file: menuFile, record, field, message: `no article category or team is called "${target}"; use services, testimonials, pages or team` });
        else if (shown && target !== 'team' && !publishedCategories.has(target as Article['category'])) {
          issues.push({
            file: menuFile,
            record,
            field,
            message: `module "${module.id}" lists the category "${target}", which has no Published article: the page would show an empty block; publish an article of it or set the module's status to Draft`,
          });
        }
      }
    });
  });
  return issues;
}

function articleIssues({ site, articles }: SiteFiles): DataIssue[] {
  const issues: DataIssue[] = [];
  const articlesFile = siteDataFile('articles.json');
  const languages = enabledLanguages(site);
  const slugOwner = new Map<string, string>();
  articles.forEach((article, index) => {
    const record = { index, label: `id ${article.id}` };
    if (article.status !== 'Published') return;
    for (const language of languages) {
      if (ownValue(article.title, language).trim() === '') {
        issues.push({
          file: articlesFile,
          record,
          field: `title.${language}`,
          message: `the title is missing or empty in ${inLanguage(language)}, a language the site shows (site.json languageUse); add the ${languageNames[language]} title`,
        });
      }
    }
    for (const language of supportedLanguages) {
      // Articles of one category share one section path: two equal slugs would be one address.
      const key = `${article.category}/${language}/${article.slug[language].toLowerCase()}`;
      const owner = slugOwner.get(key);
      if (owner !== undefined) {
        issues.push({
          file: articlesFile,
          record,
          field: `slug.${language}`,
          message: `slug "${article.slug[language]}" in ${inLanguage(language)} is already used by article "${owner}" of the same category, so both would have the same address; choose another slug`,
        });
      } else slugOwner.set(key, article.id);
    }
    issues.push(...htmlIssues(articlesFile, record, 'body', article.body));
  });
  return issues;
}

/** HTML that the page passes through the sanitizer: code is refused, formatting it does not keep is a warning. */
function htmlIssues(fileName: string, record: DataIssue['record'], field: string, value: Localised): DataIssue[] {
  const versions: Array<[string, string]> = typeof value === 'string' ? [[field, value]] : Object.entries(value).map(([language, html]) => [`${field}.${language}`, html]);
  return versions.flatMap(([where, html]): DataIssue[] => {
    const { unsafe, dropped } = sanitizerRemovals(html);
    const issues: DataIssue[] = [];
    if (unsafe.length > 0) {
      issues.push({
        file: fileName,
        record,
        field: where,
        message: `contains ${unsafe.join(', ')}, code the site removes before showing the text (it would be lost, and it is never allowed); remove it and keep to headings, paragraphs, lists, bold, italic and https:// links`,
      });
    }
    if (dropped.length > 0) {
      issues.push({
        file: fileName,
        record,
        field: where,
        severity: 'warning',
        message: `the page leaves out ${dropped.join(', ')}: only <p>, <br>, <strong>, <b>, <em>, <i>, <u>, <ul>, <ol>, <li>, <h2>-<h4>, <blockquote> and <a href="https://…"> are kept`,
      });
    }
    return issues;
  });
}

/** Checks inside data/site that need more than one field or file. */
export function relationIssues(files: SiteFiles): DataIssue[] {
  const { site, menu, articles, team } = files;
  return [
    ...duplicateIssues(
      siteDataFile('menu.json'),
      menu,
      (entry) => entry.id,
      (entry) => `id ${entry.id}`,
    ),
    ...duplicateIssues(
      siteDataFile('articles.json'),
      articles,
      (article) => article.id,
      (article) => `id ${article.id}`,
    ),
    ...duplicateIssues(
      siteDataFile('team.json'),
      team,
      (member) => String(member.id),
      (member) => `id ${member.id}`,
    ),
    ...duplicateIssues(
      siteDataFile('team.json'),
      team,
      (member) => member.email.toLowerCase(),
      (member) => `id ${member.id}, ${member.email}`,
    ),
    ...duplicateIssues(
      siteDataFile('site.json'),
      site.marquees,
      (marquee) => String(marquee.id),
      (marquee) => `marquee ${marquee.id}`,
      'marquees',
    ),
    ...menuIssues(files),
    ...articleIssues(files),
    ...placeholderIssues(site),
  ];
}

/** A placeholder the home search does not replace (a misspelt FOR_SALE_TOTAL) would be shown to visitors as typed. */
function placeholderIssues(site: Site): DataIssue[] {
  const known = homeSearchPlaceholders.join(' and ');
  return (['description', 'secondDescription'] as const).flatMap((name) => {
    const { text } = site.homeSearch[name];
    const versions = typeof text === 'string' ? [['', text] as const] : Object.entries(text).map(([language, value]) => [`.${language}`, value] as const);
    return versions.flatMap(([suffix, value]) => {
      const unknown = unknownPlaceholders(value, homeSearchPlaceholders);
      if (unknown.length === 0) return [];
      const tokens = unknown.map((token) => `"${token}"`).join(', ');
      return [{ file: siteDataFile('site.json'), field: `homeSearch.${name}.text${suffix}`, message: `unknown placeholder ${tokens}: this text knows ${known}, each replaced by a count of listings` }];
    });
  });
}

/* ---------------------------------------------------------------------------------------------- */
/* Files named in data/site                                                                        */

type FileRule = {
  fileName: string;
  record?: DataIssue['record'];
  field: string;
  value: string;
  /** What happens on the page when the file is missing; undefined: the file is required (refused). */
  fallback?: string;
  /** Called when the file is missing and there is a fallback: takes the file out of the configuration. */
  drop?: () => void;
};

const hostOf = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');

/**
 * Where a picture named in data/site is, or what is wrong with its address: a path under public/
 * (no "..", no backslash), or a web address on the CDN or one of the old hosts it replaces.
 */
function pictureLocation(value: string, site: Site): { kind: 'file'; relative: string } | { kind: 'remote' } | { kind: 'wrong'; message: string } {
  const example = 'a path from the site root such as /images/team/5.webp (the file in public/images/team/)';
  if (/^https?:\/\//i.test(value)) {
    let host: string;
    try {
      host = hostOf(new URL(value).hostname);
    } catch {
      return { kind: 'wrong', message: `${JSON.stringify(value)} is not a complete web address; expected ${example}` };
    }
    const allowed = [site.siteInfo.cdnHost, ...site.siteInfo.legacyImageHosts].filter(Boolean).map(hostOf);
    return allowed.includes(host)
      ? { kind: 'remote' }
      : {
          kind: 'wrong',
          message: `${JSON.stringify(value)} is on ${host}, which is not the site's picture host (site.json siteInfo.cdnHost) nor an old host it replaces (legacyImageHosts); put the file under public/ and write ${example}`,
        };
  }
  if (!value.startsWith('/') || value.startsWith('//')) return { kind: 'wrong', message: `${JSON.stringify(value)} is not a picture address; expected ${example}` };
  let decoded: string;
  try {
    decoded = decodeURIComponent(value.split(/[?#]/, 1)[0] ?? value);
  } catch {
    decoded = value;
  }
  if (decoded.split('/').includes('..') || decoded.includes('\\'))
    return { kind: 'wrong', message: `${JSON.stringify(value)} contains ".." or a backslash, which may not leave public/; expected ${example}` };
  return { kind: 'file', relative: decoded.slice(1) };
}

function fileIssue(rule: FileRule, site: Site, publicDir: string): DataIssue | undefined {
  const { fileName, record, field, value } = rule;
  if (value.trim() === '') return undefined;
  const where = pictureLocation(value, site);
  if (where.kind === 'remote') return undefined;
  if (where.kind === 'wrong') return { file: fileName, record, field, message: where.message };
  // turbopackIgnore: a file staff name in the data, looked for at run time; traced, this path made
  // the build put the whole project (some 6,800 files) into every server route's file trace.
  const full = path.join(/* turbopackIgnore: true */ publicDir, where.relative);
  if (existsSync(full) && statSync(full).isFile()) return undefined;
  const missing = `${JSON.stringify(value)} does not exist: there is no file public/${where.relative}`;
  if (rule.fallback === undefined) return { file: fileName, record, field, message: `${missing}; add the file or correct the path` };
  rule.drop?.();
  return { file: fileName, record, field, severity: 'warning', message: `${missing}; until it is added or the path corrected, ${rule.fallback}` };
}

/**
 * Checks every file data/site names under public/ and applies the fallbacks the pages have for a
 * missing one (a team member without photo shows initials, a banner without its pictures the colour
 * band), so that no visitor sees a broken picture. Returns the configuration the site then uses.
 */
export function applyFileFallbacks(files: SiteFiles, publicDir: string): { files: SiteFiles; errors: DataIssue[]; warnings: DataIssue[] } {
  const result: SiteFiles = structuredClone(files);
  const { site, menu, articles, team } = result;
  const rules: FileRule[] = [];
  const siteFile = siteDataFile('site.json');
  // List removals wait until every rule has run, so that positions in messages are those of the file.
  const afterChecks: Array<() => void> = [];

  rules.push({ fileName: siteFile, field: 'header.logo.image', value: site.header.logo.image });
  if (site.homeSearch.logo.show) rules.push({ fileName: siteFile, field: 'homeSearch.logo.image', value: site.homeSearch.logo.image });
  rules.push({
    fileName: siteFile,
    field: 'banner.image.url',
    value: site.banner.image.url,
    fallback: 'the banner shows its gallery pictures or its colour band instead',
    drop: () => (site.banner.image.url = ''),
  });
  const missingGallery = new Set<string>();
  site.banner.gallery.images.forEach((image, index) => {
    rules.push({
      fileName: siteFile,
      field: `banner.gallery.images.${index}`,
      value: image,
      fallback: 'the banner gallery leaves this picture out',
      drop: () => missingGallery.add(image),
    });
  });
  if (typeof site.banner.video === 'string' ? site.banner.video.startsWith('/') : site.banner.video.url.startsWith('/')) {
    rules.push({
      fileName: siteFile,
      field: typeof site.banner.video === 'string' ? 'banner.video' : 'banner.video.url',
      value: typeof site.banner.video === 'string' ? site.banner.video : site.banner.video.url,
      fallback: 'the banner shows its picture instead of the video',
      drop: () => (site.banner.video = ''),
    });
  }
  site.footer.bottom.forEach((column, index) => {
    rules.push({ fileName: siteFile, field: `footer.bottom.${index}.image`, value: column.image, fallback: 'the footer column is shown without its picture', drop: () => (column.image = '') });
  });

  menu.forEach((entry, index) => {
    const record = { index, label: `id ${entry.id}` };
    const menuFile = siteDataFile('menu.json');
    rules.push({ fileName: menuFile, record, field: 'params.image', value: entry.params.image, fallback: 'the page is shown without it', drop: () => (entry.params.image = '') });
    for (const [language, metadata] of Object.entries(entry.params.metadata)) {
      rules.push({
        fileName: menuFile,
        record,
        field: `params.metadata.${language}.ogImage`,
        value: metadata.ogImage,
        fallback: "shared links show the site's default picture",
        drop: () => (metadata.ogImage = ''),
      });
      rules.push({
        fileName: menuFile,
        record,
        field: `params.metadata.${language}.twitterImage`,
        value: metadata.twitterImage,
        fallback: "shared links show the site's default picture",
        drop: () => (metadata.twitterImage = ''),
      });
    }
    entry.params.modules.forEach((module, position) => {
      rules.push({
        fileName: menuFile,
        record,
        field: `params.modules.${position}.image`,
        value: module.image,
        fallback: `module "${module.id}" is shown without its background picture`,
        drop: () => (module.image = ''),
      });
      const missing = new Set<string>();
      module.images.forEach((image, imageIndex) => {
        rules.push({
          fileName: menuFile,
          record,
          field: `params.modules.${position}.images.${imageIndex}`,
          value: image,
          fallback: `module "${module.id}" leaves this picture out`,
          drop: () => missing.add(image),
        });
      });
      afterChecks.push(() => (module.images = module.images.filter((image) => !missing.has(image))));
    });
  });
  articles.forEach((article, index) => {
    rules.push({
      fileName: siteDataFile('articles.json'),
      record: { index, label: `id ${article.id}` },
      field: 'image',
      value: article.image,
      fallback: 'the article is shown without a picture',
      drop: () => (article.image = ''),
    });
  });
  team.forEach((member, index) => {
    if (member.photo === null) return;
    rules.push({
      fileName: siteDataFile('team.json'),
      record: { index, label: `id ${member.id}` },
      field: 'photo',
      value: member.photo,
      fallback: `the team shows ${member.name}'s initials instead of a photo`,
      drop: () => (member.photo = null),
    });
  });

  const errors: DataIssue[] = [];
  const warnings: DataIssue[] = [];
  for (const rule of rules) {
    const issue = fileIssue(rule, site, publicDir);
    if (issue) (issue.severity === 'warning' ? warnings : errors).push(issue);
  }
  site.banner.gallery.images = site.banner.gallery.images.filter((image) => !missingGallery.has(image));
  for (const apply of afterChecks) apply();
  return { files: result, errors, warnings };
}
