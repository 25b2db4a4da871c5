import { getProject } from '../catalogue';
import type { Language } from '../config';
import { href } from '../pages';

/*
 * Unlocalised links found in old pages, mails and banners (spec §2), mapped to their page in the
 * detected language. Returns undefined for any other path.
 */
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
    // An unknown id still goes to the detail route, which answers 404 'Property Not Found'.
    return href({ page: 'property', id }, language);
  }
  if (first === 'contact-demand' && second === undefined) return href({ page: 'menu', id: 'free-valuation' }, language);
  if (first === 'project' && second === undefined) {
    const id = Number(params.get('id'));
    return Number.isInteger(id) && id > 0 && getProject(id, language) ? href({ page: 'project', id }, language) : href({ page: 'projects' }, language);
  }
  return undefined;
}
