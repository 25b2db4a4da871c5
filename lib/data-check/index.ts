import { keepCatalogue, readCatalogue, type CatalogueSnapshot } from '../catalogue/load';
import { loadSiteConfig, readSiteConfig } from '../config/load';
import { formatDataIssues, formatDataWarnings, resolveDataDir, type DataIssue } from '../data-file';
import { siteFactIssues } from '../catalogue/site-checks';
import { menuPathIssues } from './menu-paths';

/*
 * Validates both data folders together, including what links them (a listing's manager must be a
 * team member, its marquee must be in the marquee table). Used by `npm run check:data`, by
 * next.config.ts so that `next build` refuses bad data before rendering anything, and by
 * `next start`, which refuses to serve data the build would have refused.
 */

/** The data folders to check; each defaults to the one the site reads (CATALOGUE_DIR, SITE_DIR, public/). */
export type DataDirs = { catalogueDir?: string; siteDir?: string; publicDir?: string };

/** What a check found: errors refuse the build and the server start; warnings are printed and let it go on. */
export type DataReport = { errors: DataIssue[]; warnings: DataIssue[] };

function publicDirOf(dirs: DataDirs): string {
  return dirs.publicDir ?? resolveDataDir(undefined, 'public');
}

/**
 * `keepCatalogue`: the server's own check keeps the catalogue it read for the pages (load.ts), when
 * it read the folders the pages read and found them sound.
 */
export function inspectData(dirs: DataDirs = {}, options: { keepCatalogue?: boolean } = {}): DataReport {
  const readOptions = { publicDir: publicDirOf(dirs) };
  const catalogue = readCatalogue(dirs.catalogueDir, readOptions);
  const config = readSiteConfig(dirs.siteDir, readOptions);
  const issues = [...(catalogue.ok ? [] : catalogue.issues), ...(config.ok ? [] : config.issues)];
  const warnings = [...(catalogue.ok ? catalogue.warnings : []), ...(config.ok ? config.warnings : [])];
  if (config.ok) issues.push(...menuPathIssues(config.config.menu));
  if (catalogue.ok && config.ok) {
    const { site, team } = config.config;
    issues.push(...siteFactIssues(catalogue.snapshot, { team, marquees: site.marquees, legacyImageHosts: site.siteInfo.legacyImageHosts, languageDefault: site.languageDefault }));
    const defaultDirs = dirs.catalogueDir === undefined && dirs.siteDir === undefined && dirs.publicDir === undefined;
    if (options.keepCatalogue && defaultDirs && issues.every((issue) => issue.severity === 'warning')) keepCatalogue(catalogue.snapshot, site.marquees);
  }
  return {
    errors: issues.filter((issue) => issue.severity !== 'warning'),
    warnings: [...warnings, ...issues.filter((issue) => issue.severity === 'warning')],
  };
}

/**
 * A catalogue folder checked as `next start` checks its own (the files, then against the site
 * configuration the process serves), for a server that takes a new version while it runs: the
 * snapshot, or the errors that refuse it.
 */
export function readServableCatalogue(dir: string): { ok: true; snapshot: CatalogueSnapshot; marquees: Parameters<typeof keepCatalogue>[1] } | { ok: false; issues: DataIssue[] } {
  const readOptions = { publicDir: publicDirOf({}) };
  const catalogue = readCatalogue(dir, readOptions);
  if (!catalogue.ok) return { ok: false, issues: catalogue.issues };
  // The configuration the process serves, read once at its start: the pages render with it.
  const { site, team } = loadSiteConfig();
  const errors = siteFactIssues(catalogue.snapshot, { team, marquees: site.marquees, legacyImageHosts: site.siteInfo.legacyImageHosts, languageDefault: site.languageDefault }).filter(
    (issue) => issue.severity !== 'warning',
  );
  return errors.length > 0 ? { ok: false, issues: errors } : { ok: true, snapshot: catalogue.snapshot, marquees: site.marquees };
}

/** The errors only: what refuses a build. */
export function checkData(dirs: DataDirs = {}): DataIssue[] {
  return inspectData(dirs).errors;
}

export { formatDataIssues, formatDataWarnings };
