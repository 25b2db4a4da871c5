/*
 * PRERENDERED_LISTINGS=<the build's> npx tsx scripts/bench-on-demand.ts <origin> [seconds]
 *
 * Issue 36 item 7, "a listing not prerendered renders on its first request and is then served as
 * fast as a prerendered one", measured on a running `next start` of a build made with that
 * PRERENDERED_LISTINGS: a listing of the build's share and one outside it that nobody has opened
 * yet. It times the outside one's first request (its render), then loads each in turn as a
 * browser's document for the same time, twice, and prints requests/s and their ratio. The machine
 * may be shared: the ratio, measured in one run, is the figure.
 */
import autocannon from 'autocannon';
import { getProperties } from '../lib/catalogue';
import { getEnabledLanguages } from '../lib/config';
import { href } from '../lib/pages';
import { prerenderedListingCount, prerenderedListingIds } from '../lib/pages/check-path';

const [origin, secondsArgument] = process.argv.slice(2);
if (!origin) {
  console.error('usage: PRERENDERED_LISTINGS=<n> npx tsx scripts/bench-on-demand.ts <origin> [seconds]');
  process.exit(2);
}
const seconds = Number(secondsArgument ?? 10);
const documentHeaders = { accept: 'text/html', 'sec-fetch-dest': 'document' };

async function get(url: string): Promise<{ status: number; etag: string | null; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: documentHeaders });
  await response.arrayBuffer();
  return { status: response.status, etag: response.headers.get('etag'), ms: performance.now() - started };
}

async function rps(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 8, duration: seconds, timeout: 60, headers: documentHeaders });
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.total / Math.max(result.duration, seconds);
}

async function main(): Promise<void> {
  const language = getEnabledLanguages()[0]!;
  const share = prerenderedListingIds(language, prerenderedListingCount());
  const listings = getProperties(language);
  const inside = listings.find((listing) => share.has(listing.id));
  if (!inside) throw new Error('no listing of the share');
  // The last ones outside the share: the least likely to have been opened already.
  const outsideCandidates = listings.filter((listing) => !share.has(listing.id)).reverse();
  let outside: string | undefined;
  let first: Awaited<ReturnType<typeof get>> | undefined;
  for (const candidate of outsideCandidates) {
    const url = `${origin}${href({ page: 'property', id: candidate.id }, language)}`;
    const answer = await get(url);
    // A first render carries no ETag: the proxy sends the answer it asked for.
    if (answer.status === 200 && answer.etag === null) {
      outside = url;
      first = answer;
      break;
    }
  }
  if (!outside || !first) throw new Error('every listing outside the share was rendered already: rebuild, or raise nothing');
  const prerendered = `${origin}${href({ page: 'property', id: inside.id }, language)}`;
  const second = await get(outside);
  console.log(`on demand: ${outside}\n  first request (the render) ${first.ms.toFixed(0)} ms; second ${second.ms.toFixed(1)} ms, ETag ${second.etag ?? 'none'}`);
  console.log(`prerendered: ${prerendered}`);
  const rounds: { prerendered: number; onDemand: number }[] = [];
  for (let round = 0; round < 2; round += 1) rounds.push({ prerendered: await rps(prerendered), onDemand: await rps(outside) });
  for (const [index, round] of rounds.entries()) {
    console.log(
      `round ${index + 1}: prerendered ${round.prerendered.toFixed(0)} req/s, on demand after its render ${round.onDemand.toFixed(0)} req/s, ratio ${(round.onDemand / round.prerendered).toFixed(2)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
