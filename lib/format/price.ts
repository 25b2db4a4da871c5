const euro = new Intl.NumberFormat('nl-BE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** "€ 295.000" in every language (spec §9: Belgian Dutch locale, euro prefix). The spec's NaN text on bad input. */
export function formatEuro(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  return euro.format(value).replace(/\u00a0/g, ' ');
}
