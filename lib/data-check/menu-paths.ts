import { supportedLanguages, type MenuEntry } from '../config';
import { inLanguage, siteDataFile } from '../config/checks';
import type { DataIssue } from '../data-file';
import { ownedFirstSegments } from '../pages';

/*
 * A top-level menu page whose path is a first segment that a page kind owns (lib/pages/<kind>:
 * `firstSegment`) could never be reached, nor the pages under it. Checked here, above the page
 * table, so that a new kind reserves its segment in its own folder and nowhere else. The site's
 * internal pages' segments are lib/config's to refuse (lib/config/checks.ts).
 */

export function menuPathIssues(menu: readonly MenuEntry[]): DataIssue[] {
  const issues: DataIssue[] = [];
  const owned = new Map(supportedLanguages.map((language) => [language, ownedFirstSegments(language)]));
  menu.forEach((entry, index) => {
    if (entry.status === 'Draft' || entry.parentId !== null || entry.params.type !== 'page') return;
    for (const language of supportedLanguages) {
      const segment = entry.params.path[language].toLowerCase();
      const kind = owned.get(language)?.find((candidate) => candidate.slug === segment);
      if (!kind) continue;
      issues.push({
        file: siteDataFile('menu.json'),
        record: { index, label: `id ${entry.id}` },
        field: `params.path.${language}`,
        message: `path "${entry.params.path[language]}" in ${inLanguage(language)} is already the address of the ${kind.says} (/${language}/${segment}/), so this menu page could never be reached; choose another path`,
      });
    }
  });
  return issues;
}
