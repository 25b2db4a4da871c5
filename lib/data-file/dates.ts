/*
 * Dates as staff write them in data files: yyyy-mm-dd, optionally followed by a time. Shared by
 * data/catalogue and data/site, so that "2026-02-30" is refused in both folders with the same words.
 */

const isoDateShape = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * What is wrong with a date, in plain words, or undefined when it is a real day (and time) of the
 * calendar. A regex alone lets "2026-13-45" through to the sitemap.
 */
export function isoDateProblem(value: string): string | undefined {
  const match = isoDateShape.exec(value);
  if (!match) return `expected a date written year-month-day, such as "2026-03-15" (got ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)})`;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined) return 'expected a date written year-month-day, such as "2026-03-15"';
  if (month < 1 || month > 12) return `"${value}" has month ${month}: the month is a number from 01 to 12 (year-month-day, such as "2026-03-15")`;
  const last = daysIn(year, month);
  if (day < 1 || day > last) return `"${value}" is not a day of the calendar: ${monthNames[month - 1]} ${year} has ${last} days`;
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) return `"${value}" has an impossible time: hours go from 00 to 23, minutes and seconds from 00 to 59`;
  return undefined;
}
