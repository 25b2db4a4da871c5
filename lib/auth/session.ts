import { cookies } from 'next/headers';
import type { Owner } from '../catalogue';
import { ownerOfSession, searcherOfSession, sessionCookie } from './owner-auth';

/** The owner of this request's session, checked in the database on every call. */
export async function currentOwner(): Promise<Owner | undefined> {
  return ownerOfSession((await cookies()).get(sessionCookie)?.value);
}

/** The searcher's address of this request's session (lib/alerts), checked in the database on every call. */
export async function currentSearcher(): Promise<string | undefined> {
  return searcherOfSession((await cookies()).get(sessionCookie)?.value);
}
