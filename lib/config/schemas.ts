import { z } from 'zod';
import { isoDateProblem } from '../data-file/dates';
import { purchaseCostsSchema } from './purchase-costs-schema';
import { hostNameProblem, linkProblem, plainTextProblem, siteUrlProblem, tagIdFormats, tagIdProblem, type TagIdField } from './formats';

/*
 * Schemas of data/site: the configuration staff edit by hand. Objects are strict so that a typo in
 * a key fails the build with its path instead of being ignored.
 */

export const supportedLanguages = ['nl', 'fr', 'en', 'de'] as const;
const languageSchema = z.enum(supportedLanguages);
export type Language = z.infer<typeof languageSchema>;

/** A string checked by one of the format checks of ./formats, which word their own message. */
const checked = (problem: (value: string) => string | undefined, base = z.string()) =>
  base.superRefine((value, ctx) => {
    const message = problem(value);
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  });

const text = z.string().trim().min(1);
/** Text the site renders as text (React escapes it): no markup, no entities, no web addresses. */
const plainText = checked(plainTextProblem);
/** A name or label that may not be empty. */
const nameText = checked(plainTextProblem, z.string().trim().min(1, 'may not be empty'));
const isoDate = checked(isoDateProblem).meta({ description: 'a date written year-month-day, such as 2026-03-15', pattern: '^\\d{4}-\\d{2}-\\d{2}(T.*)?$' });
const colour = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'expected a colour written # and 6 (or 3) hexadecimal digits, such as "#1d4e89"')
  .describe('A colour: # and 6 (or 3) hexadecimal digits, such as "#1d4e89".');
const link = checked(linkProblem);
const optionalLink = checked((value) => (value === '' ? undefined : linkProblem(value)));
/* The pattern is for editors that read the generated JSON Schema; the check words the refusal. */
const tagId = (field: TagIdField) =>
  checked((value) => tagIdProblem(field, value)).meta({
    description: `${tagIdFormats[field].product}, such as "${tagIdFormats[field].example}", or "" for none`,
    pattern: `^(?:${tagIdFormats[field].pattern.source.replace(/^\^|\$$/g, '')})?$`,
  });
const hostName = checked(hostNameProblem);

/**
 * Localised content: an object keyed by language code (the uppercase code is accepted as a
 * fallback key), or a plain string used in every language.
 */
const languageKey = z.string().regex(/^(nl|fr|en|de|NL|FR|EN|DE)$/, 'a language key is nl, fr, en or de');
const localisedOf = (value: z.ZodType<string>) => z.union([value, z.record(languageKey, value)]);
const localisedSchema = localisedOf(z.string()).describe('One text for every language, or one text per language: {"nl": "…", "fr": "…", "en": "…", "de": "…"}.');
export type Localised = z.infer<typeof localisedSchema>;
/** Localised text rendered as text (titles, descriptions, labels). */
const localisedText = localisedOf(plainText);
/** Localised HTML (article bodies, a menu page's content): checked against the sanitizer in ./checks. */
const localisedHtml = localisedSchema;

const publicText = z.strictObject({ text: localisedText, public: z.boolean() });

/** A tile URL's placeholders: {z}, {x} and {y}, and nothing else in braces. */
const hasTilePlaceholders = (value: string) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)) && /^[^{}]*(\{[zxy]\}[^{}]*)*$/.test(value);
const tileAttribution = z.string().trim().min(1, 'name the map data and tiles the licence asks you to credit').max(300);
const maxZoom = z.number().int().min(1).max(20).default(17);

/**
 * Where the home map's background comes from (components/catalogue/home-map). "none", the default,
 * makes no request at all: the home page then shows the towns on its own drawing. A PMTiles file
 * is a raster archive in public/maps/ served by the site itself. A tile server is a {z}/{x}/{y}
 * template on this site (a path) or on another host (https); consent: true (the default for
 * another host) loads it only after the visitor asks, because every tile tells that host who looks.
 */
