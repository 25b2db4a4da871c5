import { getProject } from '../catalogue';
import type { Language } from '../config';
import { href, missingPage } from '../pages';
import { notFoundPath } from '../pages/internal-paths';

/** Where an old link leads: its page, or (an unknown listing) straight to the 404 page, rendered with its status. */
export type LegacyAnswer = { kind: 'redirect'; to: string } | { kind: 'not-found'; render: string };

/*
 * Unlocalised links found in old pages, mails and banners (spec §2), mapped to their page in the
 * detected language. Returns undefined for any other path.
 */
export function legacyAnswer(pathname: string, search: string, language: Language): LegacyAnswer | undefined {
  const missing = legacyMissing(pathname, language);
  if (missing) return { kind: 'not-found', render: notFoundPath(language, missing) };
  const to = legacyRedirect(pathname, search, language);
  return to === undefined ? undefined : { kind: 'redirect', to };
}

/**
 * An old /property/{id}/ link to a listing that is gone: its 404 is answered at once rather than
 * after a redirect to a localised URL that is a 404 too.
 */
function legacyMissing(pathname: string, language: Language): 'page' | 'property' | undefined {
  const [first, second, ...rest] = pathname.split('/').filter(Boolean);
  const id = Number(second);
  if (first !== 'property' || rest.length > 0 || !Number.isInteger(id) || id <= 0) return undefined;
  return missingPage({ page: 'property', id }, language);
}

/** The page an unlocalised link leads to in a language (spec §2). */
export function legacyRedirect(pathname: string, search: string, language: Language): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const params = new URLSearchParams(search);
  const [first, second, ...rest] = segments;
  if (rest.length > 0) return undefined;
  if ((first === 'for-sale' || first === 'for-rent') && second === undefined) {
    // Keep the list filters (city, type, page...) of the old link.
    return href({ page: first }, language) + (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '');
  }
  if (first === 'property' && second !== undefined) {
    const id = Number(second);
    if (!Number.isInteger(id) || id <= 0) return undefined;
    return href({ page: 'property', id }, language);
  }
  if (first === 'contact-demand' && second === undefined) return href({ page: 'menu', id: 'free-valuation' }, language);
  if (first === 'project' && second === undefined) {
    const id = Number(params.get('id'));
    return Number.isInteger(id) && id > 0 && getProject(id, language) ? href({ page: 'project', id }, language) : href({ page: 'projects' }, language);
  }
  return undefined;
}
