import { loadSiteConfig } from './load';
import { supportedLanguages, type Language, type Localised, type MenuEntry } from './schemas';

export type { Article, Language, Localised, MenuEntry, Module, Site, TeamMember, TileSource } from './schemas';
export { supportedLanguages } from './schemas';
export { loadSiteConfig, readSiteConfig, type SiteConfig } from './load';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

/** Enabled languages in the order of languageUse; the default comes first when it is enabled. */
export function getEnabledLanguages(): Language[] {
  const { site } = loadSiteConfig();
  return site.languageUse.filter((entry) => entry.use).map((entry) => entry.code);
}

export function getDefaultLanguage(): Language {
  return loadSiteConfig().site.languageDefault;
}

/** The language of what the agency's staff read (their e-mails, the leads). */
export function getAgencyLanguage(): Language {
  const { site } = loadSiteConfig();
  return site.agencyLanguage ?? site.languageDefault;
}

export function getSite() {
  return loadSiteConfig().site;
}

/** Localised content: the language key, then its uppercase form, then the default language, then any value. */
export function localise(content: Localised, language: Language): string {
  if (typeof content === 'string') return content;
  const fallback = getDefaultLanguage();
  return content[language] ?? content[language.toUpperCase()] ?? content[fallback] ?? content[fallback.toUpperCase()] ?? Object.values(content)[0] ?? '';
}

/** Published menu entries, sorted, as the site shows them. */
export function getMenu(): MenuEntry[] {
  return loadSiteConfig()
    .menu.filter((entry) => entry.status === 'Published')
    .sort((a, b) => a.sort - b.sort);
}

export function getMenuEntry(id: string): MenuEntry | undefined {
  return loadSiteConfig().menu.find((entry) => entry.id === id);
}

export function getArticles() {
  return loadSiteConfig().articles.filter((article) => article.status === 'Published');
}

export function getTeam() {
  return [...loadSiteConfig().team].sort((a, b) => a.sort - b.sort);
}
