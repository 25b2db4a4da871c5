/*
 * A browser check whose outcome does not depend on the language (a form's round trip, what the
 * consent dialog stores, a banner's timer, favourites kept across devices) runs in one language,
 * the languages taking turns from one check to the next: every language still goes through those
 * flows in the browser, and the suite does not run the same code path once per language, which
 * held two thirds of the browser tests' time. What does depend on the language keeps running in
 * each one: every page's render, its width on a phone, its URLs, SEO and visible texts (routes,
 * catalogue, layout, content, seo and literal-urls specs), and tests/unit/messages.test.ts checks
 * every language's messages key by key and their ICU arguments.
 *
 *   const inTurn = languageTurns(languages);
 *   for (const language of languages) {
 *     if (inTurn(language, 'visit')) test('request a visit', ...);
 *   }
 *
 * The n-th distinct check named goes to languages[n % languages.length], so the turns depend only
 * on the order of the checks in the file.
 */
export function languageTurns<Language extends string>(languages: readonly Language[]): (language: Language, check: string) => boolean {
  const turns = new Map<string, Language>();
  return (language, check) => {
    const turn = turns.get(check) ?? languages[turns.size % languages.length] ?? language;
    turns.set(check, turn);
    return turn === language;
  };
}
