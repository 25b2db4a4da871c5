import { spawn } from 'node:child_process';
import { expect } from '@playwright/test';
import { sitePort } from './forms-helpers';
import { portOpen } from './mailbox';

/** The environment of a server of a spec's own on `port`: the site's test build, its address and secret, and the spec's own settings. */
export function ownServerEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NEXT_DIST_DIR: `.next-e2e-${sitePort}`,
    SITE_URL: `http://localhost:${port}`,
    SITE_SECRET: 'e2e-site-secret-0123456789abcdef0123456789',
    E2E_FAULTS: '1',
    ...env,
  };
}

/**
 * A server of a spec's own, from the site's test build, started as `npm start` starts it, with the
 * environment the spec gives it (a fault to inject, a database of its own). Returns how to stop it.
 * A spec that starts one runs its tests in one worker (`mode: 'serial'`): a second worker would
 * start a second server on the same port.
 */
export async function startOwnServer(port: number, env: Record<string, string>): Promise<() => Promise<void>> {
  const server = spawn('node', ['scripts/start.mjs', '-p', String(port)], {
    env: ownServerEnv(port, env),
    stdio: 'ignore',
    detached: true,
  });
  await expect.poll(() => portOpen(port), { timeout: 60_000, message: `the server on port ${port} to listen` }).toBe(true);
  return async () => {
    if (server.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    await expect.poll(() => portOpen(port), { timeout: 20_000 }).toBe(false);
  };
}
