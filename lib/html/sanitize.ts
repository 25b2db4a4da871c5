import { Parser } from 'htmlparser2';
import { escapeHtml } from './escape';

/*
 * Allow-list sanitizer for HTML that comes from the CRM (listing descriptions, articles) before it
 * is rendered with dangerouslySetInnerHTML. Server-side only. The input is parsed by htmlparser2 and
 * re-serialised from scratch: only the tags and the one attribute below can reach the output, always
 * freshly escaped, so nothing the parser and a browser might read differently survives.
 */

const allowedTags: ReadonlySet<string> = new Set([
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a',
]);
const voidTags: ReadonlySet<string> = new Set(['br']);
/* Their content is code, hidden fallback or foreign markup, never text a reader should see. */
const droppedWithContent: ReadonlySet<string> = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math',
]);
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

type OpenElement = { name: string; output: string | undefined; drops: boolean };

export function sanitizeHtml(html: string): string {
  let output = '';
  const open: OpenElement[] = [];
  let dropDepth = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const drops = droppedWithContent.has(name);
        let kept: string | undefined;
        if (dropDepth === 0 && !drops && allowedTags.has(name)) {
          if (name === 'a') {
            const href = attributes.href === undefined ? undefined : safeHref(attributes.href);
            // A link without a usable target is only its text.
            if (href !== undefined) {
              const external = /^https?:/i.test(href) ? ' rel="noopener noreferrer" target="_blank"' : '';
              kept = `<a href="${escapeHtml(href)}"${external}>`;
            }
          } else {
            kept = `<${name}>`;
          }
        }
        if (kept !== undefined) output += kept;
        if (drops) dropDepth += 1;
        open.push({ name, output: kept === undefined || voidTags.has(name) ? undefined : `</${name}>`, drops });
      },
      ontext(text) {
        if (dropDepth === 0) output += escapeHtml(text);
      },
      onclosetag(name) {
        // htmlparser2 closes elements in reverse order of opening (implied closes included), but a
        // lookup keeps the stack right even if it ever reports a close out of order.
        const index = open.findLastIndex((element) => element.name === name);
        if (index === -1) return;
        for (const element of open.splice(index).reverse()) {
          if (element.output !== undefined) output += element.output;
          if (element.drops) dropDepth -= 1;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  // end() closes what the input left open; this is a safety net for well-formed output.
  for (const element of open.reverse()) if (element.output !== undefined) output += element.output;
  return output;
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
