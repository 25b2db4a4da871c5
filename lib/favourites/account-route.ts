import { z } from 'zod';
import { searcherOfSession, sessionCookie } from '../auth/owner-auth';
import { accountFavouritesLimit, getStore, mergeSearcherFavourites, searcherFavourites } from '../db';
import { readCapped } from '../security/read-body';
import { allowedOrigins, isSameOrigin } from '../security/origin';
import { searcherHintCookie } from '../auth/account-hint';

/*
 * GET/POST /api/favourites/: a signed-in searcher's favourites (issue 19 item 3), so that they
 * follow the account across devices. The answer is the list of IDs, newest first.
 */

/** PostgreSQL's INTEGER: a larger number is no listing's and would not fit the column. */
const listingId = z.number().int().positive().max(2_147_483_647);
const listingIds = z.array(listingId).max(accountFavouritesLimit);

/** `ids`: the device's list, newest first; `forgotten`: what it removed since its last merge. */
const postedFavourites = z.object({ ids: listingIds, forgotten: listingIds.default([]) }).strict();

/** 2 × 100 IDs of 10 digits with their commas and the keys: about 2.3 kB. */
export const maxFavouritesBody = 4096;

const secure = () => (process.env.NODE_ENV === 'production' ? '; Secure' : '');
const noStore = { 'cache-control': 'no-store' };

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** Not signed in (or no longer): the hint cookie goes, so that the browser stops asking. */
const notSignedIn = () => Response.json({ error: 'unauthorized' }, { status: 401, headers: { ...noStore, 'set-cookie': `${searcherHintCookie}=; Path=/; Max-Age=0; SameSite=Lax${secure()}` } });

const refusal = (status: number, error: string) => Response.json({ error }, { status, headers: noStore });

export async function favouritesGet(request: Request): Promise<Response> {
  const email = await searcherOfSession(cookieValue(request, sessionCookie));
  if (!email) return notSignedIn();
  return Response.json(await searcherFavourites(await getStore(), email), { headers: noStore });
}

export async function favouritesPost(request: Request): Promise<Response> {
  if (!isSameOrigin(request, allowedOrigins())) return refusal(403, 'forbidden');
  const email = await searcherOfSession(cookieValue(request, sessionCookie));
  if (!email) return notSignedIn();
  const bytes = await readCapped(request, maxFavouritesBody).catch(() => undefined);
  if (!bytes) return refusal(413, 'tooLarge');
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return refusal(400, 'malformed');
  }
  const posted = postedFavourites.safeParse(body);
  if (!posted.success) return refusal(400, 'invalid');
  return Response.json(await mergeSearcherFavourites(await getStore(), email, posted.data.ids, posted.data.forgotten), { headers: noStore });
}
