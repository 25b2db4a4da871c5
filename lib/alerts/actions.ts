'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { sessionCookie } from '../auth/owner-auth';
import { searcherHintCookie } from '../auth/account-hint';
import { currentSearcher } from '../auth/session';
import { getDefaultLanguage, getEnabledLanguages, type Language } from '../config';
import { deleteSearcherAccount, deleteSubscription, getStore, updateSubscription, type SubscriptionChange } from '../db';
import { href } from '../pages';
import type { SearcherNotice } from '../pages/searcher/kind';
import { readEditedSearch } from './edit-search';

/*
 * The searcher's space (lib/pages/searcher/kind.ts), as server actions bound to a subscription: plain
 * form posts without JavaScript, their origin checked by Next.js. Each one acts only on the
 * signed-in searcher's own subscriptions, and comes back to the space saying how it went.
 */

const languageOf = (value: string): Language => getEnabledLanguages().find((language) => language === value) ?? getDefaultLanguage();

async function searcherOrLogin(language: Language): Promise<string> {
  const email = await currentSearcher();
  if (!email) redirect(href({ page: 'login' }, language));
  return email;
}

function back(language: Language, notice: SearcherNotice): never {
  redirect(href({ page: 'searcher', notice }, language));
}

const subscriptionId = z.string().uuid();

async function change(lang: string, id: string, values: SubscriptionChange): Promise<void> {
  const language = languageOf(lang);
  const email = await searcherOrLogin(language);
  const ok = subscriptionId.safeParse(id).success && (await updateSubscription(await getStore(), id, email, values));
  back(language, ok ? 'saved' : 'invalid');
}

export async function pauseSubscriptionAction(lang: string, id: string): Promise<void> {
  await change(lang, id, { status: 'paused' });
}

export async function resumeSubscriptionAction(lang: string, id: string): Promise<void> {
  await change(lang, id, { status: 'active' });
}

export async function deleteSubscriptionAction(lang: string, id: string): Promise<void> {
  const language = languageOf(lang);
  const email = await searcherOrLogin(language);
  const ok = subscriptionId.safeParse(id).success && (await deleteSubscription(await getStore(), id, email));
  back(language, ok ? 'deleted' : 'invalid');
}

/** A refused edit comes back with the search opened and an error under each field at fault. */
export async function editSearchAction(lang: string, id: string, data: FormData): Promise<void> {
  const language = languageOf(lang);
  await searcherOrLogin(language);
  const edited = readEditedSearch(data);
  if (!edited.ok) {
    if ('forged' in edited || !subscriptionId.safeParse(id).success) back(language, 'invalid');
    else redirect(href({ page: 'searcher', notice: 'invalid', refused: { id, errors: edited.errors } }, language));
  }
  await change(lang, id, { frequency: edited.frequency, criteria: JSON.stringify(edited.criteria) });
}

export async function deleteSearcherAccountAction(lang: string): Promise<void> {
  const language = languageOf(lang);
  const email = await searcherOrLogin(language);
  await deleteSearcherAccount(await getStore(), email);
  const jar = await cookies();
  jar.delete(sessionCookie);
  jar.delete({ name: searcherHintCookie, path: '/' });
  redirect(href({ page: 'home' }, language));
}
