/* The CRM's date shape (same as the catalogue schema): a calendar date, optionally a local time. */
const isoDate = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * "2026-03-01T10:00:00" → "01-03-2026" (spec §9: dates are day-month-year). The string is read
 * as written: going through Date would shift dates near midnight with the server's time zone.
 * Anything that is not a real calendar date gives "" so a page never shows a bogus date.
 */
export function formatDate(iso: string): string {
  const match = isoDate.exec(iso);
  if (!match) return '';
  const [, yearText = '', monthText = '', dayText = '', hours, minutes, seconds] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return '';
  if (Number(hours ?? 0) > 23 || Number(minutes ?? 0) > 59 || Number(seconds ?? 0) > 59) return '';
  return `${dayText}-${monthText}-${yearText}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * An instant (ISO, as the database stores it in UTC) as the day and time on a clock in Brussels,
 * where the agency reads it: { date: "dd-mm-yyyy", time: "hh:mm" }, summer time included.
 */
export function brusselsDateTime(iso: string): { date: string; time: string } {
  const local = brusselsClock(iso);
  return { date: formatDate(local.slice(0, 10)), time: local.slice(11, 16) };
}

/**
 * An instant as the CRM writes its own dates, a Brussels clock time without a zone
 * ("2026-07-15T09:30:00.000Z" → "2026-07-15T11:30:00"), so the two sort and show alike.
 */
export function brusselsClock(iso: string): string {
  return new Date(iso).toLocaleString('sv-SE', { timeZone: 'Europe/Brussels', hour12: false }).replace(' ', 'T');
}
