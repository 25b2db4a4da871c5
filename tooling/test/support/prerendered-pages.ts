import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathOfHtmlFile } from '../../../lib/js-budget/first-load';
import { pageTypeOf, resolvePath, type PageType } from '../../../lib/pages';

export type PrerenderedPage = { file: string; path: string; type: PageType };

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

/** The prerendered pages of a build's server/app folder, with their site path and page type; _not-found and _global-error are Next's own fallbacks, left out. */
export function prerenderedPages(pagesDir: string): PrerenderedPage[] {
  return htmlFiles(pagesDir)
    .filter((file) => !relative(pagesDir, file).startsWith('_'))
    .map((file) => {
      const path = pathOfHtmlFile(relative(pagesDir, file));
      return { file, path, type: pageTypeOf(resolvePath(path)?.route.page) };
    });
}
