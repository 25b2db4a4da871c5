import { Parser } from 'htmlparser2';
import sanitize, { type IOptions } from 'sanitize-html';

/*
 * Allow-list sanitizer for HTML that comes from the CRM (listing descriptions, articles) before it
 * is rendered with dangerouslySetInnerHTML: sanitize-html, server-side only (server components),
 * so it costs the browser nothing. Only the tags and the link attributes below reach the output.
 */

const allowedTags: ReadonlySet<string> = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a']);
/* Their content is code, hidden fallback or foreign markup, never text a reader should see. */
const droppedWithContent: ReadonlySet<string> = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math']);
const allowedProtocols: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * The href when it is an absolute http(s), mailto or tel URL, else undefined. The value arrives with
 * entities decoded; browsers also ignore control characters and whitespace inside a scheme
 * ("java&#9;script:"), so those are removed before the check and the checked string is what is kept.
 */
function safeHref(raw: string): string | undefined {
  const href = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href);
  if (!scheme?.[1] || !allowedProtocols.has(`${scheme[1].toLowerCase()}:`)) return undefined;
  try {
    return allowedProtocols.has(new URL(href).protocol) ? href : undefined;
  } catch {
    return undefined;
  }
}

const options: IOptions = {
  allowedTags: [...allowedTags],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  // Checked by safeHref in transformTags below, which sees the decoded value.
  allowedSchemes: [...allowedProtocols].map((protocol) => protocol.slice(0, -1)),
  allowProtocolRelative: false,
  nonTextTags: [...droppedWithContent],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (_tagName, attributes) => {
      const href = attributes.href === undefined ? undefined : safeHref(attributes.href);
      // A link without a usable target is only its text (a tag the allow-list refuses keeps its text).
      if (href === undefined) return { tagName: 'unwrapped-link', attribs: {} };
      const attribs: Record<string, string> = /^https?:/i.test(href) ? { href, rel: 'noopener noreferrer', target: '_blank' } : { href };
      return { tagName: 'a', attribs };
    },
  },
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, options);
}

/** What the sanitizer takes out of a piece of HTML: code (refused by the data check) and formatting it does not keep (warned). */
export type SanitizerRemovals = { unsafe: string[]; dropped: string[] };

/**
 * Lists what sanitizeHtml would remove, with the same allow-lists, so that the data check can tell
 * staff that part of an article body will not reach the page rather than drop it silently.
 */
export function sanitizerRemovals(html: string): SanitizerRemovals {
  const unsafe = new Set<string>();
  const dropped = new Set<string>();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (droppedWithContent.has(name)) unsafe.add(`<${name}>`);
        else if (!allowedTags.has(name)) dropped.add(`<${name}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute.startsWith('on')) unsafe.add(`${attribute}="…"`);
          if (attribute === 'href' || attribute === 'src' || attribute === 'action' || attribute === 'formaction') {
            const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''))?.[1]?.toLowerCase();
            if (scheme === 'javascript' || scheme === 'data' || scheme === 'vbscript') unsafe.add(`${attribute}="${scheme}:…"`);
            else if (name === 'a' && attribute === 'href' && safeHref(value) === undefined) dropped.add(`the link ${JSON.stringify(value)} (kept as text)`);
          }
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { unsafe: [...unsafe], dropped: [...dropped] };
}
