import { createHash, createHmac } from 'node:crypto';
import { deriveKey } from '../security/secret';

/*
 * Visit counting without cookies or personal data (design.md §8): a visitor is a hash of their
 * address and browser under a salt that changes every day, so the same person counts once a day
 * per listing and nothing links two days together. Only the daily counts are kept.
 */

export function visitorHash(day: string, address: string, userAgent: string, propertyId: number): string {
  const salt = createHmac('sha256', deriveKey('visit-salt')).update(day).digest();
  return createHash('sha256').update(salt).update(`${address}\n${userAgent}\n${propertyId}`).digest('hex');
}

const botPattern =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|headlesschrome|lighthouse|pagespeed|python-requests|curl\/|wget\/|httpclient|axios|node-fetch|go-http-client|java\//i;

export function isBot(userAgent: string | null): boolean {
  return !userAgent || botPattern.test(userAgent);
}

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** Monday of the day's week (weeks start on Monday in Belgium). */
function weekStart(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export type VisitSummary = { today: number; week: number; month: number; total: number; last30: { day: string; count: number }[] };

export function summariseVisits(counts: readonly { day: string; count: number }[], today: string): VisitSummary {
  const byDay = new Map(counts.map((row) => [row.day, row.count]));
  const sumFrom = (first: string) => counts.filter((row) => row.day >= first && row.day <= today).reduce((sum, row) => sum + row.count, 0);
  const last30 = Array.from({ length: 30 }, (_, index) => {
    const day = addDays(today, index - 29);
    return { day, count: byDay.get(day) ?? 0 };
  });
  return {
    today: byDay.get(today) ?? 0,
    week: sumFrom(weekStart(today)),
    month: sumFrom(`${today.slice(0, 7)}-01`),
    total: counts.reduce((sum, row) => sum + row.count, 0),
    last30,
  };
}
