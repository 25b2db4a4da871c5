import { describe, expect, it } from 'vitest';
import { formatDate, formatEuro, formatPhone, phoneHref } from '@/lib/format';

describe('formatEuro', () => {
  it('writes prices the Belgian Dutch way with a euro prefix and a plain space', () => {
    expect(formatEuro(295000)).toBe('€ 295.000');
    expect(formatEuro(0)).toBe('€ 0');
    expect(formatEuro(1234567)).toBe('€ 1.234.567');
  });

  it('rounds to whole euros', () => {
    expect(formatEuro(999.5)).toBe('€ 1.000');
  });

  it('writes what Intl.NumberFormat writes in nl-BE, its no-break space made plain', () => {
    const intl = new Intl.NumberFormat('nl-BE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    const values = [0, -0, 0.4, 0.5, -0.4, -0.5, -2.5, 2.5, 999.5, 1000, 1e21, 123456789012345680000, -1234567.49, Number.MAX_SAFE_INTEGER, Number.MAX_VALUE];
    // A fixed sequence of awkward amounts (halves, large, negative), the same on every run.
    for (let index = 1; index < 4000; index += 1) values.push(((index * 7919) % 100003) * 10 ** (index % 9) * (index % 3 === 0 ? -1 : 1) + (index % 4) * 0.25);
    for (const value of values) expect(formatEuro(value), String(value)).toBe(intl.format(value).replace(/\u00a0/g, ' '));
  });

  it('gives the spec NaN text for values it cannot format', () => {
    expect(formatEuro(Number.NaN)).toBe('NaN');
    expect(formatEuro(Number.POSITIVE_INFINITY)).toBe('NaN');
  });
});

describe('formatPhone', () => {
  it('groups 10 digits 4-2-2-2, whatever the separators', () => {
    expect(formatPhone('0475123456')).toBe('0475 12 34 56');
    expect(formatPhone('0475/12.34.56')).toBe('0475 12 34 56');
    expect(formatPhone('0475-12-34-56')).toBe('0475 12 34 56');
    expect(formatPhone(' 0475 12 34 56 ')).toBe('0475 12 34 56');
  });

  it('groups 9 digits 3-2-2-2', () => {
    expect(formatPhone('065123456')).toBe('065 12 34 56');
    expect(formatPhone('065/12.34.56')).toBe('065 12 34 56');
  });

  it('leaves other numbers exactly as entered', () => {
    expect(formatPhone('06512345')).toBe('06512345');
    expect(formatPhone('04751234567')).toBe('04751234567');
    expect(formatPhone('+32 475 12 34 56')).toBe('+32 475 12 34 56');
    expect(formatPhone('(065) 12 34 56')).toBe('(065) 12 34 56');
    expect(formatPhone('')).toBe('');
  });
});

describe('phoneHref', () => {
  it('dials the digits only, keeping a leading plus', () => {
    expect(phoneHref('0475 12 34 56')).toBe('tel:0475123456');
    expect(phoneHref('065/12.34.56')).toBe('tel:065123456');
    expect(phoneHref('+32 (0)475 12-34-56')).toBe('tel:+320475123456');
    expect(phoneHref(' +352 12 34 56')).toBe('tel:+352123456');
  });
});

describe('formatDate', () => {
  it('writes day-month-year from a date or a date-time, as written', () => {
    expect(formatDate('2026-03-01')).toBe('01-03-2026');
    expect(formatDate('2026-01-19T10:00:00')).toBe('19-01-2026');
    expect(formatDate('2026-10-12T15:20')).toBe('12-10-2026');
  });

  it('does not shift dates around midnight', () => {
    expect(formatDate('2026-12-31T23:59:59')).toBe('31-12-2026');
    expect(formatDate('2026-01-01T00:00')).toBe('01-01-2026');
  });

  it('accepts the last day of each month and leap days only in leap years', () => {
    expect(formatDate('2024-02-29')).toBe('29-02-2024');
    expect(formatDate('2000-02-29')).toBe('29-02-2000');
    expect(formatDate('2026-04-30')).toBe('30-04-2026');
    expect(formatDate('2026-02-29')).toBe('');
    expect(formatDate('1900-02-29')).toBe('');
    expect(formatDate('2026-04-31')).toBe('');
  });

  it('gives an empty text for anything that is not a date', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('2026-13-01')).toBe('');
    expect(formatDate('2026-00-10')).toBe('');
    expect(formatDate('2026-01-00')).toBe('');
    expect(formatDate('2026-1-5')).toBe('');
    expect(formatDate('01-03-2026')).toBe('');
    expect(formatDate('2026-03-01T24:00')).toBe('');
    expect(formatDate('2026-03-01T10:60')).toBe('');
    expect(formatDate('2026-03-01T10:00:00Z')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
