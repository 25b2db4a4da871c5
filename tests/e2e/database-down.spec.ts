import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { sitePort } from './forms-helpers';
import { ownServerEnv } from './own-server';

/*
 * A server started while its database cannot be reached (PostgreSQL down, a wrong DATABASE_URL)
 * stops at once with one line that says so, as a start with a bad SITE_SECRET does, so that the
 * deployment's supervisor starts it again. It used to listen and answer every request, the
 * prerendered pages included, with a bare 500: the instrumentation hook had failed, and Next.js
 * serves nothing then. No browser: a process and its exit.
 */

test('a server whose database cannot be reached stops at start with one line saying so', async () => {
  const port = sitePort + 53;
  const server = spawn('node', ['scripts/start.mjs', '-p', String(port)], {
    // Port 1 on loopback: nothing listens there.
    env: ownServerEnv(port, { DATABASE_URL: 'postgres://site:secret@127.0.0.1:1/site' }),
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group, so that a server still running is stopped with its Next.js child.
    detached: true,
  });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const outcome = await Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 30_000))]);
  if (outcome === 'running' && server.pid !== undefined) process.kill(-server.pid, 'SIGKILL');
  expect(outcome, 'the server still running 30 s after its start').toBe(1);
  expect(stderr).toContain('The database cannot be reached (DATABASE_URL)');
  expect(stderr).not.toContain('secret@');
});
