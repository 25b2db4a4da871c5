import type { BannerPictureSource } from './banner-sources';
import styles from './banner.module.css';

/**
 * One banner picture filling its box. The first one on a page is the LCP element: eager and high
 * priority; the others wait until they are about to show. A plain <img> because next/image would
 * snap the widths to the catalogue's sizes, and the banner has its own (600 and 1920).
 */
export function BannerPicture({ picture, eager, className }: { picture: BannerPictureSource; eager: boolean; className?: string }) {
  return (
    <img
      className={className ? `${styles.picture} ${className}` : styles.picture}
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
