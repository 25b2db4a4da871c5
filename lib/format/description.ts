/*
 * Plain-text teasers of CRM descriptions (HTML). The result is text, rendered escaped by React,
 * so a light tag strip is enough here and keeps this module free of a parser in client bundles.
 */

/* Tags that separate words; inline ones (strong, em, a...) must not split a word they sit in. */
const blockTags = /<\/?(p|br|li|ul|ol|h[1-6]|div|blockquote|tr|td|th|table|hr|section|article)\b[^>]*>/gi;
const droppedElements = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return namedEntities[name.toLowerCase()] ?? entity;
    const codePoint = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
    const valid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
    return valid ? String.fromCodePoint(codePoint) : entity;
  });
}

/*
 * On one line, a list read "Troeven: 4 slaapkamers 1 badkamer Tuin van 703 m²": between list items,
 * and before a block that starts a new sentence (a capital after a heading or a line without a full
 * stop), a middle dot keeps the parts apart, unless punctuation already does.
 */
const punctuation = /[.,:;!?…·–—-]/;
const startsWithCapital = /^\p{Lu}/u;

function inlineText(html: string): string {
  // Decoding last: an encoded "&lt;b&gt;" is text the author wrote, not a tag to strip.
  return decodeEntities(html.replace(/<\/?[a-z][^>]*>/gi, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text content of description HTML on one line: block boundaries become spaces or a middle dot, entities decoded. */
export function htmlToText(html: string): string {
  const markup = html.replace(/<!--[\s\S]*?-->/g, '').replace(droppedElements, ' ');
  let text = '';
  let boundary: 'none' | 'block' | 'item' = 'none';
  const append = (part: string) => {
    const words = inlineText(part);
    if (words === '') return;
    if (text === '') text = words;
    else {
      const apart = boundary === 'item' || (boundary === 'block' && startsWithCapital.test(words));
      // The last character alone: the text grows with every block.
      text += apart && !punctuation.test(text.at(-1) ?? '') ? ` · ${words}` : ` ${words}`;
    }
    boundary = 'none';
  };
  let last = 0;
  for (const tag of markup.matchAll(blockTags)) {
    append(markup.slice(last, tag.index));
    last = tag.index + tag[0].length;
    if (tag[1]?.toLowerCase() === 'li') boundary = 'item';
    else if (boundary === 'none') boundary = 'block';
  }
  append(markup.slice(last));
  return text;
}

/** The longest teaser the site writes (JSON-LD's 300 characters). */
const longestTeaser = 300;

/**
 * The text of a description cut one character past the longest teaser: every teaser of it is the
 * teaser of the whole text, and a listing's summary keeps a few hundred characters instead of the
 * whole description (lib/catalogue/listing-store.ts). A new string of its own, so that it does not
 * hold the whole text alive as a slice of it would.
 */
export function teaserSource(html: string): string {
  return Array.from(htmlToText(html).slice(0, longestTeaser + 1)).join('');
}

/**
 * Teaser of at most `limit` characters plus "…" (spec §9: 250 by default, 100 in the home search).
 * It ends at a word boundary only when that keeps more than 80% of the limit, so a long first word
 * cannot shrink the teaser to nothing. `text` is plain text (htmlToText, teaserSource).
 */
export function textTeaser(text: string, limit = 250): string {
  if (text.length <= limit) return text;
  let cut = text.slice(0, limit);
  // Never leave half of a surrogate pair (an emoji) before the ellipsis.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  // The space right after the cut counts: then the last word fits entirely and is kept.
  const lastSpace = text.lastIndexOf(' ', limit);
  if (lastSpace > limit * 0.8) cut = cut.slice(0, lastSpace);
  // A cut just after a list's dot (htmlToText) would end in " ·…".
  return `${cut.replace(/[\s·]+$/u, '')}…`;
}

/** The teaser of description HTML (textTeaser of its text). */
export function cleanDescription(html: string, limit = 250): string {
  return textTeaser(htmlToText(html), limit);
}
