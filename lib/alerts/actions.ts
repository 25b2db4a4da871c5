'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { sessionCookie } from '../auth/owner-auth';
import { currentSearcher } from '../auth/session';
import { getDefaultLanguage, getEnabledLanguages, type Language } from '../config';
import { deleteSearcherAccount, deleteSubscription, getStore, updateSubscription, type SubscriptionChange } from '../db';
import { alertFrequencies, goals } from '../forms/fields';
import { href } from '../pages';
import type { SearcherNotice } from '../pages/searcher';
import { searchCriteria } from './criteria';

/*
 * The searcher's space (lib/pages/searcher.ts), as server actions bound to a subscription: plain
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

const count = (max: number) => z.preprocess((value) => (value === '' || value === null ? undefined : value), z.coerce.number().int().min(0).max(max).optional());

/** What the edit form of a search posts; bad values change nothing. */
const editedSearch = z.object({
  goal: z.enum(goals),
  types: z.array(z.string().regex(/^\d{1,3}$/)).max(10),
  postcodes: z.string().max(300),
  priceMin: count(100_000_000),
  priceMax: count(100_000_000),
  minRooms: count(50),
  minBathrooms: count(50),
  minParkings: count(50),
  frequency: z.enum(alertFrequencies),
});

export async function editSearchAction(lang: string, id: string, data: FormData): Promise<void> {
  const language = languageOf(lang);
  await searcherOrLogin(language);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : undefined;
  };
  const posted = editedSearch.safeParse({
    goal: text('goal'),
    types: data.getAll('types').filter((value) => typeof value === 'string'),
    postcodes: text('postcodes') ?? '',
    priceMin: text('priceMin'),
    priceMax: text('priceMax'),
    minRooms: text('minRooms'),
    minBathrooms: text('minBathrooms'),
    minParkings: text('minParkings'),
    frequency: text('frequency'),
  });
  if (!posted.success) back(language, 'invalid');
  const { frequency, postcodes, types, ...bounds } = posted.data;
  const criteria = searchCriteria.safeParse({ ...bounds, types: types.map(Number), zips: [...new Set(postcodes.split(/[\s,;]+/).filter(Boolean))] });
  const valid = criteria.success && criteria.data.zips.length > 0 && (bounds.priceMin === undefined || bounds.priceMax === undefined || bounds.priceMax >= bounds.priceMin);
  if (!valid) back(language, 'invalid');
  await change(lang, id, { frequency, criteria: JSON.stringify(criteria.data) });
}

export async function deleteSearcherAccountAction(lang: string): Promise<void> {
  const language = languageOf(lang);
  const email = await searcherOrLogin(language);
  await deleteSearcherAccount(await getStore(), email);
  (await cookies()).delete(sessionCookie);
  redirect(href({ page: 'home' }, language));
}
