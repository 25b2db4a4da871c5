import type { Goal } from './index';

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

/**
 * The remembered query, re-encoded so that it can only ever be a query of the list's path (the list
 * reads it with its own parser and ignores what it does not know). Not the list's parser here: it
 * would add the filters' code to every detail page's first load.
 */
export function rememberedListQuery(goal: Goal): string {
  try {
    const query = new URLSearchParams(window.sessionStorage.getItem(key(goal)) ?? '').toString();
    return query ? `?${query}` : '';
  } catch {
    return '';
  }
}
