import { citySlug, getListing, getProperties, getProperty, typeSlug } from '../../catalogue';
import type { Language } from '../../config';
import { textTeaser } from '../../format';
import { systemSlugs } from '../../config/system-slugs';
import { socialImage } from '../../seo/social-image';
import { idSegment, join, type PageKind } from '../kind';
import { listingJsonLd } from './json-ld';

export type PropertyRoute = { page: 'property'; id: number };

// Routing, breadcrumbs and metadata read the listing's summary: the proxy asks on every request.
const listOf = (id: number, language: Language) => {
  const property = getListing(id, language);
  return property?.goal === 'rent' ? 'for-rent' : 'for-sale';
};

/** A listing's page: under its list, with its town and type slugs (a stale slug redirects to these). */
export const propertyPage: PageKind<PropertyRoute> = {
  budget: 'detail',
  view: () => import('./view').then((module) => module.PropertyView),
  path: (route, language) => {
    const property = getListing(route.id, language);
    if (!property) return join(language, [systemSlugs['for-sale'][language], '-', '-', String(route.id)]);
    return join(language, [systemSlugs[listOf(route.id, language)][language], citySlug(property), typeSlug(property.type.webId, language), String(property.id)]);
  },
  match: (segments, _params, language) => {
    const [list, , , idText] = segments;
    const id = idSegment(idText);
    const underList = list === systemSlugs['for-sale'][language] || list === systemSlugs['for-rent'][language];
    return underList && segments.length === 4 && id !== undefined ? { page: 'property', id } : undefined;
  },
  routes: (language) => [...new Set(getProperties(language).map((property) => property.id))].map((id) => ({ page: 'property', id })),
  missing: (route, language) => (getListing(route.id, language) ? undefined : 'property'),
  inLanguage: (route, target) => (getListing(route.id, target) ? route : { page: 'home' }),
  crumbs: (route, language, t) => {
    const property = getListing(route.id, language);
    if (!property) return [];
    const list = listOf(route.id, language);
    return [
      { name: t(list === 'for-sale' ? 'nav.forSale' : 'nav.forRent'), route: { page: list } },
      { name: property.title, route },
    ];
  },
  metadata: (route, language, t) => {
    const property = getListing(route.id, language);
    if (!property) return { title: t('property.notFoundTitle') };
    // The state in the title: a rental, a sale and a sold reference of the same kind in the same town are told apart.
    const state = property.state === 'sold' ? 'titleSold' : property.state === 'rented' ? 'titleRented' : property.goal === 'rent' ? 'titleRent' : 'titleSale';
    return { title: t(`property.${state}`, { title: property.title }), description: textTeaser(property.teaserText, 160), image: socialImage(property.picture) };
  },
  jsonLd: (route, language, link) => {
    const property = getProperty(route.id, language);
    return property ? [listingJsonLd(property, language, link)] : [];
  },
  lastModified: (route, language) => getListing(route.id, language)?.lastChanged.slice(0, 10),
};
