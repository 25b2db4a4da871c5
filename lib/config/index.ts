import { loadSiteConfig } from './load';
import { supportedLanguages, type Article, type Language, type Localised, type MenuEntry } from './schemas';

export type { Article, Language, Localised, MenuEntry, Module, Site, TeamMember, TileSource } from './schemas';
export { supportedLanguages } from './schemas';
export { loadSiteConfig, readSiteConfig } from './load';
export { menuAncestors } from './menu-tree';
export type { PurchaseCostRules } from './purchase-costs-schema';

/** The rates of data/site/purchase-costs.json (lib/costs computes with them). */
export function getPurchaseCostRules() {
  return loadSiteConfig().purchaseCosts;
}

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

/** The agency's postal address in the page's language, street and town in the same language version. */
export function agencyPostalAddress(language: Language): { street: string; zip: string; city: string } {
  const { siteInfo } = getSite();
  return { street: localise(siteInfo.street, language), zip: siteInfo.zip, city: localise(siteInfo.city, language) };
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

/**
 * The menu page that lists an article's category (services → the services page, testimonials →
 * the testimonials page): where an article page leads back to. A page showing only this one
 * article comes second: it is a detour, not the overview the visitor came from.
 */
export function articleCategoryPage(article: Article): MenuEntry | undefined {
  const pages = loadSiteConfig().menu.filter((entry) => entry.status !== 'Draft' && entry.params.type === 'page');
  const shows = (entry: MenuEntry, type: 'category' | 'article', id: string) =>
    entry.params.modules.some((module) => module.status === 'Published' && module.relations.type === type && module.relations.id === id);
  return pages.find((entry) => shows(entry, 'category', article.category)) ?? pages.find((entry) => shows(entry, 'article', article.id));
}
