import { createRateLimiter, type RateLimiter } from '../security/rate-limit';

/*
 * How many password-reset jobs the forgot-password form queues (issue 35: one client queued 300
 * in 19 s, each for another address). Over either limit the form answers as it always does and
 * queues nothing, so the answer still tells nothing about the address.
 */

const hourMs = 60 * 60 * 1000;
/** Per client address, whatever the addresses typed. */
const resetsPerClient = 5;
/** Per mailbox, from all clients together: what one inbox can receive in an hour. */
const resetsPerAddress = 3;

let perClient: RateLimiter | undefined;
let perAddress: RateLimiter | undefined;

/**
 * One mailbox however it is written: case, surrounding spaces, a "+tag" (which most providers
 * deliver to the same inbox), and Gmail's dots and googlemail.com, which it ignores.
 */
function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  let local = address.slice(0, at).replace(/\+.*$/, '');
  let domain = address.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** Counts a reset asked by `client` for `email`; whether a job may be queued for it. */
export async function resetAllowed(client: string, email: string): Promise<boolean> {
  perClient ??= createRateLimiter({ name: 'password-reset-client', limit: resetsPerClient, windowMs: hourMs });
  perAddress ??= createRateLimiter({ name: 'password-reset-address', limit: resetsPerAddress, windowMs: hourMs });
  // A client over its own limit does not use up the address's.
  if (!(await perClient.hit(client)).allowed) return false;
  return (await perAddress.hit(mailboxKey(email))).allowed;
}
