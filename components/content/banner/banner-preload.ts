import { preload } from 'react-dom';
import type { BannerPictureSource } from './banner-sources';

/**
 * Puts a <link rel="preload"> for the banner's first picture in the head, with the same srcset
 * and sizes as the <img>, so the browser fetches the LCP picture before it reaches the body and
 * picks the same variant (design.md §10).
 */
export function preloadBannerPicture(picture: BannerPictureSource): void {
  if (picture.srcSet) preload(picture.src, { as: 'image', imageSrcSet: picture.srcSet, imageSizes: picture.sizes, fetchPriority: 'high' });
  else preload(picture.src, { as: 'image', fetchPriority: 'high' });
}