export const tileSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({
    kind: z.literal('pmtiles'),
    file: z
      .string()
      .regex(/^\/maps\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+\.pmtiles$/, 'expected a file in public/maps/, written /maps/region.pmtiles')
      .refine((value) => !value.includes('..'), 'the path may not contain ".."'),
    attribution: tileAttribution,
    maxZoom,
  }),
  z
    .strictObject({
      kind: z.literal('tiles'),
      url: z
        .string()
        .max(500)
        .refine((value) => /^https:\/\/[A-Za-z0-9.-]+(:\d+)?\//.test(value) || /^\/(?!\/)/.test(value), 'expected https://host/… or a path on this site starting with /')
        .refine(hasTilePlaceholders, 'expected the placeholders {z}, {x} and {y}'),
      attribution: tileAttribution,
      consent: z.boolean().optional(),
      maxZoom,
    })
    .transform((source) => ({ ...source, consent: source.url.startsWith('https://') ? (source.consent ?? true) : false })),
]);
export type TileSource = z.infer<typeof tileSourceSchema>;

const mapSchema = z.strictObject({ tiles: tileSourceSchema.default({ kind: 'none' }), markerColour: colour.default('#b44a33') });

/** A path segment as it appears in a URL. U+2019 (’) gets its own message: it sneaks in from word processors. */
const pathSegmentSchema = z
  .string()
  .refine((value) => !value.includes('\u2019'), "contains a typographic apostrophe (U+2019); use the ASCII apostrophe (')")
  // Capitals are accepted ("Liens-utiles", as the CRM exports it); the site's URL is the lowercase form.
  .refine((value) => /^[A-Za-z0-9][A-Za-z0-9'-]*$/.test(value), 'a path segment uses letters without accents, digits, hyphens and the ASCII apostrophe only');

const perLanguagePath = z.strictObject({
  nl: pathSegmentSchema,
  fr: pathSegmentSchema,
  en: pathSegmentSchema,
  de: pathSegmentSchema,
});

const seoMetadataSchema = z.strictObject({
  pageTitle: plainText,
  metaTitle: plainText,
  metaDescription: plainText,
  ogTitle: plainText,
  ogDescription: plainText,
  ogImage: z.string(),
  twitterTitle: plainText,
  twitterDescription: plainText,
  twitterImage: z.string(),
  seoActive: z.boolean(),
});

const moduleRelationTypes = ['property-list', 'category', 'article', 'contact', 'stats-view', 'cookie-table'] as const;
const moduleViews = ['collapse-view', 'card-view', 'ons-team-view', 'single-view'] as const;
/** The media types of the spec; the empty text means none. */
const mediaTypes = ['image', 'color', 'gallery', 'none', ''] as const;

const moduleSchema = z.strictObject({
  id: text,
  title: localisedText,
  titleSize: z.enum(['h2', 'h3', 'h4']),
  description: localisedText,
  position: z.number().int().nonnegative(),
  span: z.number().int().min(1).max(12),
  col: z.strictObject({ sm: z.number().int().min(1).max(12), md: z.number().int().min(1).max(12), lg: z.number().int().min(1).max(12) }),
  sort: z.number().int(),
  class: z.string(),
  status: z.enum(['Published', 'Draft']),
  view: z.enum(moduleViews),
  backgroundType: z.enum(mediaTypes),
  image: z.string(),
  images: z.array(z.string()),
  colorBackground: z.union([colour, z.literal('')]),
  relations: z.strictObject({
    type: z.enum(moduleRelationTypes),
    /** For property-list: "sale" or "rent"; for category and article: their id; for contact: the form; for cookie-table: any word ("site"). */
    id: text,
  }),
  /** The spec caps property-list modules at 4 items, 4 per row. */
  numberItemOfRow: z.number().int().min(1).max(4),
  maxItems: z.number().int().min(1).max(4),
  isHasSubcategories: z.boolean(),
});
export type Module = z.infer<typeof moduleSchema>;

/** How a menu entry is rendered: a page built from its modules, or one of the site's system pages. */
const menuPageTypes = ['home', 'page', 'for-sale', 'for-rent', 'projects', 'login'] as const;

const menuEntrySchema = z.strictObject({
  id: text,
  parentId: text.nullable(),
  name: nameText,
  path: pathSegmentSchema,
  status: z.enum(['Published', 'Draft', 'Hidden']),
  createDate: isoDate,
  modifyDate: isoDate,
  sort: z.number().int(),
  params: z.strictObject({
    title: localisedText,
    description: localisedText,
    metadata: z.record(languageSchema, seoMetadataSchema),
    image: z.string(),
    modules: z.array(moduleSchema),
    submenu: z.boolean(),
    content: localisedHtml,
    css: z.string(),
    type: z.enum(menuPageTypes),
    redirect: z.boolean(),
    redirectUrl: optionalLink,
    path: perLanguagePath,
    breadcrumb: z.boolean(),
    banner: z.boolean(),
    bannerTitle: localisedText,
    bannerDescription: localisedText,
  }),
});
export type MenuEntry = z.infer<typeof menuEntrySchema>;

const headerLinkSchema = z.strictObject({
  status: z.enum(['Published', 'Draft']),
  icon: z.string(),
  label: localisedText,
  link: localisedOf(link),
  color: z.union([colour, z.literal('')]),
});

const headerSchema = z.strictObject({
  appBar: z.strictObject({ show: z.boolean(), text: localisedText }),
  menu: z.strictObject({
    position: z.enum(['left', 'center', 'right']),
    menuMaxItems: z.number().int().min(1),
    showFreeEvaluation: z.boolean(),
    showHomeMenu: z.boolean(),
    fontSize: z.number().positive(),
  }),
  mobileMenu: z.strictObject({ show: z.boolean(), position: z.enum(['left', 'right']) }),
  logo: z.strictObject({ position: z.enum(['left', 'center']), showLogoAtStart: z.boolean(), image: text }),
  links: z.strictObject({ left: z.array(headerLinkSchema), right: z.array(headerLinkSchema) }),
  languageSwitcher: z.boolean(),
  propertySearch: z.boolean(),
  changeOnScroll: z.boolean(),
});

const bannerSchema = z.strictObject({
  type: z.enum(['image', 'gallery', 'video', 'properties', 'projects', 'color']),
  show: z.boolean(),
  image: z.strictObject({ url: z.string() }),
  gallery: z.strictObject({ images: z.array(z.string()) }),
  video: z.union([z.string(), z.strictObject({ url: text, mimetype: text })]),
  color: z.union([colour, z.literal('')]),
  title: publicText,
  description: publicText,
});

const footerSchema = z.strictObject({
  bottom: z.array(
    z.strictObject({
      title: localisedText,
      introText: localisedText,
      fullText: localisedText,
      image: z.string(),
      col: z.strictObject({ sm: z.number().int().min(1).max(12), md: z.number().int().min(1).max(12), lg: z.number().int().min(1).max(12) }),
    }),
  ),
  copyright: localisedText,
  bgColor: colour,
  textColor: colour,
});

const homeSearchSchema = z.strictObject({
  logo: z.strictObject({ show: z.boolean(), image: z.string() }),
  title: publicText,
  description: publicText,
  secondDescription: publicText,
  showSearchInput: z.boolean(),
  showSearchButton: z.boolean(),
  showSearchCount: z.boolean(),
  showCountProperty: z.boolean(),
  /** Kept for compatibility with the CRM export; the site shows counts computed from the catalogue. */
  data: z.strictObject({ countProperty: z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]) }),
});

