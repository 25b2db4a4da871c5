/*
 * The floors of the code, bottom to top (docs/floors.md reads the same list). A module imports from
 * its own floor and the floors below it, never from a floor above: what two floors share lives on
 * the lower one (a constant, a type), or the upper one hands it down (an argument, a callback).
 * On the features floor a feature reaches another only through that feature's public modules
 * (below). eslint.config.mjs turns both rules into import/no-restricted-paths zones, and
 * tooling/import-graph.mjs prints the folder graph against this table.
 *
 * A new folder gets a line here (the graph script names any folder the table does not place).
 */

/** Bottom first. `folders` are paths from the repository's root: a folder or a single file. */
export const floors = [
  {
    name: 'data',
    says: 'the data files, the database (the only SQL), and small helpers that import nothing of the site',
    folders: ['lib/data-file', 'lib/db', 'lib/cache', 'lib/html', 'lib/colour', 'lib/device', 'lib/consent'],
  },
  {
    name: 'configuration',
    says: 'the site configuration (site.json, menu, articles, team, deployment mode), its languages, slugs and messages, and the forms the site has (their table, fields and definitions)',
    folders: ['lib/config', 'lib/i18n', 'lib/form-kinds'],
  },
  {
    name: 'catalogue',
    says: 'the listings and projects, their pictures, energy labels, and how numbers, prices, dates and addresses are written',
    folders: ['lib/catalogue', 'lib/media', 'lib/epc', 'lib/format'],
  },
  {
    name: 'security',
    says: 'secrets, rate limits, origins, CSP, and the answers the proxy keeps',
    folders: ['lib/security'],
  },
  {
    name: 'pages',
    says: 'the page table: every kind of page, its URL both ways, metadata, breadcrumb, JSON-LD, sitemap',
    folders: ['lib/pages', 'lib/seo'],
  },
  {
    name: 'features',
    says: 'what the site does with a visitor: forms, mail, alerts, accounts, favourites, documents, newsletter, leads, visits, search, map, costs, the static export, links between languages',
    // In order, bottom first: a feature imports only the features before it (featureOrderZones).
    folders: [
      'lib/costs',
      'lib/data-check',
      'lib/documents',
      'lib/export',
      'lib/js-budget',
      'lib/links',
      'lib/search',
      'lib/outbox',
      'lib/posts',
      'lib/auth',
      'lib/newsletter',
      'lib/favourites',
      'lib/map',
      'lib/alerts',
      'lib/stats',
      'lib/forms',
      'lib/mail',
      'lib/leads',
    ],
  },
  {
    name: 'server',
    says: "the server process: start-up, the workers, the catalogue's reload, the image endpoint; the owners' staff command, which delivers as the worker does",
    folders: ['lib/server'],
  },
  {
    name: 'components',
    says: 'the UI, one folder per feature (above all of lib/)',
    folders: ['components'],
  },
  {
    name: 'routes',
    says: "Next.js's routes, the proxy and the instrumentation hook: they only wire the floors below",
    folders: ['app', 'proxy.ts', 'instrumentation.ts'],
  },
];

/**
 * What a feature offers the other features and the floors above it in lib/: these modules, and
 * nothing else of its folder. A module that another feature needs joins its list on purpose.
 */
const publicModules = {
  'lib/alerts': ['card.ts', 'criteria-text.ts', 'criteria.ts', 'endpoints.ts', 'matching.ts', 'run.ts', 'subscribe.ts', 'token.ts'],
  'lib/auth': ['account-hint.ts', 'owner-auth.ts', 'session.ts'],
  'lib/costs': [],
  'lib/data-check': ['index.ts'],
  'lib/documents': ['signed-link.ts'],
  'lib/export': [],
  'lib/favourites': ['saved-listings.ts'],
  'lib/forms': ['request-link.ts', 'uploads.ts'],
  'lib/js-budget': [],
  'lib/leads': [],
  'lib/links': [],
  'lib/mail': ['compose.ts', 'crm-lead.ts', 'outbox-worker.ts', 'transport.ts', 'webhook.ts'],
  'lib/map': [],
  'lib/newsletter': ['token.ts'],
  'lib/outbox': ['channels.ts', 'deliver-soon.ts'],
  'lib/posts': ['error-page.ts', 'link-post.ts'],
  'lib/search': ['row-tables.ts'],
  'lib/stats': [],
};

const features = floors.find((floor) => floor.name === 'features');
const floorOf = new Map(floors.flatMap((floor, index) => floor.folders.map((folder) => [folder, index])));
const where = (index) => `floor ${index + 1} (${floors[index].name})`;

/**
 * A page kind's folder holds its view beside its URL (lib/pages/<kind>/view.tsx, docs/urls.md): the
 * view draws the page with components, so it stands with the components, above all of lib/, while
 * the rest of the kind stays on the pages floor for the features that build links.
 */
const pageViews = 'lib/pages/*/view.tsx';
const pagesWithoutViews = 'lib/pages/**/!(view).{ts,tsx}';
const componentsFloor = floors.findIndex((floor) => floor.name === 'components');

/** The zones of import/no-restricted-paths that keep the floors: each floor may not import any floor above it. */
export function floorZones() {
  // Nothing but its kind imports a view (`view: () => import('./view')`), so the floors below need no rule against it.
  return [
    ...floors.slice(0, -1).flatMap((floor, index) =>
      floor.folders.map((folder) => ({
        target: folder === 'lib/pages' ? pagesWithoutViews : folder,
        from: floors.slice(index + 1).flatMap((above) => above.folders),
        message: `${folder} is on ${where(index)} and may only import its own floor and the floors below; move what both need down, or hand it down (eslint.floors.mjs).`,
      })),
    ),
    {
      target: pageViews,
      from: floors.slice(componentsFloor + 1).flatMap((floor) => floor.folders),
      message: `a page kind's view stands with the components (${where(componentsFloor)}) and may not import the routes (eslint.floors.mjs).`,
    },
  ];
}

/**
 * The zones that keep the features in their order: a feature may not import one listed after it in
 * the features floor, so that they too read bottom to top and no two reach each other.
 */
export function featureOrderZones() {
  return features.folders.slice(0, -1).map((feature, index) => ({
    target: feature,
    from: features.folders.slice(index + 1),
    message: `${feature} comes before ${features.folders.slice(index + 1).join(', ')} on the features floor and may not import them; move what both need into a feature before it, or hand it down (eslint.floors.mjs).`,
  }));
}

/** The zones that keep a feature's internals its own: the other features and lib/server import only its public modules. */
export function featureZones() {
  const neighbours = floors.flatMap((floor, index) => (index >= floorOf.get(features.folders[0]) && floor.folders.every((folder) => folder.startsWith('lib/')) ? floor.folders : []));
  return Object.entries(publicModules).map(([feature, modules]) => ({
    target: neighbours.filter((folder) => folder !== feature),
    from: feature,
    except: modules.map((module) => `./${module}`),
    message: `${feature} is a feature: other folders of lib/ import only its public modules (${modules.length === 0 ? 'none yet' : modules.join(', ')}); add one to publicModules in eslint.floors.mjs on purpose.`,
  }));
}
