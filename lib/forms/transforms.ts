import { hashPassword } from '../security/password';
import type { PayloadTransform } from './definitions';

/** A request's checked values, as they go into the database. */
export type Payload = Record<string, unknown>;

/** What each transform named by a form's definition does to the values before they are stored. */
const transforms: Record<PayloadTransform, (payload: Payload) => Promise<Payload>> = {
  'hash-password': async ({ password, passwordConfirm: _confirm, ...rest }) => ({ ...rest, passwordHash: await hashPassword(String(password)) }),
};

export async function transformPayload(payload: Payload, names: readonly PayloadTransform[] = []): Promise<Payload> {
  let result = payload;
  for (const name of names) result = await transforms[name](result);
  return result;
}
