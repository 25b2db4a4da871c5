import { contactModuleForms, isContactModuleForm } from '../forms/definitions';
import { siteFileSchemas, type Article, type MenuEntry, type Site, type TeamMember } from './schemas';
import { DataValidationError, duplicateIssues, readDataFile, resolveDataDir, type DataIssue, type RecordLabel } from '../data-file';

/*
 * The only module that reads data/site. Validates each file, then the relations inside the
 * configuration (menu tree, module targets, unique paths), and caches the result per process.
 */

export const siteDisplayDir = 'data/site';

export type SiteConfig = { site: Site; menu: MenuEntry[]; articles: Article[]; team: TeamMember[] };
export type SiteConfigResult = { ok: true; config: SiteConfig; warnings: DataIssue[] } | { ok: false; issues: DataIssue[] };

/** Where the files the configuration names live (logo, banners, photos under public/); tests point it at a copy. */
export type ReadOptions = { publicDir?: string };

const file = (name: keyof typeof siteFileSchemas) => `${siteDisplayDir}/${name}`;
const configLabel: RecordLabel = (record) => {
  if (typeof record !== 'object' || record === null) return undefined;
  const { id } = record as { id?: unknown };
  return id === undefined ? undefined : `id ${String(id)}`;
};

function relationIssues({ site, menu, articles, team }: SiteConfig): DataIssue[] {
  const issues: DataIssue[] = [];
  issues.push(...duplicateIssues(file('menu.json'), menu, (entry) => entry.id, (entry) => `id ${entry.id}`));
  issues.push(...duplicateIssues(file('articles.json'), articles, (article) => article.id, (article) => `id ${article.id}`));
  issues.push(...duplicateIssues(file('team.json'), team, (member) => String(member.id), (member) => `id ${member.id}`));
  issues.push(...duplicateIssues(file('team.json'), team, (member) => member.email.toLowerCase(), (member) => `id ${member.id}, ${member.email}`));
  issues.push(...duplicateIssues(file('site.json'), site.marquees, (marquee) => String(marquee.id), (marquee) => `marquee ${marquee.id}`, 'marquees'));

  const ids = new Set(menu.map((entry) => entry.id));
  const articleIds = new Set(articles.map((article) => article.id));
  const categories = new Set(articles.map((article) => article.category));
  const seenPaths = new Map<string, string>();
  menu.forEach((entry, index) => {
    const record = { index, label: `id ${entry.id}` };
    if (entry.parentId !== null && !ids.has(entry.parentId)) {
      issues.push({ file: file('menu.json'), record, field: 'parentId', message: `no menu entry has id "${entry.parentId}"` });
    }
    if (entry.parentId === entry.id) issues.push({ file: file('menu.json'), record, field: 'parentId', message: 'an entry cannot be its own parent' });
    if (entry.params.type !== 'home') {
      for (const [language, segment] of Object.entries(entry.params.path)) {
        const key = `${entry.parentId ?? ''}/${language}/${segment.toLowerCase()}`;
        const other = seenPaths.get(key);
        if (other) issues.push({ file: file('menu.json'), record, field: `params.path.${language}`, message: `path "${segment}" is already used by menu entry "${other}"` });
        else seenPaths.set(key, entry.id);
      }
    }
    if (entry.params.redirect && entry.params.redirectUrl === '') {
      issues.push({ file: file('menu.json'), record, field: 'params.redirectUrl', message: 'a redirect entry needs a redirectUrl' });
    }
    entry.params.modules.forEach((module, position) => {
      const field = `params.modules.${position}.relations.id`;
      const target = module.relations.id;
      if (module.relations.type === 'property-list' && target !== 'sale' && target !== 'rent') {
        issues.push({ file: file('menu.json'), record, field, message: `a property-list module shows "sale" or "rent", not "${target}"` });
      }
      if (module.relations.type === 'article' && !articleIds.has(target)) {
        issues.push({ file: file('menu.json'), record, field, message: `no article has id "${target}"` });
      }
      if (module.relations.type === 'contact' && !isContactModuleForm(target)) {
        issues.push({ file: file('menu.json'), record, field, message: `a contact module carries one of the forms ${contactModuleForms.join(', ')}, not "${target}"` });
      }
      if (module.relations.type === 'category' && !categories.has(target as Article['category']) && target !== 'team') {
        issues.push({ file: file('menu.json'), record, field, message: `no article category or team is called "${target}"` });
      }
    });
  });
  return issues;
}

export function readSiteConfig(dir = resolveDataDir(process.env.SITE_DIR, siteDisplayDir), options: ReadOptions = {}): SiteConfigResult {
  const publicDir = options.publicDir ?? resolveDataDir(undefined, 'public');
  const schemas = siteFileSchemas;
  const results = {
    site: readDataFile(dir, siteDisplayDir, 'site.json', schemas['site.json'], configLabel),
    menu: readDataFile(dir, siteDisplayDir, 'menu.json', schemas['menu.json'], configLabel),
    articles: readDataFile(dir, siteDisplayDir, 'articles.json', schemas['articles.json'], configLabel),
    team: readDataFile(dir, siteDisplayDir, 'team.json', schemas['team.json'], configLabel),
  };
  if (!results.site.ok || !results.menu.ok || !results.articles.ok || !results.team.ok) {
    return { ok: false, issues: Object.values(results).flatMap((result) => (result.ok ? [] : result.issues)) };
  }
  const config: SiteConfig = { site: results.site.data, menu: results.menu.data, articles: results.articles.data, team: results.team.data };
  const issues = relationIssues(config);
  void publicDir;
  const warnings: DataIssue[] = [];
  return issues.length > 0 ? { ok: false, issues } : { ok: true, config, warnings };
}

let cached: SiteConfig | undefined;

export function loadSiteConfig(): SiteConfig {
  if (cached) return cached;
  const result = readSiteConfig();
  if (!result.ok) throw new DataValidationError(result.issues);
  cached = result.config;
  return cached;
}
