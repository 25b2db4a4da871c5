import { test } from './warm-page';
import { checkLiteralUrls } from './literal-urls';

/* The German build (German switched on in its data/site copy): the sample pages at their literal German URLs (literal-urls.ts). */

test('sample pages in de answer at their literal URLs, with literal canonical, alternates and language links', async ({ request, baseURL }) => {
  await checkLiteralUrls(request, new URL(baseURL ?? '').origin, 'de', ['nl', 'fr', 'en', 'de']);
});
