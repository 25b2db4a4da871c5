import { listQueryKeys } from '@/lib/catalogue/list-params';

/** Marks the language switcher's links (site-header), which a list updates as its filters change. */
export const languageChoiceAttribute = 'data-language-choice';

/*
 * A list changes its filters in place (history API), after the header was rendered: its language
 * links take the new query, and the server maps it to the other language on the switch (proxy.ts,
 * translateUrl: the town in that language's name). Other parameters of the links (?lng=) stay.
 */
export function followInLanguageLinks(query: string): void {
  const wanted = new URLSearchParams(query);
  for (const link of document.querySelectorAll<HTMLAnchorElement>(`a[${languageChoiceAttribute}]`)) {
    const url = new URL(link.href);
    for (const name of listQueryKeys) url.searchParams.delete(name);
    for (const [name, value] of wanted) url.searchParams.set(name, value);
    link.href = `${url.pathname}${url.search}`;
  }
}
