import type { Store } from './client';

/*
 * The mailboxes that used the "I did not ask for this" link of a mail (lib/mail/refusal-route):
 * storeRequest's guards queue them no copy, confirmation or friend's mail from then on.
 */

/** Records the refusal of a mailbox (lib/security/address-key); using the link again changes nothing. */
export async function refuseMail(store: Store, addressKey: string, now = new Date()): Promise<void> {
  await store.db
    .insertInto('mail_refusals')
    .values({ address_key: addressKey, refused_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('address_key').doNothing())
    .execute();
}