const marqueeSchema = z.strictObject({
  id: z.number().int().min(0).max(4),
  name: localisedText,
  meaning: z.enum(['none', 'new', 'option', 'sold', 'rented']),
});

export const siteSchema = z
  .strictObject({
    /** Where editors find the file's JSON Schema (data/schemas/site.schema.json); the site ignores it. */
    $schema: z.string().optional(),
    languageDefault: languageSchema,
    languageFlags: z.boolean(),
    languageUse: z.array(z.strictObject({ code: languageSchema, use: z.boolean() })).min(1),
    /**
     * The language the agency's staff read: their copy of every request, the CRM webhook's labels
     * and `npm run leads`. Any language the site has texts for, shown on the site or not; when
     * absent, languageDefault.
     */
    agencyLanguage: languageSchema.optional(),
    siteInfo: z.strictObject({
      name: nameText,
      legalName: nameText,
      /** One language version per page: a per-language street needs the town in the same languages (superRefine below). */
      street: localisedText,
      zip: z.string().regex(/^\d{4}$/, 'a Belgian postcode has exactly 4 digits, in double quotes, such as "7000"'),
      city: localisedText,
      phone: text,
      email: z.email(),
      vatNumber: text,
      siteUrl: checked(siteUrlProblem),
      /* These IDs go into the tag scripts' URLs and commands: a strict format keeps anything else out. */
      analyticsId: tagId('analyticsId'),
      adsId: tagId('adsId'),
      tagManagerId: tagId('tagManagerId'),
      socialPixelId: tagId('socialPixelId'),
      /** Where pictures of the legacy hosts are served from now: a host name, or empty for none. */
      cdnHost: checked((value) => (value === '' ? undefined : hostNameProblem(value))),
      legacyImageHosts: z.array(hostName),
      /** French: the name starts with a mute h and takes "d’" (d’Habitat Conseil). Left out: "d’" only before a vowel (lib/i18n/french). */
      frenchMuteH: z.boolean().optional(),
      /** The office on a map: the comparison of listings gives each one's distance from it. Absent: no distance row. */
      location: z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
    }),
    theme: z.strictObject({ primary: colour, secondary: colour, text: colour, background: colour, muted: colour }),
    header: headerSchema,
    footer: footerSchema,
    banner: bannerSchema,
    homeSearch: homeSearchSchema,
    marquees: z.array(marqueeSchema),
    map: mapSchema.default({ tiles: { kind: 'none' }, markerColour: '#b44a33' }),
  })
  .superRefine((site, ctx) => {
    const enabled = site.languageUse.filter((entry) => entry.use).map((entry) => entry.code);
    if (enabled.length === 0) ctx.addIssue({ code: 'custom', path: ['languageUse'], message: 'at least one language must have use: true' });
    if (!enabled.includes(site.languageDefault)) {
      ctx.addIssue({ code: 'custom', path: ['languageDefault'], message: `the default language "${site.languageDefault}" is not enabled in languageUse` });
    }
    // "Grand-Place 12, 7000 Bergen" mixed a French street with a Dutch town: the two are written in the same language versions.
    const versions = (value: Localised) => (typeof value === 'string' ? 'one text for every language' : Object.keys(value).sort().join(', '));
    if (versions(site.siteInfo.street) !== versions(site.siteInfo.city)) {
      ctx.addIssue({
        code: 'custom',
        path: ['siteInfo', 'street'],
        message: `the street and the city are given in the same language versions, so that an address never mixes two languages (street: ${versions(site.siteInfo.street)}; city: ${versions(site.siteInfo.city)})`,
      });
    }
    const codes = site.languageUse.map((entry) => entry.code);
    codes.forEach((code, index) => {
      if (codes.indexOf(code) !== index) ctx.addIssue({ code: 'custom', path: ['languageUse', index, 'code'], message: `language "${code}" is listed twice` });
    });
  });
