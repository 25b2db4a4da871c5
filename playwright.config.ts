import { existsSync } from 'node:fs';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { deployments } from './tests/e2e/deployments';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>[number];

/*
 * Browser tests run against production builds, never `next dev`: the three deployments of
 * tests/e2e/deployments.ts (the site, the same code with German switched on, the static export).
 *
 * The browser is Debian's Chromium headless shell (package chromium-headless-shell), else its full
 * Chromium; CHROMIUM_PATH points to another executable, and CHROMIUM_PATH="" uses the browser
 * Playwright downloaded itself (npx playwright install). The headless shell is the browser
 * Playwright itself runs headless tests in: measured on catalogue.spec.ts (36 tests, same build,
 * same machine), 1.7 min against 2.7 min with the full Chromium, and every test passes in both.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '';
const sitePort = Number(process.env.E2E_PORT ?? 3100);
// E2E_SITE_ONLY=1 starts only the site server (one build instead of three) for a quick run of
// the site project's specs while working; npm test always runs all three.
const siteOnly = process.env.E2E_SITE_ONLY === '1';
// E2E_PREBUILT=1: the builds are done (scripts/test-all.ts builds them while the unit tests run),
// so each web server only starts its build.
const prebuilt = process.env.E2E_PREBUILT === '1';

// Playwright starts the servers one after the other, so the builds never share the two cores.
const webServers: WebServer[] = deployments(sitePort)
  .filter((deployment) => !siteOnly || deployment.name === 'site')
  .map((deployment) => ({
    command: prebuilt ? deployment.serve : `${deployment.build} && ${deployment.serve}`,
    env: deployment.env,
    url: deployment.url,
    timeout: prebuilt ? 120_000 : 900_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
  }));

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: sitePort === 3100 ? 'test-results' : `test-results-${sitePort}`,
  // Two workers, their Chromium and three servers share two cores: a test or an expectation may
  // take several times its time on a quiet machine, so both get room (a passing test takes no
  // longer for it).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two workers on a two-core machine by default; E2E_WORKERS changes it for a run.
  workers: Number(process.env.E2E_WORKERS) || 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // npm test repeats the failures at the end of its output from the JSON report (CI shows the end only).
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    // Recording a trace costs every test about a sixth of its browser time (measured on the
    // consent spec), and a clean CI clone keeps no trace to read: E2E_TRACE=1 records one per
    // failing test when a failure needs it.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: chromiumPath || undefined,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'site', testIgnore: [/german\.spec\.ts/, /export\.spec\.ts/], use: { baseURL: `http://localhost:${sitePort}` } },
    { name: 'export', testMatch: /export\.spec\.ts/, use: { baseURL: `http://localhost:${sitePort + 2}` } },
    { name: 'german', testMatch: /german\.spec\.ts/, use: { baseURL: `http://localhost:${sitePort + 1}` } },
  ].filter((project) => !siteOnly || project.name === 'site'),
  webServer: webServers,
});
