/*
 * npm test (and npm run test:fast with --fast): every check of the project in two lanes, so that
 * both cores stay busy from the first second.
 *
 *   checks lane:  type check, knip, data check, unit tests (mostly waiting on child processes,
 *                 scrypt, PostgreSQL and SMTP sinks, so they share the cores with the other lane)
 *   browser lane: the site build and its first-load JavaScript against its budgets
 *                 (scripts/check-js-budget.ts); then the site's browser tests (most of them) while
 *                 the German and export deployments build (tests/e2e/deployments.ts); then those
 *                 two deployments' browser tests
 *
 * Playwright only starts the built servers (E2E_PREBUILT=1). When both lanes have passed, the
 * multi-instance test (scripts/test-multi.ts) serves the site build twice. The browser tests print
 * as they run; every other step's output is printed as one block when it ends, so the lanes do not
 * mix their lines; the end shows each step's time. The first failure starts no further step and
 * the command fails.
 *
 * --fast (npm run test:fast): no knip, only the site build and the site browser project.
 *
 * The unit tests of the database run against SQLite and PostgreSQL: a throw-away PostgreSQL is
 * started first (scripts/postgres-test-server.sh) and TEST_POSTGRES_URL given to every step. A
 * machine without PostgreSQL fails here, saying so; TEST_POSTGRES=off runs SQLite only (a quick
 * local run), and a TEST_POSTGRES_URL already set is used as it is.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { deployments, type Deployment } from '../tests/e2e/deployments';

interface Step {
  name: string;
  command: string;
  env?: Record<string, string>;
  /** Output straight to the terminal (the last step, which runs alone). */
  live?: boolean;
}

interface Outcome {
  name: string;
  seconds: number;
  ok: boolean;
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
      const outcome = { name: step.name, seconds: seconds(stepStarted), ok };
      outcomes.push(outcome);
      if (!step.live) {
        console.log(`\n──── ${step.name} ${'─'.repeat(Math.max(0, 60 - step.name.length))}`);
        process.stdout.write(Buffer.concat(output));
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

const checks: Step[] = [
  { name: 'typecheck', command: 'npm run -s typecheck' },
  ...(fast ? [] : [{ name: 'knip', command: 'npm run -s knip' }]),
  { name: 'check:data', command: 'npm run -s check:data' },
  { name: 'unit tests', command: 'npx vitest run' },
];
const siteDeployment = deployments(sitePort).find((deployment) => deployment.name === 'site');
if (!siteDeployment) throw new Error('tests/e2e/deployments.ts has no site deployment');
const buildStep = (deployment: Deployment): Step => ({ name: `build ${deployment.name}`, command: deployment.build, env: deployment.env });
const siteBuild: Step[] = [
  buildStep(siteDeployment),
  // Issue 16: the site's first-load JavaScript per page type, against the budgets of lib/js-budget.
  { name: 'js budget', command: `npx tsx scripts/check-js-budget.ts ${siteDeployment.env.NEXT_DIST_DIR ?? '.next'}` },
];
const otherBuilds: Step[] = fast ? [] : deployments(sitePort).filter((deployment) => deployment.name !== 'site').map(buildStep);
const siteBrowserTests: Step = {
  name: 'browser tests (site)',
  command: 'npx playwright test --project site',
  env: { E2E_PREBUILT: '1', E2E_SITE_ONLY: '1' },
  live: true,
};
// The export's forms post to the site server, so this run starts all three servers: it waits for
// the site run to have stopped its server.
const otherBrowserTests: Step = {
  name: 'browser tests (german, export)',
  command: 'npx playwright test --project german --project export',
  env: { E2E_PREBUILT: '1' },
  live: true,
};

/**
 * The site build, then its browser tests while the other deployments build (most browser tests
 * are the site's, so they start as early as they can), then the other deployments' browser tests.
 */
async function browserLane(): Promise<void> {
  await lane(siteBuild);
  const othersBuilt = lane(otherBuilds);
  await lane([siteBrowserTests]);
  await othersBuilt;
  if (!fast) await lane([otherBrowserTests]);
}

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
  await Promise.all([lane(checks), browserLane()]);
  // Two instances of the site build on one database (it builds nothing), once nothing else runs.
  if (!fast) await lane([{ name: 'multi-instance test', command: 'npm run -s test:multi', live: true }]);
  console.log('Times:');
  for (const outcome of outcomes) console.log(`  ${outcome.ok ? '✓' : '✗'} ${outcome.name.padEnd(22)} ${String(outcome.seconds).padStart(6)} s`);
  const total = seconds(started);
  console.log(`  ${failed ? 'FAILED' : 'passed'} in ${total} s (${Math.round(total / 6) / 10} min)`);
  stopPostgres();
  process.exit(failed ? 1 : 0);
}

void main();
