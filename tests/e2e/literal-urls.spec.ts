import { test } from './warm-page';
import { checkLiteralUrls } from './literal-urls';

/* A sample of pages at their literal URLs, in every language the site enables (literal-urls.ts). */

const enabled = ['nl', 'fr', 'en'] as const;

for (const language of enabled) {
  test(`sample pages in ${language} answer at their literal URLs, with literal canonical, alternates and language links`, async ({ request, baseURL }) => {
    await checkLiteralUrls(request, new URL(baseURL ?? '').origin, language, enabled);
  });
}
