/*
 * npm run catalogue:status [-- --runs 10]
 * The last pulls of the catalogue from the CRM, and what the last one refused, in plain words.
 */
import { parseArgs } from 'node:util';
import { formatDataIssue, type DataIssue } from '../lib/data-file';
import { closeStore, defaultDatabaseUrl, openStore, recentCatalogueRuns } from '../lib/db';

// A function, not top-level await: tsx runs the scripts as CommonJS.
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
  const limit = Math.min(Math.max(Number(values.runs) || 10, 1), 100);
  const store = await openStore(process.env.DATABASE_URL || defaultDatabaseUrl);
  try {
    const runs = await recentCatalogueRuns(store, limit);
    if (runs.length === 0) {
      console.log('No pull has run yet. With OMNICASA_* set, run: npm run catalogue:pull');
    }
    const words = { running: 'still running', published: 'published a new catalogue', unchanged: 'nothing to change', failed: 'FAILED, the site kept its catalogue' } as const;
    for (const run of runs) {
      const when = `${run.started_at.replace('T', ' ').slice(0, 19)} UTC`;
      const took = run.ended_at ? ` in ${Math.round((Date.parse(run.ended_at) - Date.parse(run.started_at)) / 100) / 10} s` : '';
      console.log(
        `${when}  ${run.source} ${run.kind} pull${took}: ${words[run.status]}; ${run.added} added, ${run.changed} changed, ${run.withdrawn} withdrawn, ${run.refused} refused; changes read since ${run.cursor_before ?? 'the beginning'}${run.cursor_after ? `, next from ${run.cursor_after}` : ''}`,
      );
      for (const error of JSON.parse(run.errors) as string[]) console.log(`    error: ${error}`);
    }
    const last = runs.find((run) => run.status !== 'running' && run.status !== 'failed');
    if (last) {
      const refusals = JSON.parse(last.refusals) as DataIssue[];
      const refused = refusals.filter((issue) => issue.severity !== 'warning');
      const warnings = refusals.filter((issue) => issue.severity === 'warning');
      console.log(
        `\nThe last good pull (${last.started_at.slice(0, 19)}): ${refused.length === 0 ? 'no record refused.' : `${refused.length} problem(s); these records are not shown as the CRM has them (their last good version stays, a new one stays off the site) until they are corrected in the CRM:`}`,
      );
      for (const issue of refused) console.log(`  - ${formatDataIssue(issue)}`);
      if (warnings.length > 0) console.log(`Worked around (the site shows the listing; the next pull tries again):`);
      for (const issue of warnings) console.log(`  - ${formatDataIssue(issue)}`);
    }
  } finally {
    await closeStore(store);
  }
}

void main();
