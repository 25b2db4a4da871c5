import type { Goal } from './index';
import { listQueryString, parseListParams } from './list-query';

/*
 * The query of the list a visitor last looked at in this tab, per goal, so that a detail page's
 * "back to the list" link returns to the filtered list and page (the detail pages are
 * prerendered and know nothing of it). Browser only; storage that is off or full is ignored.
 */

const key = (goal: Goal) => `list-query:${goal}`;

export function rememberListQuery(goal: Goal, query: string): void {
  try {
    window.sessionStorage.setItem(key(goal), query);
  } catch {
    // Private mode or storage switched off: the back link leads to the plain list.
  }
}

/** The remembered query, re-read through the list's own parser so that nothing else is carried. */
export function rememberedListQuery(goal: Goal): string {
  try {
    return listQueryString(parseListParams(new URLSearchParams(window.sessionStorage.getItem(key(goal)) ?? '')));
  } catch {
    return '';
  }
}
