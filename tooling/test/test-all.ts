/*
 * npm test (and npm run test:fast with --fast): every check of the project in two lanes, so that
 * both cores stay busy while the production builds run.
 *
 *   checks lane: the linter (ESLint, with the floors of eslint.floors.mjs) and the formatter's check
 *                (Prettier), then the unit tests (mostly waiting on timers and child processes, so
 *                they leave a core to the other lane)
 *   builds lane: type check, knip, data check, then the deployments of tests/e2e/deployments.ts,
 *                one build at a time; right after the site's, its first-load JavaScript against
 *                its budgets (tooling/test/check-js-budget.ts), each page's weight (HTML, inline
 *                payload, elements: tooling/test/check-page-weight.ts) and the multi-instance test
 *                (tooling/test/test-multi.ts), which serves the site build twice, and the CRM live test
 *                (tooling/test/test-crm-live.ts), which builds once against the Omnicasa double
 *
 * When both lanes have passed, Playwright starts the built servers (E2E_PREBUILT=1) and runs the
 * browser tests. Each step's output is printed as one block when it ends, so the lanes do not mix
 * their lines; the end shows each step's time. The first failure starts no further step and the
 * command fails.
 *
 * --fast (npm run test:fast): no knip, only the site build and the site browser project.
 *
 * The unit tests of the database run against SQLite and PostgreSQL: a throw-away PostgreSQL is
 * started first (tooling/test/postgres-test-server.sh) and TEST_POSTGRES_URL given to every step. A
 * machine without PostgreSQL fails here, saying so; TEST_POSTGRES=off runs SQLite only (a quick
 * local run), and a TEST_POSTGRES_URL already set is used as it is.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { deployments } from '../../tests/e2e/deployments';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { failureLines, playwrightFailureLines } from './support/failure-lines';

interface Step {
  name: string;
  command: string;
  env?: Record<string, string>;
  /** Output straight to the terminal (the last step, which runs alone). */
  live?: boolean;
  /** A JSON report the step writes (Playwright's), read for what failed. */
  report?: string;
}

interface Outcome {
  name: string;
  seconds: number;
  ok: boolean;
  /** A failed step's lines that say what failed, repeated at the very end of the output. */
  failures?: string[];
}

const fast = process.argv.includes('--fast');
const sitePort = Number(process.env.E2E_PORT ?? 3100);
const started = Date.now();
const outcomes: Outcome[] = [];
const running = new Set<number>();
let failed = false;

function seconds(since: number): number {
  return Math.round((Date.now() - since) / 100) / 10;
}

/** What failed, from a step's report; a report it could not write says so. */
function reportFailures(file: string): string[] {
  if (!existsSync(file)) return [`(no report at ${file})`];
  try {
    return playwrightFailureLines(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    return [`(the report ${file} could not be read: ${error instanceof Error ? error.message : String(error)})`];
  }
}

function runStep(step: Step): Promise<boolean> {
  const stepStarted = Date.now();
  console.log(`▶ ${step.name} (${seconds(started)} s)`);
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', step.command], {
      env: { ...process.env, ...step.env },
      stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that an interrupt stops everything it started.
      detached: true,
    });
    if (child.pid !== undefined) running.add(child.pid);
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      if (child.pid !== undefined) running.delete(child.pid);
      const ok = code === 0;
      const text = Buffer.concat(output).toString();
      const outcome: Outcome = { name: step.name, seconds: seconds(stepStarted), ok, ...(ok ? {} : { failures: step.report ? reportFailures(step.report) : failureLines(text) }) };
      outcomes.push(outcome);
      if (!step.live) {
        console.log(`\n──── ${step.name} ${'─'.repeat(Math.max(0, 60 - step.name.length))}`);
        process.stdout.write(text);
      }
      console.log(`${ok ? '✓' : '✗'} ${step.name}: ${outcome.seconds} s${ok ? '' : ` (exit code ${code})`}\n`);
      resolve(ok);
    });
  });
}

/** Runs the steps one after the other; stops at the first failure of any lane. */
async function lane(steps: Step[]): Promise<void> {
  for (const step of steps) {
    if (failed) return;
    if (!(await runStep(step))) failed = true;
  }
}

let postgres: ChildProcess | undefined;
const postgresScript = new URL('postgres-test-server.sh', import.meta.url).pathname;

/** Starts the test PostgreSQL and returns its URL, or says why it cannot. */
function startPostgres(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [postgresScript], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    postgres = child;
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /TEST_POSTGRES_URL=(\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    child.on('close', (code) => reject(new Error(`${output.trim()}\n(the PostgreSQL test server stopped with code ${code})`)));
  });
}

