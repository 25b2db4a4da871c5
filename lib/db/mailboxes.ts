import type { Kysely, Transaction } from 'kysely';
import type { Store } from './client';
import type { Database } from './schema';

/*
 * The mailboxes (lib/security/address-key) that used one of our links: a request's, an alert's or a
 * newsletter sign-up's. Only the person who reads a mailbox can use a link mailed to it, so a
 * confirmed mailbox is its owner's and gets each form's own allowance; any other is perhaps a
 * stranger's, typed by someone else, and gets one mail a day from all the forms together
 * (storeRequest's guards).
 */

/** Records that the mailbox used a link; the first time counts, a second changes nothing. */
export async function markMailboxConfirmed(trx: Transaction<Database>, addressKey: string, at: string): Promise<void> {
  await trx
    .insertInto('confirmed_mailboxes')
    .values({ address_key: addressKey, confirmed_at: at })
    .onConflict((conflict) => conflict.column('address_key').doNothing())
    .execute();
}

export async function mailboxConfirmed(db: Kysely<Database> | Transaction<Database>, addressKey: string): Promise<boolean> {
  return (await db.selectFrom('confirmed_mailboxes').select('address_key').where('address_key', '=', addressKey).executeTakeFirst()) !== undefined;
}

/**
 * What a post to this mailbox may do: 'confirmed', have its deliveries at once; 'refused', none
 * (its owner used the refusal link); 'unknown', wait for a link first.
 */
export async function mailboxStanding(store: Store, addressKey: string): Promise<'confirmed' | 'refused' | 'unknown'> {
  if (await mailboxConfirmed(store.db, addressKey)) return 'confirmed';
  const refused = await store.db.selectFrom('mail_refusals').select('address_key').where('address_key', '=', addressKey).executeTakeFirst();
  return refused ? 'refused' : 'unknown';
}
