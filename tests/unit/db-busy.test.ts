import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { closeStore, openStore } from '@/lib/db/client';
import { runSql } from './test-stores';

/*
 * Another process (`npm run owner invite`, `npm run leads`, a second server) holding the write lock
 * for a moment must make the site wait, not fail. The libsql client keeps a pool of connections;
 * a PRAGMA busy_timeout reached only the first, so a request served on a second connection failed
 * at once with SQLITE_BUSY (seen in a parallel e2e run while the owner CLI wrote).
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('waits for a short lock held by another process on every pooled connection', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-busy-'));
  dirs.push(dir);
  const url = `file:${path.join(dir, 'site.db')}`;
  const store = await openStore(url);
  try {
    await runSql(store, 'CREATE TABLE probe (n INTEGER)');
    // Concurrent requests: whichever pooled connection libsql lends, the timeout must reach it.
    await Promise.all(Array.from({ length: 4 }, () => runSql(store, 'SELECT COUNT(*) FROM probe')));
    // The other process takes the write lock, says so, and lets go 400 ms later.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const { createClient } = require('@libsql/client');
         (async () => {
           const client = createClient({ url: ${JSON.stringify(url)} });
           const tx = await client.transaction('write');
           await tx.execute('INSERT INTO probe (n) VALUES (0)');
           process.stdout.write('locked\\n');
           setTimeout(async () => { await tx.commit(); client.close(); }, 400);
         })();`,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await once(holder.stdout, 'data');
    const settled = await Promise.allSettled([runSql(store, 'INSERT INTO probe (n) VALUES (1)')]);
    await once(holder, 'exit');
    expect(settled.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok']);
    expect((await runSql<{ n: number }>(store, 'SELECT COUNT(*) AS n FROM probe'))[0]?.n).toBe(2);
  } finally {
    await closeStore(store);
  }
});
