import { test } from './warm-page';
import { getEnabledLanguages } from '@/lib/config';
import { allRoutes } from '@/lib/pages';
import { checkPagesSeo, checkSitemapAndRobots } from './seo-checks';

/* What search engines read, through the real server (checks in seo-checks.ts). */

test('sitemap.xml lists every public URL of every enabled language exactly once, with alternates', async ({ request }) => {
  await checkSitemapAndRobots(request);
});

for (const language of getEnabledLanguages()) {
  test(`every page in ${language} carries JSON-LD, a canonical link and hreflang alternates`, async ({ request }) => {
    test.setTimeout(120_000);
    await checkPagesSeo(request, language, allRoutes(language));
  });
}
