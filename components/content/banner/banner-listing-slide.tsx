import { SiteLink } from '@/components/ui/site-link';
import { BannerPicture } from './banner-picture';
import type { BannerPictureSource } from './banner-sources';
import styles from './banner.module.css';

export type ListingSlideContent = { href: string; picture: BannerPictureSource | undefined; title: string; town: string; detail: string };

/**
 * One listing or project in the banner, linking its page. The picture is decorative (alt="") as
 * the caption names the listing, and the caption is what the link reads out.
 */
export function ListingSlide({ slide, eager }: { slide: ListingSlideContent; eager: boolean }) {
  return (
    // Every slide is on screen at once (the fade stacks them), so prefetching would fetch them all.
    <SiteLink href={slide.href} className={styles.listing}>
      {slide.picture ? <BannerPicture picture={slide.picture} eager={eager} className={`${styles.picture} ${styles.listingPicture}`} /> : null}
      <span className={styles.caption}>
        <span className={styles.captionTitle}>{slide.title}</span>
        <span>{slide.town}</span>
        <span className={styles.captionDetail}>{slide.detail}</span>
      </span>
    </SiteLink>
  );
}
