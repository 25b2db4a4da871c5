import { allowedWidths, imageUrl, originalWidth } from './image-url';

/** Widths next/image may ask for; the route refuses any other, and 1920 is only for banners. */
const loaderWidths = allowedWidths.filter((width) => width <= originalWidth);

/** The smallest allowed width that still covers the requested one, so the browser never upscales. */
export function snapWidth(requested: number): number {
  return loaderWidths.find((width) => width >= requested) ?? originalWidth;
}

/**
 * next/image loader (images.loaderFile in next.config.ts). Quality is ignored: the route encodes
 * every variant at one quality, so a per-image quality would only multiply cache entries.
 */
export default function imageLoader({ src, width }: { src: string; width: number; quality?: number }): string {
  return imageUrl(src, { width: snapWidth(width), format: 'webp' });
}
