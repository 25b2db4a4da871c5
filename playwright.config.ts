import { existsSync } from 'node:fs';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>[number];

/*
 * Browser tests run against production builds served by `next start`, never `next dev`.
 * Two servers: the site as configured, and a second build of the same code with German switched
 * on in a copy of data/site (var/site-de), which proves that German needs configuration only.
 *
 * The browser is Debian's Chromium by default; CHROMIUM_PATH points to another executable, and
 * CHROMIUM_PATH="" uses the browser Playwright downloaded itself (npx playwright install).
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '');
const sitePort = Number(process.env.E2E_PORT ?? 3100);
const germanPort = sitePort + 1;
// Runs on other ports (E2E_PORT) build into their own folders, so two runs never share a build.
const siteDist = sitePort === 3100 ? '.next' : `.next-e2e-${sitePort}`;
const germanDist = sitePort === 3100 ? '.next-de' : `.next-e2e-${germanPort}`;
const germanSite = sitePort === 3100 ? 'var/site-de' : `var/site-de-${germanPort}`;
// The static export (npm run export) of the site, served by a plain file server; its forms post
// to the site server, which allows that origin.
const exportPort = sitePort + 2;
const exportDir = `var/export-e2e-${exportPort}`;
// The servers store requests in their own database and mail them to the loopback SMTP server of
// tests/e2e/mail-sink.mjs (port sitePort + 1025), with short retry delays.
const mailPort = sitePort + 1025;
// E2E_SITE_ONLY=1 starts only the site server (one build instead of three) for a quick run of
// the site project's specs while working; CI always runs all three.
const siteOnly = process.env.E2E_SITE_ONLY === '1';
const serverEnv = (port: number, formRateLimit: string) => ({
  DATABASE_URL: `file:var/e2e-${port}.db`,
  UPLOAD_DIR: `var/e2e-uploads-${port}`,
  SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
  SITE_URL: `http://localhost:${port}`,
  SITE_SECRET: 'e2e-site-secret',
  OUTBOX_POLL_MS: '500',
  OUTBOX_RETRY_BASE_MS: '300',
  OUTBOX_RETRY_MAX_MS: '2000',
  FORM_RATE_LIMIT: formRateLimit,
  ALLOWED_ORIGINS: `http://localhost:${exportPort}`,
});

const webServers: WebServer[] = [
  {
    command: `npm run build && rm -f var/e2e-${sitePort}.db* && npx next start -p ${sitePort}`,
    env: { NEXT_DIST_DIR: siteDist, ...serverEnv(sitePort, '100000') },
    url: `http://localhost:${sitePort}/nl/`,
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  {
    // Built after the main site (the wait keeps the two builds off the same two cores).
    command: `node scripts/wait-for-url.mjs http://localhost:${sitePort}/nl/ && node scripts/copy-site-with-german.mjs ${germanSite} && npx next build && rm -f var/e2e-${germanPort}.db* && npx next start -p ${germanPort}`,
    url: `http://localhost:${germanPort}/de/`,
    timeout: 900_000,
    reuseExistingServer: !process.env.CI,
    // The German server keeps the default rate limit, which a test runs into on purpose.
    env: { SITE_DIR: germanSite, NEXT_DIST_DIR: germanDist, ...serverEnv(germanPort, '10') },
    stdout: 'ignore',
    stderr: 'pipe',
  },
  {
    // Exported after the German build (one build at a time on two cores), then served as files.
    command: `node scripts/wait-for-url.mjs http://localhost:${germanPort}/de/ && npm run export && node scripts/serve-static.mjs ${exportDir} ${exportPort}`,
    url: `http://localhost:${exportPort}/nl/`,
    timeout: 1_200_000,
    reuseExistingServer: !process.env.CI,
    env: {
      EXPORT_DIR: exportDir,
      EXPORT_PORT: String(sitePort + 90),
      EXPORT_DIST_DIR: sitePort === 3100 ? '.next-export' : `.next-e2e-export-${exportPort}`,
      NEXT_PUBLIC_API_ORIGIN: `http://localhost:${sitePort}`,
      SITE_URL: `http://localhost:${exportPort}`,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: sitePort === 3100 ? 'test-results' : `test-results-${sitePort}`,
  timeout: 30_000,
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath || undefined,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'site', testIgnore: [/german\.spec\.ts/, /export\.spec\.ts/], use: { baseURL: `http://localhost:${sitePort}` } },
    { name: 'export', testMatch: /export\.spec\.ts/, use: { baseURL: `http://localhost:${exportPort}` } },
    { name: 'german', testMatch: /german\.spec\.ts/, use: { baseURL: `http://localhost:${germanPort}` } },
  ].filter((project) => !siteOnly || project.name === 'site'),
  webServer: webServers.slice(0, siteOnly ? 1 : 3),
});
