/*
 * How long what the housekeeping prunes (housekeeping.ts) stays alive. The features that issue
 * these things (a captcha, lib/forms/captcha.ts; a document link, lib/documents/signed-link.ts;
 * a visitor's daily hash, lib/stats/visits.ts) read their lifetime here, so that the database's
 * rules need nothing from the floors above it.
 */

/** How long a captcha token is accepted after it was issued. */
export const captchaTtlMs = 30 * 60 * 1000;

/** How long a mailed document link works (the e-mail says it in days). */
export const documentLinkTtlDays = 7;

/** The calendar day in Brussels, yyyy-mm-dd: a visitor's hash counts for that day only. */
export function brusselsDay(now = new Date()): string {
  return now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Brussels' });
}
