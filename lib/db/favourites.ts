import type { Store } from './client';
import { lockKeys } from './portable';

/** The listings an account keeps; saving one more forgets the oldest (as the browser's list does). */
export const accountFavouritesLimit = 100;

/** The listings a searcher keeps, newest first. */
export async function searcherFavourites(store: Store, email: string): Promise<number[]> {
  const rows = await store.db
    .selectFrom('searcher_favourites')
    .select('property_id')
    .where('email', '=', email.toLowerCase())
    .orderBy('added_at', 'desc')
    .orderBy('property_id')
    .limit(accountFavouritesLimit)
    .execute();
  return rows.map((row) => Number(row.property_id));
}

/**
 * Merges a device's list into the account's and returns the union, newest first, capped: the
 * device's listings first (in its order), then the account's others, less those the device
 * forgot since its last merge. The list is rewritten in one transaction, each row's added_at
 * keeping its place; two devices merging at once wait for each other, so neither loses the
 * other's listings.
 */
export async function mergeSearcherFavourites(store: Store, email: string, posted: readonly number[], forgotten: readonly number[] = [], now = new Date()): Promise<number[]> {
  const address = email.toLowerCase();
  return store.db.transaction().execute(async (trx) => {
    await lockKeys(store, trx, `searcher-favourites:${address}`);
    const stored = await trx.selectFrom('searcher_favourites').select('property_id').where('email', '=', address).orderBy('added_at', 'desc').orderBy('property_id').execute();
    const gone = new Set(forgotten);
    const kept = stored.map((row) => Number(row.property_id)).filter((id) => !gone.has(id));
    const union = [...new Set([...posted, ...kept])].slice(0, accountFavouritesLimit);
    await trx.deleteFrom('searcher_favourites').where('email', '=', address).execute();
    if (union.length > 0) {
      // One millisecond apart, so that added_at orders them as the union does.
      const at = now.getTime();
      await trx
        .insertInto('searcher_favourites')
        .values(union.map((id, index) => ({ email: address, property_id: id, added_at: new Date(at - index).toISOString() })))
        .execute();
    }
    return union;
  });
}
