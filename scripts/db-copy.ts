/*
 * npm run db:copy -- --from file:var/site.db --to postgres://user:password@host/agency
 *
 * Copies every table of one database into another, empty one, in one transaction, then prints
 * each table's row count on both sides and fails (exit code 1) when one differs. The target is
 * migrated first (as the site would at its start); stop the site while copying, so that no
 * request lands in the old database after its rows were read.
 */
import { parseArgs } from 'node:util';
import { closeStore, openStore } from '../lib/db';
import { copyDatabase } from '../lib/db/copy';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from || !values.to) {
    console.error('usage: npm run db:copy -- --from <DATABASE_URL> --to <DATABASE_URL>');
    return 2;
  }
  const from = await openStore(values.from);
  try {
    const to = await openStore(values.to);
    try {
      const counts = await copyDatabase(from, to);
      console.log(`${'table'.padEnd(22)} ${'from'.padStart(8)} ${'to'.padStart(8)}`);
      for (const count of counts) console.log(`${count.table.padEnd(22)} ${String(count.from).padStart(8)} ${String(count.to).padStart(8)}${count.from === count.to ? '' : '  MISMATCH'}`);
      const mismatches = counts.filter((count) => count.from !== count.to);
      if (mismatches.length > 0) {
        console.error(`${mismatches.length} table(s) differ: the copy is not complete.`);
        return 1;
      }
      console.log(`Copied ${counts.reduce((sum, count) => sum + count.to, 0)} rows; every table's count matches.`);
      return 0;
    } finally {
      await closeStore(to);
    }
  } finally {
    await closeStore(from);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`db:copy failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
