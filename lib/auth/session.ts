import { cookies } from 'next/headers';
import type { Owner } from '../catalogue';
import { ownerOfSession, sessionCookie } from './owner-auth';

/** The owner of this request's session, checked in the database on every call. */
export async function currentOwner(): Promise<Owner | undefined> {
  return ownerOfSession((await cookies()).get(sessionCookie)?.value);
}

