import type { Language } from '../config/schemas';

export type DetectionInput = {
  /** ?lng= query parameter. */
  query?: string | null;
  /** The remembered language cookie. */
  cookie?: string | null;
  acceptLanguage?: string | null;
  enabled: readonly Language[];
  fallback: Language;
};

const asEnabled = (value: string | null | undefined, enabled: readonly Language[]): Language | undefined => {
  const code = value?.trim().toLowerCase().slice(0, 2);
  return enabled.find((language) => language === code);
};

/** Languages of an Accept-Language header, best first ("fr-BE,fr;q=0.9,en;q=0.8" → fr, fr, en). */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, position) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, position };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position)
    .map((entry) => entry.tag);
}

/** Language detection order of design.md §5: query lng, cookie, Accept-Language, configured default. */
export function detectLanguage(input: DetectionInput): Language {
  const fromQuery = asEnabled(input.query, input.enabled);
  if (fromQuery) return fromQuery;
  const fromCookie = asEnabled(input.cookie, input.enabled);
  if (fromCookie) return fromCookie;
  for (const tag of parseAcceptLanguage(input.acceptLanguage ?? '')) {
    const match = asEnabled(tag, input.enabled);
    if (match) return match;
  }
  return input.enabled.includes(input.fallback) ? input.fallback : (input.enabled[0] ?? input.fallback);
}
