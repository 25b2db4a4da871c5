const formats = new Map<number, Intl.NumberFormat>();

/**
 * A figure with Belgian grouping and decimal comma ("1.250", "6,2") in every language, like the
 * euro amounts of formatEuro: one way of writing numbers on the whole site.
 */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  let format = formats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('nl-BE', { maximumFractionDigits });
    formats.set(maximumFractionDigits, format);
  }
  return format.format(value);
}