export type Site = z.infer<typeof siteSchema>;

const articleSchema = z.strictObject({
  id: text,
  category: z.enum(['services', 'testimonials', 'pages']),
  slug: perLanguagePath,
  title: localisedText,
  summary: localisedText,
  body: localisedHtml,
  author: plainText,
  image: z.string(),
  status: z.enum(['Published', 'Draft']),
  createDate: isoDate,
  sort: z.number().int(),
});
export type Article = z.infer<typeof articleSchema>;

export const teamMemberSchema = z.strictObject({
  id: z.number().int().positive(),
  name: nameText,
  email: z.email(),
  directPhone: z.string().regex(/^\d{9,10}$/, 'a phone number is 9 or 10 digits without spaces, dots or +, in double quotes, such as "065123456"'),
  mobilePhone: z.string().regex(/^\d{9,10}$/, 'a phone number is 9 or 10 digits without spaces, dots or +, in double quotes, such as "0470123456"'),
  role: localisedText,
  photo: z.string().nullable(),
  sort: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** One entry per file of data/site; the key is the file name. */
export const siteFileSchemas = {
  'site.json': siteSchema,
  'menu.json': z.array(menuEntrySchema),
  'articles.json': z.array(articleSchema),
  'team.json': z.array(teamMemberSchema),
  'purchase-costs.json': purchaseCostsSchema,
} as const;
