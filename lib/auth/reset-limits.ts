import { addressKey } from '../security/address-key';
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

/** Counts a reset asked by `client` for `email`; whether a job may be queued for it. */
export async function resetAllowed(client: string, email: string): Promise<boolean> {
  perClient ??= createRateLimiter({ name: 'password-reset-client', limit: resetsPerClient, windowMs: hourMs });
  perAddress ??= createRateLimiter({ name: 'password-reset-address', limit: resetsPerAddress, windowMs: hourMs });
  // A client over its own limit does not use up the address's.
  if (!(await perClient.hit(client)).allowed) return false;
  return (await perAddress.hit(addressKey(email))).allowed;
}
