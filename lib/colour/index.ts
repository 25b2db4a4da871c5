/*
 * WCAG 2 colour arithmetic, once for the site (banner and module bands), the picture generator and
 * the browser tests. Pure, so client components may use it.
 */

export type Rgb = readonly [number, number, number];

/** The channels of "#rgb" or "#rrggbb"; undefined for anything else. */
export function parseHex(hex: string): Rgb | undefined {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  const full = short ? `${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!full) return undefined;
  const value = Number.parseInt(full, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** WCAG relative luminance of 0–255 channels (fractions allowed: a colour blended over another). */
export function relativeLuminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** WCAG contrast ratio of two colours, from 1 to 21. */
export function rgbContrast(one: Rgb, two: Rgb): number {
  const [light, dark] = [relativeLuminance(one), relativeLuminance(two)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** WCAG contrast ratio of two hex colours; 1 (no contrast) when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const first = parseHex(a);
  const second = parseHex(b);
  return first && second ? rgbContrast(first, second) : 1;
}
