/* Separators people type inside Belgian numbers; anything else means the number is not ours to regroup. */
const separators = /[\s./-]/g;

/**
 * Belgian national numbers in the usual grouping (spec §5): 10 digits (mobile) 4-2-2-2,
 * 9 digits (landline) 3-2-2-2. International or odd numbers are shown exactly as entered.
 */
export function formatPhone(raw: string): string {
  const digits = raw.replace(separators, '');
  if (/^\d{10}$/.test(digits)) return `${digits.slice(0, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`;
  if (/^\d{9}$/.test(digits)) return `${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`;
  return raw;
}

/** tel: link of a number; the leading + of an international number is part of the dialling. */
export function phoneHref(raw: string): string {
  const plus = raw.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${raw.replace(/\D/g, '')}`;
}
