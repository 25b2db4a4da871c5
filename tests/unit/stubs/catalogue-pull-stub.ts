/*
 * A stand-in for scripts/catalogue-pull.ts that the schedule's test runs as its child
 * (tests/unit/catalogue-schedule.test.ts): it takes the lock and writes the run record it is given
 * the ID of, then does what STUB_PULL says, with no CRM behind it.
 */
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { endCatalogueRun, openStore, startCatalogueRun, takeLock } from '../../../lib/db';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'run-id': { type: 'string' }, holder: { type: 'string' } } });
  const runId = values['run-id'] ?? 'no-id';
  const holder = values.holder ?? 'stub';
  const mode = process.env.STUB_PULL;
  if (mode === 'locked') {
    process.exitCode = 2;
    return;
  }
  const store = await openStore(process.env.DATABASE_URL ?? '');
  await takeLock(store, 'catalogue-pull', holder, 30 * 60_000);
  await startCatalogueRun(store, { id: runId, source: 'omnicasa', kind: 'incremental', started_at: new Date().toISOString(), cursor_before: '2026-12-01T08:00:00' });
  if (mode === 'hang') process.on('SIGTERM', () => undefined);
  if (mode === 'hang' || mode === 'stoppable') setInterval(() => undefined, 60_000);
  appendFileSync(process.env.STUB_PULL_SPAWNS ?? '/dev/null', `${process.pid}\n`);
  if (mode === 'crash') {
    console.error('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
    process.exit(134);
  }
  if (mode === 'publish' || mode === 'fail') {
    const counts = { added: 1, changed: 2, withdrawn: 0, refused: 0 };
    const published = mode === 'publish';
    await endCatalogueRun(store, runId, {
      status: published ? 'published' : 'failed',
      ended_at: new Date().toISOString(),
      cursor_after: '2026-12-01T08:55:00',
      version: published ? '20261201T090000Z-stub01' : null,
      ...counts,
      reconciled_at: null,
      errors: published ? [] : ['GetPropertyListJson answered HTTP 503'],
      refusals: [],
      retryIds: [],
    });
    await store.db.deleteFrom('catalogue_lock').where('holder', '=', holder).execute();
    process.exit(published ? 0 : 1);
  }
}

void main();
