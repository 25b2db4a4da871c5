import { BannerPicture } from './banner-picture';
import { preloadBannerPicture } from './banner-preload';
import { bannerPicture } from './banner-sources';
import styles from './banner.module.css';

/** A single banner picture: the LCP element of its page, hence preloaded, eager and high priority. */
export function BannerImage({ src }: { src: string }) {
  const picture = bannerPicture(src);
  preloadBannerPicture(picture);
  return <BannerPicture picture={picture} eager className={styles.picture} />;
}
