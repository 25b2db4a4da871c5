/*
 * The three deployments the browser tests run against, each a build and a server. Shared by
 * playwright.config.ts (which builds and starts them) and scripts/test-all.ts (which builds them
 * while the checks without a browser run, then lets Playwright only start them).
 *
 * - site: the site as configured, served by `next start`.
 * - german: the same code built with German switched on in a copy of data/site, which proves that
 *   German needs configuration only.
 * - export: the static export (npm run export) of the site, served by a plain file server; its
 *   forms post to the site server, which allows that origin.
 */
export interface Deployment {
  name: 'site' | 'german' | 'export';
  /** Shell command that builds it; run from the project folder with `env`. */
  build: string;
  /** Shell command that serves the finished build. */
  serve: string;
  env: Record<string, string>;
  url: string;
}

/** PRERENDERED_LISTINGS of the site's test build. */
export const onDemandShare = '6';

export function deployments(sitePort: number): Deployment[] {
  const germanPort = sitePort + 1;
  const exportPort = sitePort + 2;
  // The servers store requests in their own database and mail them to the loopback SMTP server of
  // tests/e2e/mail-sink.mjs (port sitePort + 1025), with short retry delays.
  const serverEnv = (port: number, formRateLimit: string) => ({
    DATABASE_URL: `file:var/e2e-${port}.db`,
    UPLOAD_DIR: `var/e2e-uploads-${port}`,
    SMTP_URL: `smtp://127.0.0.1:${sitePort + 1025}`,
    SITE_URL: `http://localhost:${port}`,
    SITE_SECRET: 'e2e-site-secret-0123456789abcdef0123456789',
    OUTBOX_POLL_MS: '500',
    OUTBOX_RETRY_BASE_MS: '300',
    OUTBOX_RETRY_MAX_MS: '2000',
    FORM_RATE_LIMIT: formRateLimit,
    // The browser tests load lists and pictures from one address, far faster than a visitor.
    LIST_RENDER_LIMIT: '100000',
    RENDER_QUEUE_PER_CLIENT: '1000',
    IMAGE_RATE_LIMIT: '100000',
    ALLOWED_ORIGINS: `http://localhost:${exportPort}`,
    // A page's data may be made to fail by a test's cookie (lib/server/injected-fault.ts).
    E2E_FAULTS: '1',
  });
  // Every build has its own folder named after its port, so two runs never share a build and no
  // build touches .next, where `npm run typecheck` writes the route types while the builds run.
  // No build type checks the code again: `npm run typecheck` checks it, including the page and
  // route exports `next build` would check (.next/types/validator.ts, see tsconfig.typecheck.json).
  const germanSite = `var/site-de-${germanPort}`;
  // A test build is built once: no type check (npm run typecheck does it) and no build cache kept
  // on disk for a next build that a fresh clone never makes (next.config.ts). It reports nothing to
  // Next.js's telemetry, which every build otherwise tries to reach.
  const onceBuilt = { SKIP_BUILD_TYPE_CHECK: '1', NEXT_BUILD_CACHE: 'off', NEXT_TELEMETRY_DISABLED: '1' };
  // The servers start as `npm start` starts the site (scripts/start.mjs: its heap limit and malloc
  // settings), so that the browser tests run against what is deployed.
  return [
    {
      name: 'site',
      build: 'npx next build',
      serve: `rm -f var/e2e-${sitePort}.db* && node scripts/start.mjs -p ${sitePort}`,
      // A share of the 57 listings prerendered (the newest 6 and the modules' own), so that the
      // browser tests meet listings rendered on their first request too (issue 36 item 7).
      env: { NEXT_DIST_DIR: `.next-e2e-${sitePort}`, PRERENDERED_LISTINGS: onDemandShare, ...onceBuilt, ...serverEnv(sitePort, '100000') },
      url: `http://localhost:${sitePort}/nl/`,
    },
    {
      name: 'german',
      build: `node scripts/copy-site-with-german.mjs ${germanSite} && npx next build`,
      serve: `rm -f var/e2e-${germanPort}.db* && node scripts/start.mjs -p ${germanPort}`,
      // The German server keeps the default rate limit, which a test runs into on purpose.
      env: { SITE_DIR: germanSite, NEXT_DIST_DIR: `.next-e2e-${germanPort}`, ...onceBuilt, ...serverEnv(germanPort, '10') },
      url: `http://localhost:${germanPort}/de/`,
    },
    {
      name: 'export',
      build: 'npm run export',
      serve: `node scripts/serve-static.mjs var/export-e2e-${exportPort} ${exportPort}`,
      env: {
        EXPORT_DIR: `var/export-e2e-${exportPort}`,
        EXPORT_PORT: String(sitePort + 90),
        EXPORT_DIST_DIR: `.next-e2e-export-${exportPort}`,
        // Ignored by the export, which prerenders every listing whatever the share.
        PRERENDERED_LISTINGS: '0',
        ...onceBuilt,
        NEXT_PUBLIC_API_ORIGIN: `http://localhost:${sitePort}`,
        SITE_URL: `http://localhost:${exportPort}`,
      },
      url: `http://localhost:${exportPort}/nl/`,
    },
  ];
}
