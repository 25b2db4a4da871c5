import type { Locator, Page } from '@playwright/test';
import { expect, test } from './warm-page';
import { getArticles, getTeam, localise, type Language } from '@/lib/config';
import { href } from '@/lib/pages';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import nl from '@/messages/nl.json';

/*
 * The content pages built from the menu configuration, in the three published languages. Expected
 * texts come from data/site, so the tests follow the content rather than a copy of it.
 */

const languages = ['nl', 'fr', 'en'] as const satisfies readonly Language[];
const messages = { nl, fr, en, de } as const;

function article(id: string) {
  const found = getArticles().find((candidate) => candidate.id === id);
  if (!found) throw new Error(`article ${id} is missing from data/site/articles.json`);
  return found;
}

/** The h2 headings an article's body declares, as text. */
function bodyHeadings(id: string, language: Language): string[] {
  const body = localise(article(id).body, language);
  return [...body.matchAll(/<h2>(.*?)<\/h2>/g)].map((match) =>
    (match[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&quot;/g, '"'),
  );
}

/** Fails the test on any console error or uncaught exception of the page. */
function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} @ ${page.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message} @ ${page.url()}`));
  return problems;
}

/** A picture that has actually arrived (lazy pictures are scrolled to first). */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

const module = (page: Page, id: string) => page.locator(`main section[data-module="${id}"]`);

for (const language of languages) {
  test.describe(`content pages in ${language}`, () => {
    test('the services page shows the services cards, the team with photos and the figures', async ({ page }) => {
      const problems = watchErrors(page);
      await page.goto(href({ page: 'menu', id: 'services' }, language));

      const services = getArticles().filter((candidate) => candidate.category === 'services');
      const cards = module(page, 'services-articles').getByRole('article');
      await expect(cards).toHaveCount(services.length);
      for (const [index, service] of services.entries()) {
        const link = cards.nth(index).getByRole('link', { name: localise(service.title, language) });
        await expect(link).toHaveAttribute('href', `/${language}/our-services/${service.slug[language]}/`);
      }

      const team = getTeam();
      const members = module(page, 'services-team').getByRole('listitem');
      await expect(members).toHaveCount(4);
      for (const [index, member] of team.entries()) {
        const card = members.nth(index);
        await expect(card.getByRole('heading', { name: member.name })).toBeVisible();
        await expect(card).toContainText(localise(member.role, language));
        await expect(card.locator(`a[href="mailto:${member.email}"]`)).toBeVisible();
        const photo = card.locator('img');
        await expect(photo).toHaveAttribute('src', new RegExp(`[?&]src=/images/team/${member.id}\\.webp(&|$)`));
        await expectLoaded(photo);
      }
      // Phone numbers grouped 3-2-2-2 (landline) and 4-2-2-2 (mobile), dialled without spaces.
      await expect(members.first().locator('a[href="tel:065123456"]')).toHaveText('065 12 34 56');
      await expect(members.first().locator('a[href="tel:0475123456"]')).toHaveText('0475 12 34 56');

      await expect(module(page, 'services-stats').getByRole('link')).toHaveCount(2);
      expect(problems).toEqual([]);
    });

    test('a services card leads to its article, which shows its full body and leads back', async ({ page }) => {
      const problems = watchErrors(page);
      await page.goto(href({ page: 'menu', id: 'services' }, language));
      const sell = article('sell');
      // Followed by address rather than by click: the consent dialog may cover the page.
      const target = await module(page, 'services-articles')
        .getByRole('link', { name: localise(sell.title, language) })
        .getAttribute('href');
      expect(target).toBe(`/${language}/our-services/${sell.slug[language]}/`);
      await page.goto(target!);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(localise(sell.title, language));
      const headings = bodyHeadings('sell', language);
      expect(headings.length).toBeGreaterThan(1);
      // First and last heading: the whole body is there, not a summary.
      await expect(page.getByRole('heading', { level: 2, name: headings[0] })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: headings.at(-1) })).toBeVisible();
      const back = page.getByRole('link', { name: messages[language].content.backToServices });
      await expect(back).toHaveAttribute('href', href({ page: 'menu', id: 'services' }, language));
      expect(problems).toEqual([]);
    });

    test('the useful-links page shows its links', async ({ page }) => {
      const problems = watchErrors(page);
      await page.goto(href({ page: 'menu', id: 'useful-links' }, language));
      const links = module(page, 'useful-links-article').locator('a[href^="https://"]');
      const expected = [...localise(article('useful-links').body, language).matchAll(/href="(https:[^"]+)"/g)].length;
      expect(expected).toBeGreaterThan(3);
      await expect(links).toHaveCount(expected);
      await expect(links.first()).toBeVisible();
      // External links open in a new tab without handing over the opener.
      await expect(links.first()).toHaveAttribute('target', '_blank');
      await expect(links.first()).toHaveAttribute('rel', /noopener/);
      expect(problems).toEqual([]);
    });

    for (const [pageId, articleId] of [
      ['privacy-statement', 'privacy-statement'],
      ['cookie-policy', 'cookie-policy'],
      ['disclaimer', 'disclaimer'],
    ] as const) {
      test(`the ${pageId} page shows its full text`, async ({ page }) => {
        const problems = watchErrors(page);
        await page.goto(href({ page: 'menu', id: pageId }, language));
        const headings = bodyHeadings(articleId, language);
        expect(headings.length).toBeGreaterThan(1);
        const body = page.locator('main');
        await expect(body.getByRole('heading', { name: headings[0], exact: true })).toBeVisible();
        await expect(body.getByRole('heading', { name: headings.at(-1), exact: true })).toBeVisible();
        expect(problems).toEqual([]);
      });
    }

    test('a testimonial page shows its body and its author', async ({ page }) => {
      const problems = watchErrors(page);
      const testimonial = article('testimonial-1');
      await page.goto(href({ page: 'article', id: testimonial.id }, language));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(localise(testimonial.title, language));
      const firstSentence = localise(testimonial.body, language)
        .replace(/<[^>]+>/g, ' ')
        .trim()
        .split(/[.:!?]/)[0]!
        .trim();
      await expect(page.locator('main blockquote')).toContainText(firstSentence.replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
      await expect(page.locator('main figcaption')).toContainText(testimonial.author);
      expect(problems).toEqual([]);
    });

    test('the testimonials page, linked from the menu, lists every testimonial and each one leads back to it', async ({ page }) => {
      const problems = watchErrors(page);
      const listing = href({ page: 'menu', id: 'testimonials' }, language);
      // Reachable: the site's menu links it from every page (here the home page).
      await page.goto(href({ page: 'home' }, language));
      await expect(page.locator(`header nav a[href="${listing}"]`).first()).toBeAttached();
      const response = await page.goto(listing);
      expect(response?.status()).toBe(200);
      const title = messages[language].articles.testimonials;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const testimonials = getArticles().filter((candidate) => candidate.category === 'testimonials');
      expect(testimonials.length).toBeGreaterThan(0);
      const list = module(page, 'testimonials-articles');
      for (const testimonial of testimonials) {
        const link = list.getByRole('link', { name: localise(testimonial.title, language) });
        await expect(link).toHaveAttribute('href', href({ page: 'article', id: testimonial.id }, language));
        await expect(list).toContainText(localise(testimonial.summary, language));
      }
      const first = testimonials[0]!;
      await page.goto(href({ page: 'article', id: first.id }, language));
      const back = page.locator('main').getByRole('link', { name: messages[language].content.backTo.replace('{page}', title) });
      await expect(back).toHaveAttribute('href', listing);
      expect(problems).toEqual([]);
    });

    test('the contact page holds the #contact-form anchor with the agency details', async ({ page }) => {
      const problems = watchErrors(page);
      await page.goto(`${href({ page: 'menu', id: 'contact' }, language)}#contact-form`);
      const anchor = page.locator('#contact-form');
      await expect(anchor).toBeVisible();
      await expect(anchor.locator('a[href="tel:065123456"]')).toHaveText('065 12 34 56');
      await expect(anchor.locator('a[href^="mailto:"]')).toBeVisible();
      expect(problems).toEqual([]);
    });
  });
}
