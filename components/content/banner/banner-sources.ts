import { contrastRatio } from '@/lib/colour';
import { bannerWidths, imageUrl, isResizable, originalWidth } from '@/lib/media/image-url';
import { recognizeVideo } from '@/lib/media/video';

/*
 * Pure helpers of the banner: picture sources, the video check and a text colour for a band.
 * Nothing here reads configuration, so the client islands and the tests can use them directly.
 */

export type BannerPictureSource = { src: string; srcSet: string; sizes: string; width: number; height: number; alt: string };

/** The whole banner is as wide as the viewport below desktop, and the 600 variant is only ever picked there. */
const bannerSizes = '100vw';
/** The picture of a listing slide fills the banner on mobile and its left half from tablet on. */
const listingSizes = '(min-width: 767px) 50vw, 100vw';

/** Banner pictures are drawn at 1920×640 (3:1); the box crops them, so these only give the ratio. */
const bannerHeight = 640;

/** A phone at 2x wants about 800 px: without this step it would get the 1920 or 1360 px file. */
const phoneWidth = 800;

/** `url width` pairs of the route's variants at these widths, then the largest file. */
function candidates(src: string, widths: readonly number[], largest: string, largestWidth: number): string {
  return [...widths.map((width) => `${imageUrl(src, { width, format: 'webp' })} ${width}w`), `${largest} ${largestWidth}w`].join(', ');
}

/**
 * A configured banner picture: 600 and 800 wide on phones through the image route, 1920 as the
 * file itself (spec §7). A picture on another host or an SVG cannot be resized and is used as it is.
 */
export function bannerPicture(src: string, alt = ''): BannerPictureSource {
  const desktop = imageUrl(src, { width: bannerWidths.desktop });
  const srcSet = isResizable(src) ? candidates(src, [bannerWidths.mobile, phoneWidth], desktop, bannerWidths.desktop) : '';
  return { src: desktop, srcSet, sizes: bannerSizes, width: bannerWidths.desktop, height: bannerHeight, alt };
}

/** A catalogue picture (1360 wide originals): 600 and 800 through the route, the original above. */
export function listingPicture(picture: { width: number; height: number }, src: string, alt = ''): BannerPictureSource {
  const srcSet = isResizable(src) ? candidates(src, [bannerWidths.mobile, phoneWidth], imageUrl(src, { width: originalWidth }), picture.width) : '';
  return { src, srcSet, sizes: listingSizes, width: picture.width, height: picture.height, alt };
}

export type BannerVideoSource = { url: string; mimetype?: string };

function isLocalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/**
 * The configured banner video when the site may play it in a <video>: a file under our own host,
 * or a file on an https host (never plain http, which an https page would block). Player pages
 * such as YouTube are not files and would need a third-party frame, so they are refused.
 */
export function bannerVideo(config: string | { url: string; mimetype: string }): BannerVideoSource | undefined {
  const url = (typeof config === 'string' ? config : config.url).trim();
  const given = typeof config === 'string' ? undefined : config.mimetype.trim();
  if (url === '') return undefined;
  if (given !== undefined && !given.startsWith('video/')) return undefined;
  if (isLocalPath(url)) return given ? { url, mimetype: given } : { url };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:') return undefined;
  if (given) return { url, mimetype: given };
  const recognised = recognizeVideo(url);
  return recognised?.kind === 'file' && recognised.mimeType ? { url, mimetype: recognised.mimeType } : undefined;
}

const lightText = '#ffffff';
/** Black rather than a softer dark grey: with white, it guarantees 4.5:1 on any background. */
const darkText = '#000000';

/** White or near-black, whichever reads better on a band of this colour: staff pick any colour. */
export function textColourOn(background: string): string {
  return contrastRatio(lightText, background) >= contrastRatio(darkText, background) ? lightText : darkText;
}
