'use client';

import { createContext, useContext } from 'react';
import type { BannerPictureSource } from './banner-sources';

/**
 * Whether the slide around a picture has shown or is about to (banner-slider.tsx). The fade
 * stacks every slide in the viewport, where the browser's own lazy loading would fetch them all
 * at load; a picture out of any slider is always shown.
 */
export const SlideShown = createContext(true);

/**
 * One banner picture filling its box. The first one on a page is the LCP element: eager and high
 * priority; the others are not in the page until their slide comes next (without JavaScript
 * the slider never moves, so they would never show). A plain <img> because next/image would snap
 * the widths to the catalogue's sizes, and the banner has its own. Its class comes from the server
 * (banner.module.css): imported here, the banner's class names would ship with every page.
 */
export function BannerPicture({ picture, eager, className }: { picture: BannerPictureSource; eager: boolean; className: string | undefined }) {
  const shown = useContext(SlideShown);
  if (!eager && !shown) return null;
  return (
    <img
      className={className}
      src={picture.src}
      srcSet={picture.srcSet || undefined}
      sizes={picture.srcSet ? picture.sizes : undefined}
      width={picture.width}
      height={picture.height}
      alt={picture.alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