function stopPostgres(): void {
  if (postgres?.pid === undefined || postgres.exitCode !== null) return;
  try {
    process.kill(-postgres.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

function stopAll(signal: NodeJS.Signals): void {
  stopPostgres();
  for (const pid of running) {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }
  process.exit(1);
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

// The lanes are balanced by their measured times (CI, 2 cores): the unit tests (about 400 s) alone
// against the type check, knip, the data check, the builds and the multi-instance test (about 75 +
// 10 + 3 + 360 + 45 s). The unit tests used to follow the type check in their lane and ended some
// 180 s after the builds, while the browser tests waited for both.
const browserReport = 'var/e2e-report.json';
const checks: Step[] = [
  { name: 'lint', command: 'npm run -s lint' },
  { name: 'format', command: 'npm run -s format:check' },
  { name: 'unit tests', command: 'npx vitest run' },
];
const builds: Step[] = [
  { name: 'typecheck', command: 'npm run -s typecheck' },
  ...(fast ? [] : [{ name: 'knip', command: 'npm run -s knip' }]),
  { name: 'check:data', command: 'npm run -s check:data' },
  ...deployments(sitePort)
    .filter((deployment) => !fast || deployment.name === 'site')
    .flatMap((deployment) => {
      const build = { name: `build ${deployment.name}`, command: deployment.build, env: deployment.env };
      if (deployment.name !== 'site') return [build];
      return [
        build,
        // Issue 16: the site's first-load JavaScript per page type, against the budgets of lib/js-budget.
        { name: 'js budget', command: `npx tsx tooling/test/check-js-budget.ts ${deployment.env.NEXT_DIST_DIR ?? '.next'}` },
        // Issue 40: each prerendered page's HTML size, inline payload share and element count, against lib/js-budget/page-weight.ts.
        { name: 'page weight', command: `npx tsx tooling/test/check-page-weight.ts ${deployment.env.NEXT_DIST_DIR ?? '.next'}` },
        // What the tracer lists for each route: code and data, never var/, the tests or the tooling.
        { name: 'build trace', command: `npx tsx tooling/test/check-build-trace.ts ${deployment.env.NEXT_DIST_DIR ?? '.next'}` },
        // Two instances of the site build on one database: it needs only that build.
        ...(fast ? [] : [{ name: 'multi-instance test', command: 'npm run -s test:multi' }]),
        // Issue 36: a pulled change live on two instances within 60 s, with its own CRM build.
        ...(fast ? [] : [{ name: 'crm live test', command: 'npm run -s test:crm-live' }]),
        // The site build behind nginx with the documented site file (docs/nginx-site.conf).
        ...(fast ? [] : [{ name: 'nginx test', command: 'npm run -s test:nginx' }]),
      ];
    }),
];

async function main(): Promise<void> {
  if (process.env.TEST_POSTGRES === 'off') {
    console.log('TEST_POSTGRES=off: the database tests run against SQLite only.');
  } else if (!process.env.TEST_POSTGRES_URL) {
    try {
      process.env.TEST_POSTGRES_URL = await startPostgres();
      console.log(`PostgreSQL for the tests: ${process.env.TEST_POSTGRES_URL}`);
    } catch (error) {
      console.error(`npm test needs PostgreSQL for the database tests and could not start it:\n${error instanceof Error ? error.message : String(error)}`);
      console.error('Install it (Debian: apt-get install postgresql), or set TEST_POSTGRES=off for a run on SQLite only.');
      process.exit(1);
    }
  }
  await Promise.all([lane(checks), lane(builds)]);
  rmSync(browserReport, { force: true });
  if (!failed) {
    await lane([
      {
        name: fast ? 'browser tests (site)' : 'browser tests',
        command: fast ? 'npx playwright test --project site' : 'npx playwright test',
        env: { E2E_PREBUILT: '1', E2E_JSON_REPORT: browserReport, ...(fast ? { E2E_SITE_ONLY: '1' } : {}) },
        live: true,
        report: browserReport,
      },
    ]);
  }
  console.log('Times:');
  for (const outcome of outcomes) console.log(`  ${outcome.ok ? '✓' : '✗'} ${outcome.name.padEnd(22)} ${String(outcome.seconds).padStart(6)} s`);
  const total = seconds(started);
  console.log(`  ${failed ? 'FAILED' : 'passed'} in ${total} s (${Math.round(total / 6) / 10} min)`);
  for (const outcome of outcomes) {
    if (!outcome.failures?.length) continue;
    console.log(`What failed in ${outcome.name} (its whole output is above):`);
    for (const line of outcome.failures) console.log(`  ${line}`);
  }
  stopPostgres();
  process.exit(failed ? 1 : 0);
}

void main();
