import { getDefaultLanguage, getEnabledLanguages, getSite, type Language } from '../config';
import { escapeHtml } from '../html/escape';
import { getProjects, getProperties } from '../catalogue';
import { href, type Route } from '../pages';
import { languageCookie } from '../i18n/routing';
import { allMessages } from '../i18n/messages';

/*
 * The pages a static host cannot compute: what proxy.ts does on the server (language detection
 * on '/', the unlocalised links of spec §2) done in the browser by a few lines of script, in the
 * order of design.md §5 (?lng, the remembered choice, the browser's languages, the default).
 * Without JavaScript the page lists the languages and refreshes to the default one.
 */

type Targets = Partial<Record<Language, string>>;

export type LanguageRedirect = {
  /** The page in each enabled language. */
  targets: Targets;
  /** Per value of ?id=, other targets (the unlocalised /project/?id= link). */
  byId?: Record<string, Targets>;
  /** Whether the query (minus lng and id) goes along, as list filters do. */
  keepQuery?: boolean;
};

/** The file under out/ and the page it holds. */
export type StaticPage = { file: string; html: string };

/** JSON that cannot close the script element it sits in. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The detection script; `data` is LanguageRedirect plus the enabled languages and the default. */
export const detectionScript = `(function (d) {
  var query = new URLSearchParams(location.search);
  function pick(value) {
    var code = String(value || '').trim().toLowerCase().slice(0, 2);
    return d.enabled.indexOf(code) >= 0 ? code : null;
  }
  var chosen = pick(query.get('lng'));
  var cookie = (document.cookie.match(new RegExp('(?:^|;\\\\s*)' + d.cookie + '=([^;]*)')) || [])[1];
  var stored = null;
  try { stored = localStorage.getItem(d.cookie); } catch (error) {}
  var language = chosen || pick(cookie) || pick(stored);
  var preferred = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (var i = 0; !language && i < preferred.length; i++) language = pick(preferred[i]);
  language = language || d.fallback;
  if (chosen) {
    document.cookie = d.cookie + '=' + chosen + '; path=/; max-age=31536000; samesite=lax';
    try { localStorage.setItem(d.cookie, chosen); } catch (error) {}
  }
  var targets = (d.byId && d.byId[query.get('id') || '']) || d.targets;
  query.delete('lng');
  query.delete('id');
  var search = d.keepQuery && query.toString() ? '?' + query.toString() : '';
  var target = targets[language] || targets[d.fallback];
  for (var key in targets) if (!target) target = targets[key];
  location.replace(target + search + location.hash);
})`;

/** A page that sends the visitor to `redirect`'s target in their language. */
function languageRedirectPage(redirect: LanguageRedirect): string {
  const enabled = getEnabledLanguages();
  const fallback = getDefaultLanguage();
  const fallbackTarget = redirect.targets[fallback] ?? Object.values(redirect.targets)[0] ?? '/';
  const data = { ...redirect, enabled, fallback, cookie: languageCookie };
  const name = escapeHtml(getSite().siteInfo.name);
  const links = enabled
    .filter((language) => redirect.targets[language] !== undefined)
    .map((language) => `<li><a href="${escapeHtml(redirect.targets[language]!)}" hreflang="${language}" lang="${language}">${escapeHtml(allMessages[language].languages[language])}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="${fallback}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${name}</title>
<link rel="canonical" href="${escapeHtml(fallbackTarget)}">
<script>${detectionScript}(${scriptJson(data)});</script>
<noscript><meta http-equiv="refresh" content="0; url=${escapeHtml(fallbackTarget)}"></noscript>
<style>body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:30rem;padding:0 1rem}a{display:inline-block;padding:.5rem 0}</style>
</head>
<body>
<h1>${name}</h1>
<ul>${links}</ul>
</body>
</html>
`;
}

/** The page written where the server answered a redirect: it sends the visitor on, with or without JavaScript. */
export function redirectPage(location: string): string {
  const target = escapeHtml(location);
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><link rel="canonical" href="${target}"><meta http-equiv="refresh" content="0; url=${target}"><title>${target}</title></head><body><a href="${target}">${target}</a></body></html>\n`;
}

const targetsFor = (route: (language: Language) => Route | undefined): Targets =>
  Object.fromEntries(
    getEnabledLanguages().flatMap((language) => {
      const target = route(language);
      return target === undefined ? [] : [[language, href(target, language)]];
    }),
  );

/** '/', the unlocalised links and their pages, for `npm run export`. */
export function staticRedirectPages(): StaticPage[] {
  const enabled = getEnabledLanguages();
  const page = (file: string, redirect: LanguageRedirect): StaticPage => ({ file, html: languageRedirectPage(redirect) });
  const listingIds = [...new Set(enabled.flatMap((language) => getProperties(language).map((property) => property.id)))];
  const projectIds = [...new Set(enabled.flatMap((language) => getProjects(language).map((project) => project.id)))];
  return [
    page('index.html', { targets: targetsFor(() => ({ page: 'home' })), keepQuery: true }),
    page('for-sale/index.html', { targets: targetsFor(() => ({ page: 'for-sale' })), keepQuery: true }),
    page('for-rent/index.html', { targets: targetsFor(() => ({ page: 'for-rent' })), keepQuery: true }),
    page('contact-demand/index.html', { targets: targetsFor(() => ({ page: 'menu', id: 'free-valuation' })) }),
    // A listing or project missing in one language falls back to the default language's page.
    ...listingIds.map((id) =>
      page(`property/${id}/index.html`, {
        targets: targetsFor((language) => (getProperties(language).some((property) => property.id === id) ? { page: 'property', id } : undefined)),
      }),
    ),
    page('project/index.html', {
      targets: targetsFor(() => ({ page: 'projects' })),
      byId: Object.fromEntries(
        projectIds.map((id) => [String(id), targetsFor((language) => (getProjects(language).some((project) => project.id === id) ? { page: 'project', id } : { page: 'projects' }))]),
      ),
    }),
  ];
}
