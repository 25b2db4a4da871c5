import type { Rng } from './random';

/*
 * Calendar arithmetic on fixed ISO strings, in UTC. Nothing here reads the clock.
 */

const DAY = 86_400_000;

function parse(iso: string): number {
  const [year = 0, month = 1, day = 1] = iso.slice(0, 10).split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

function format(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return format(parse(iso) + days * DAY);
}

function daysBetween(from: string, to: string): number {
  return Math.round((parse(to) - parse(from)) / DAY);
}

/** A day in [from, to], both included. */
export function randomDay(rng: Rng, from: string, to: string): string {
  return addDays(from, rng.int(0, Math.max(0, daysBetween(from, to))));
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(iso: string): number {
  return new Date(parse(iso)).getUTCDay();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "2026-03-14" + 9h30 → "2026-03-14T09:30:00". */
export function at(iso: string, hours: number, minutes = 0): string {
  return `${iso.slice(0, 10)}T${pad(hours)}:${pad(minutes)}:00`;
}

/** A date-time during office hours on the given day. */
export function officeTime(rng: Rng, iso: string): string {
  return at(iso, rng.int(8, 17), rng.pick([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]));
}

export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
