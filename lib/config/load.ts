import { applyFileFallbacks, relationIssues } from './checks';
import type { PurchaseCostRules } from './purchase-costs-schema';
import { siteFileSchemas, type Article, type MenuEntry, type Site, type TeamMember } from './schemas';
import { DataValidationError, readDataFile, resolveDataDir, type DataIssue, type RecordLabel } from '../data-file';

/*
 * The only module that reads data/site. Validates each file, then the relations inside the
 * configuration (./checks: menu tree, module targets, paths, HTML, files under public/), and
 * caches the result per process.
 */

const siteDisplayDir = 'data/site';

export type SiteConfig = { site: Site; menu: MenuEntry[]; articles: Article[]; team: TeamMember[]; purchaseCosts: PurchaseCostRules };
export type SiteConfigResult = { ok: true; config: SiteConfig; warnings: DataIssue[] } | { ok: false; issues: DataIssue[] };

/** Where the files the configuration names live (logo, banners, photos under public/); tests point it at a copy. */
export type ReadOptions = { publicDir?: string };

const configLabel: RecordLabel = (record) => {
  if (typeof record !== 'object' || record === null) return undefined;
  const { id } = record as { id?: unknown };
  return id === undefined ? undefined : `id ${String(id)}`;
};

export function readSiteConfig(dir = resolveDataDir(process.env.SITE_DIR, siteDisplayDir), options: ReadOptions = {}): SiteConfigResult {
  const publicDir = options.publicDir ?? resolveDataDir(undefined, 'public');
  const schemas = siteFileSchemas;
  const results = {
    site: readDataFile(dir, siteDisplayDir, 'site.json', schemas['site.json'], configLabel),
    menu: readDataFile(dir, siteDisplayDir, 'menu.json', schemas['menu.json'], configLabel),
    articles: readDataFile(dir, siteDisplayDir, 'articles.json', schemas['articles.json'], configLabel),
    team: readDataFile(dir, siteDisplayDir, 'team.json', schemas['team.json'], configLabel),
    purchaseCosts: readDataFile(dir, siteDisplayDir, 'purchase-costs.json', schemas['purchase-costs.json'], configLabel),
  };
  if (!results.site.ok || !results.menu.ok || !results.articles.ok || !results.team.ok || !results.purchaseCosts.ok) {
    return { ok: false, issues: Object.values(results).flatMap((result) => (result.ok ? [] : result.issues)) };
  }
  const parsed: SiteConfig = { site: results.site.data, menu: results.menu.data, articles: results.articles.data, team: results.team.data, purchaseCosts: results.purchaseCosts.data };
  const related = relationIssues(parsed);
  // Missing pictures with a fallback on the page are warnings, and the configuration the site uses
  // has them taken out, so that the fallback (initials, the colour band…) is what visitors see.
  const files = applyFileFallbacks(parsed, publicDir);
  const issues = [...related.filter((issue) => issue.severity !== 'warning'), ...files.errors];
  const warnings = [...related.filter((issue) => issue.severity === 'warning'), ...files.warnings];
  return issues.length > 0 ? { ok: false, issues: [...issues, ...warnings] } : { ok: true, config: { ...files.files, purchaseCosts: parsed.purchaseCosts }, warnings };
}

let cached: SiteConfig | undefined;

export function loadSiteConfig(): SiteConfig {
  if (cached) return cached;
  const result = readSiteConfig();
  if (!result.ok) throw new DataValidationError(result.issues);
  cached = result.config;
  return cached;
}
