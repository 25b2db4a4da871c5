/*
 * What a value of data/site may look like, field kind by field kind: plain text, links, host names,
 * the analytics IDs that reach the tag scripts. Each check returns what is wrong in plain words (for
 * a staff member editing JSON by hand) or undefined. Pure: the schemas and the tests call them.
 */

const quoteValue = (value: string) => JSON.stringify(value.length > 50 ? `${value.slice(0, 47)}...` : value);

/** An HTML tag or comment: "<" followed by a letter, "/" or "!" ("< 100 m²" stays text). */
const markup = /<\/?[a-z!][^<>]*>?/i;
/** A character reference such as &amp; &eacute; &#39;: React shows it as typed. */
const entity = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
/** A web address written into text: the page would show it as text, not as a link. */
const webAddress = /\b(?:https?|ftp):\/\/\S+|\bwww\.[a-z0-9-]+\.[a-z]\S*|\b(?:javascript|data|vbscript):\S*/i;

/**
 * A field the site renders as text (React escapes it): markup and entities would show as typed, a
 * web address would not be a link.
 */
export function plainTextProblem(value: string): string | undefined {
  const tag = markup.exec(value)?.[0];
  if (tag) return `this text is shown as plain text, so the HTML ${quoteValue(tag)} would appear on the page as typed; write the text without tags`;
  const reference = entity.exec(value)?.[0];
  if (reference) return `this text is shown as plain text, so ${quoteValue(reference)} would appear on the page as typed; write the character itself (such as & or é)`;
  const address = webAddress.exec(value)?.[0];
  if (address) return `this text is plain text, where a web address is not a link: remove ${quoteValue(address)} (links belong in a header link, a menu entry or an article body)`;
  return undefined;
}

/** Control characters and spaces browsers ignore inside a scheme ("java\tscript:"). */
const invisible = /[\u0000-\u0020\u007f-\u009f]/g;
const linkHelp = 'a link is https://…, http://…, mailto:…, tel:… or a page of this site starting with a single / (such as /fr/contact/)';

/** A link staff configure (header links, redirects): http(s), mailto, tel or a path of this site. */
export function linkProblem(value: string): string | undefined {
  const squeezed = value.replace(invisible, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(squeezed)?.[1];
  if (scheme === 'javascript' || scheme === 'data' || scheme === 'vbscript') {
    return `${quoteValue(value)} is a ${scheme}: link, which runs code or hides content in the visitor's browser and is never allowed; ${linkHelp}`;
  }
  if (value !== value.trim()) return `${quoteValue(value)} has spaces at the start or the end; remove them`;
  if (/["<>`\s\\]/.test(value)) return `${quoteValue(value)} contains a space, a double quote, a backslash or < >, which a link cannot hold; ${linkHelp}`;
  if (value.startsWith('//')) return `${quoteValue(value)} starts with "//", which silently points to another website; write https://host/… for another website, or a single / for a page of this site`;
  if (value.startsWith('/')) return undefined;
  if (scheme === 'http' || scheme === 'https') {
    try {
      const url = new URL(value);
      if (url.hostname === '' || (!url.hostname.includes('.') && url.hostname !== 'localhost')) return `${quoteValue(value)} has no website name after "${scheme}://"; ${linkHelp}`;
      if (url.username || url.password) return `${quoteValue(value)} holds a user name or password; remove them from the link`;
      return undefined;
    } catch {
      return `${quoteValue(value)} is not a complete web address; ${linkHelp}`;
    }
  }
  if (scheme === 'mailto')
    return /^mailto:[^@\s]+@[^@\s]+\.[a-z]{2,}(\?.*)?$/i.test(value) ? undefined : `${quoteValue(value)} is not an e-mail link: write mailto: followed by the address, such as mailto:info@agency.be`;
  if (scheme === 'tel')
    return /^tel:\+?[0-9]{6,15}$/.test(value) ? undefined : `${quoteValue(value)} is not a phone link: write tel: followed by the number in digits, without spaces, such as tel:+3265123456`;
  if (scheme !== undefined && !/^[a-z0-9-]+(\.[a-z0-9-]+)+:\d/.test(squeezed)) return `${quoteValue(value)} uses "${scheme}:", which is not allowed; ${linkHelp}`;
  if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]|$)/i.test(value)) {
    return `${quoteValue(value)} is missing "https://" in front: write it as https://${value}`;
  }
  return `${quoteValue(value)} is not a link; ${linkHelp}`;
}

const hostName = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** A bare host name (cdnHost, legacyImageHosts): what pictures and links are built on. */
export function hostNameProblem(value: string): string | undefined {
  if (hostName.test(value)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || value.includes('/')) {
    return `${quoteValue(value)} should be the host name only, such as "cdn.immo-hainaut.be": without https://, without / and without a path`;
  }
  return `${quoteValue(value)} is not a host name: expected letters, digits, hyphens and dots, such as "cdn.immo-hainaut.be", without spaces or quotes`;
}

/** The site's public address: scheme, host and optional port, nothing after. */
export function siteUrlProblem(value: string): string | undefined {
  const help = 'expected the site\'s address such as "https://www.immo-hainaut.be": http:// or https:// and the host name, nothing after it';
  if (/["'<>`\s\\]/.test(value)) return `${quoteValue(value)} contains a space, a quote, a backslash or < >; ${help}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${quoteValue(value)} is not a web address; ${help}`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${quoteValue(value)} does not start with https://; ${help}`;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/' || value.endsWith('?') || value.endsWith('#')) {
    return `${quoteValue(value)} has something after the host name; ${help}`;
  }
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return `${quoteValue(value)} has no complete host name; ${help}`;
  return undefined;
}

/** The analytics products whose IDs go into script URLs and tag commands, and how each ID looks. */
export const tagIdFormats = {
  analyticsId: { product: 'a Google Analytics 4 id', example: 'G-AB12CD34EF', rule: 'capital letters and digits after "G-"', pattern: /^G-[A-Z0-9]{4,15}$/ },
  adsId: { product: 'a Google Ads id', example: 'AW-123456789', rule: 'digits after "AW-"', pattern: /^AW-[0-9]{5,15}$/ },
  tagManagerId: { product: 'a Google Tag Manager id', example: 'GTM-AB12CD3', rule: 'capital letters and digits after "GTM-"', pattern: /^GTM-[A-Z0-9]{4,12}$/ },
  socialPixelId: { product: 'a social network pixel id', example: '123456789012345', rule: 'digits only', pattern: /^[0-9]{5,20}$/ },
} as const;
export type TagIdField = keyof typeof tagIdFormats;

export function tagIdProblem(field: TagIdField, value: string): string | undefined {
  if (value === '') return undefined;
  const format = tagIdFormats[field];
  if (format.pattern.test(value)) return undefined;
  // Universal Analytics stopped collecting in July 2023: a UA- id would load a script that records nothing.
  if (field === 'analyticsId' && /^UA-\d+-\d+$/i.test(value)) {
    return `${quoteValue(value)} is an old Universal Analytics id, which Google no longer serves; use the Google Analytics 4 id, which looks like "${format.example}", or leave it empty ("")`;
  }
  return `${quoteValue(value)} is not ${format.product}: it looks like "${format.example}", ${format.rule}, with no quotes or spaces; leave it empty ("") if the agency has none`;
}
