/**
 * URLs of resized pictures (spec §7). Pure: used by the next/image loader in the browser bundle
 * as well as by server components, so nothing here may touch the file system.
 */

import { isStaticExport } from '../config/deployment';

export type ImageFormat = 'webp' | 'png';

export interface ImageUrlOptions {
  width?: number;
  height?: number;
  format?: ImageFormat;
}

/**
 * 100 is the blurred placeholder; 1360 is the catalogue original itself. 800 covers a phone's
 * full-width picture at 2x, which would otherwise jump from 600 to the original (10 times the bytes).
 */
export const responsiveWidths = [100, 400, 600, 800, 1360] as const;
export const thumbnailWidth = 400;
export const logoHeights = { desktop: 125, mobile: 75 } as const;

export type PictureSize = { width: number; height: number };
/** The width a picture of `size` takes at `height`; one of unknown size (a remote logo) is taken as 3:1. */
export const widthAtHeight = (size: PictureSize | undefined, height: number) => Math.round(height * (size ? size.width / size.height : 3));
export const bannerWidths = { desktop: 1920, mobile: 600 } as const;
/** The width of a catalogue original (`{n}-xl.webp`); a request at least this wide gets the original. */
export const originalWidth = 1360;
/** 250 is the snapshot's own thumbnail width (`{n}-sm.webp`). */
export const allowedWidths = [100, 250, 400, 600, 800, 1360, 1920] as const;
/** The width of a picture on a social card (Open Graph, Twitter); not one the pages use. */
export const socialImageWidth = 1200;
/** Every width the resizing route makes: the pages' widths and the social card's. */
export const routeWidths = [...allowedWidths, socialImageWidth] as const;
export const allowedHeights = [75, 125] as const;
export const imageFormats = ['webp', 'png'] as const satisfies readonly ImageFormat[];

/** The resizing route; with `trailingSlash: true` Next redirects `/api/image` to this. */
export const imageRoutePath = '/api/image/';

function pathOf(src: string): string {
  return src.split(/[?#]/, 1)[0] ?? src;
}

function isSvg(src: string): boolean {
  return pathOf(src).toLowerCase().endsWith('.svg');
}

/** Only site-relative paths are ours to resize; `//host/...` is protocol-relative, hence external. */
function isLocalPath(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//');
}

function formatOfPath(src: string): ImageFormat | 'jpeg' | undefined {
  const extension = pathOf(src).toLowerCase().split('.').pop();
  if (extension === 'webp' || extension === 'png') return extension;
  if (extension === 'jpg' || extension === 'jpeg') return 'jpeg';
  return undefined;
}

/** Whether imageUrl can send `src` through the resizing route (a local raster picture). */
export function isResizable(src: string): boolean {
  return isLocalPath(src) && !isSvg(src);
}

export function imageUrl(src: string, options: ImageUrlOptions): string {
  // An SVG scales by itself (spec: a logo URL ending in .svg is used as is), and a picture on
  // another host cannot be read by our route.
  if (!isResizable(src)) return src;
  const { width, height, format } = options;
  const formatChanges = format !== undefined && format !== formatOfPath(src);
  // "The largest is unchanged": the original is served as a static file, so the browser and any
  // CDN cache one copy instead of a re-encoded duplicate.
  if (width !== undefined && width >= originalWidth && height === undefined && !formatChanges) return src;
  // A static host ignores query strings, so the export names the same variant by its path.
  if (isStaticExport()) return imagePath(src, { width, height, format });
  // A slash may stand as it is in a query (RFC 3986): left unescaped, the URL is 8 characters
  // shorter, which a list's dozens of srcset entries repeat in its HTML and its inline data.
  const query = [`src=${encodeURIComponent(src).replaceAll('%2F', '/')}`];
  if (width !== undefined) query.push(`width=${width}`);
  if (height !== undefined) query.push(`height=${height}`);
  // Always named, so one variant has one URL (and one cache entry) whatever the caller omitted.
  query.push(`format=${format ?? 'webp'}`);
  return `${imageRoutePath}?${query.join('&')}`;
}

/**
 * The path form of a variant, `/api/image/w400/catalogue/4000001/1-xl.webp.webp`: the size, the
 * original's path, then the output format as the extension, so a static host serves it with the
 * right content type. The server answers it too (app/api/image/[...variant]), which is how
 * `npm run export` collects the pictures.
 */
export function imagePath(src: string, { width, height, format }: ImageUrlOptions): string {
  const size = [width === undefined ? '' : `w${width}`, height === undefined ? '' : `h${height}`].filter(Boolean).join('-') || 'original';
  return `${imageRoutePath}${size}${pathOf(src)}.${format ?? 'webp'}`;
}

/**
 * `srcset` over the responsive widths, the original standing for the largest. Empty for a picture
 * that cannot be resized (SVG, another host): the caller then leaves `srcset` out.
 */
export function responsiveSrcSet(src: string): string {
  if (!isResizable(src)) return '';
  return responsiveWidths.map((width) => `${width >= originalWidth ? src : imageUrl(src, { width, format: 'webp' })} ${width}w`).join(', ');
}
