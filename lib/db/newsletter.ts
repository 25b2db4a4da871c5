import type { Store } from './client';
import { markMailboxConfirmed } from './mailboxes';
import { lockKeys } from './portable';
import type { OutboxKind } from './schema';
import { pendingJob } from './outbox';

/*
 * Newsletter double opt-in. A sign-up is stored with its confirmation link (storeRequest's
 * newsletter guard); the agency hears of it only when the address confirms through that link.
 */

/** What a confirmation link leads to: a button to confirm, a done deal, or a dead end. */
export type SignupState = 'pending' | 'confirmed' | 'expired' | 'unknown';

/** The state of the sign-up behind a link, without changing anything (mail scanners open links). */
export async function newsletterSignupState(store: Store, tokenHash: string, now = new Date()): Promise<SignupState> {
  const row = await store.db.selectFrom('newsletter_signups').select(['email', 'expires_at', 'confirmed_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return 'unknown';
  if (row.confirmed_at !== null) return 'confirmed';
  // Another link of the same address may have been used already: the address is subscribed.
  const subscribed = await store.db.selectFrom('newsletter_signups').select('request_id').where('email', '=', row.email).where('confirmed_at', 'is not', null).executeTakeFirst();
  if (subscribed) return 'confirmed';
  return row.expires_at > now.toISOString() ? 'pending' : 'expired';
}

/** The address a newsletter link confirms, for its page to name it (the token is the address owner's alone). */
export async function newsletterSignupEmail(store: Store, tokenHash: string): Promise<string | undefined> {
  return (await store.db.selectFrom('newsletter_signups').select('email').where('token_hash', '=', tokenHash).executeTakeFirst())?.email;
}

/** 'confirmed' is this call's confirmation, with the request whose deliveries it queued. */
export type ConfirmResult = { status: 'confirmed'; requestId: string } | { status: 'already-confirmed' | 'expired' | 'unknown' };

/**
 * Confirms the sign-up behind a link and queues its deliveries (the agency's e-mail, the CRM) in
 * the same transaction. Only the first confirmation of an address queues anything, however many
 * links it was sent and however often they are used at once.
 */
export async function confirmNewsletterSignup(store: Store, tokenHash: string, jobs: readonly OutboxKind[], now = new Date()): Promise<ConfirmResult> {
  const at = now.toISOString();
  const confirmed = await store.db.transaction().execute(async (trx) => {
    const signup = await trx.selectFrom('newsletter_signups').select(['request_id', 'email', 'email_key']).where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!signup) return undefined;
    // Two links of one address used at once: the second waits, then finds the address confirmed.
    await lockKeys(store, trx, `newsletter:${signup.email}`);
    const updated = await trx
      .updateTable('newsletter_signups')
      .set({ confirmed_at: at })
      .where('token_hash', '=', tokenHash)
      .where('confirmed_at', 'is', null)
      .where('expires_at', '>', at)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('newsletter_signups as other').select('other.request_id').where('other.email', '=', signup.email).where('other.confirmed_at', 'is not', null))))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return undefined;
    // A sign-up from before its mailbox was kept stands for its address, as migration 0017 counts it.
    await markMailboxConfirmed(trx, signup.email_key ?? signup.email, at);
    if (jobs.length > 0) {
      await trx
        .insertInto('outbox')
        .values(jobs.map((kind) => pendingJob(kind, at, { requestId: signup.request_id })))
        .execute();
    }
    return signup.request_id;
  });
  if (confirmed !== undefined) return { status: 'confirmed', requestId: confirmed };
  const state = await newsletterSignupState(store, tokenHash, now);
  if (state === 'confirmed') return { status: 'already-confirmed' };
  // Still pending here means the update found it expired at the same instant: expired it is.
  return { status: state === 'unknown' ? 'unknown' : 'expired' };
}
