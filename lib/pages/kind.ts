import type { MessageKeys, Messages, NestedKeyOf, TranslationValues } from 'next-intl';
import type { ReactNode } from 'react';
import type { Thing } from 'schema-dts';
import type { Language } from '../config';
import type { PageTexts } from '../seo';
import type { Route } from './index';

/** A translator over every message of a language (keys checked against messages/en.json); next-intl's `t` is one. */
export type Translate = (key: MessageKeys<Messages, NestedKeyOf<Messages>>, values?: TranslationValues) => string;

/** A step of a page's breadcrumb trail below the home page. */
export type Crumb = { name: string; route: Route };

/** The URL of any route: page kinds link each other through it (never by importing each other). */
export type Link = (route: Route, language: Language) => string;

/** What draws a page of a kind: a server component, in the view.tsx of the kind's folder. */
export type View<R> = (props: { route: R; language: Language }) => ReactNode | Promise<ReactNode>;

/** The page types of the first-load JavaScript budget (lib/js-budget): every kind is held to one, the 404 pages to 'not found'. */
export type PageType = 'home' | 'list' | 'detail' | 'projects' | 'project' | 'menu page' | 'article' | 'thank-you' | 'login' | 'not found';

/** Which of the two 404 pages a missing page answers with. */
export type Missing = 'page' | 'property';

/**
 * What one kind of page is, in one place: its URL both ways, the pages the build prerenders, how it
 * is served, its metadata, breadcrumb, structured data and sitemap entry. It is the kind.ts of the
 * kind's folder (lib/pages/<kind>/); the view.tsx beside it draws the page.
 */
export type PageKind<R extends { page: string }> = {
  /** The canonical path (with its query, if any) of a page of this kind. */
  path: (route: R, language: Language, link: Link) => string;
  /** Reads the path segments after the language (percent-decoded) back into a page of this kind. */
  match: (segments: readonly string[], params: URLSearchParams, language: Language) => R | undefined;
  /** The query parameters that are part of the page's URL (a list's filters): a language switch carries them in the page's route, not as they were. */
  queryKeys?: readonly string[];
  /**
   * Its view.tsx, loaded only when a page of this kind is drawn (app/[lang]/[...path]), so that
   * nothing that reads the table (the proxy, the mails) loads a component. None for a kind drawn
   * by its own route under app/[lang] (see renderedAt).
   */
  view?: () => Promise<View<R>>;
  /**
   * The first segment after the language that this kind owns, with its pages and whatever lies
   * under it: a menu page there could never be reached, so `npm run check:data` (and so the build)
   * refuses one (lib/data-check/menu-paths). `says` names the kind to the staff who chose the path.
   */
  firstSegment?: { says: string; slug: (language: Language) => string };
  /** The budget its first-load JavaScript is held to (lib/js-budget, checked on every build by npm test). */
  budget: Exclude<PageType, 'not found'>;
  /** Every page of this kind in a language: what the build prerenders and the sitemap lists. */
  routes: (language: Language) => R[];
  /** Needs the server (a session, a token, server actions): a static export leaves it out and links it on its API origin. */
  serverOnly?: true;
  /**
   * The pages a static export holds beside `routes`: pages the server renders per request whose
   * export draws them in the browser from their URL (the comparison).
   */
  exportRoutes?: (language: Language) => R[];
  /**
   * The route as the site's own links write it, for a page whose query a visitor may write
   * otherwise (a list's filters: a figure between the steps, an unknown town): the proxy sends any
   * other spelling there with a permanent redirect before anything renders it.
   */
  canonical?: (route: R, language: Language) => R;
  /** The internal path that renders this request per request (the proxy rewrites to it); undefined for the prerendered page. */
  renderedAt?: (route: R, language: Language, search: string) => string | undefined;
  /**
   * Whether the answer rendered per request at this URL (with this query) is the same for every
   * visitor, so that the proxy may keep it and serve it again (lib/security/shared-answers.ts).
   */
  sharedAnswer?: (route: R, language: Language, search: string) => boolean;
  /** The 404 a page answers with when its record is not in this language. */
  missing?: (route: R, language: Language) => Missing | undefined;
  /** The page a language switch leads to when this one does not exist in the target language. */
  inLanguage?: (route: R, target: Language) => Route;
  /** The trail from the home page (excluded) to this page (included); empty for none. */
  crumbs: (route: R, language: Language, t: Translate) => Crumb[];
  /** Title, description and social cards; canonical and alternates are added by lib/seo. */
  metadata: (route: R, language: Language, t: Translate) => PageMetadata;
  /** What the page says about itself to search engines, beside the agency and the breadcrumb. */
  jsonLd?: (route: R, language: Language, link: Link) => Thing[];
  /** Whether the page is in the sitemap (and not marked noindex). */
  indexable?: (route: R, language: Language) => boolean;
  /** The day the page last changed (yyyy-mm-dd), for the sitemap. */
  lastModified?: (route: R, language: Language) => string | undefined;
};

/** What a kind says for its metadata (lib/seo); `canonical` is the route the canonical link names (a confirmation link's token stays out of it). */
export type PageMetadata = PageTexts & { canonical?: Route };

/** Path of a page from its segments after the language. */
export const join = (language: Language, segments: readonly string[]) => `/${[language, ...segments].join('/')}/`;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The segments of a URL path, percent-decoded (a segment that does not decode is kept as it is). */
export const pathSegments = (pathname: string): string[] => pathname.split('/').filter(Boolean).map(safeDecode);

/** A positive integer id from a path segment, or undefined. */
export function idSegment(segment: string | undefined): number | undefined {
  const id = Number(segment);
  return segment !== undefined && Number.isInteger(id) && id > 0 ? id : undefined;
}
