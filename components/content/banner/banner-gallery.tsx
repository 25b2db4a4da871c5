import { LazyBannerSlider } from './banner-lazy';
import { BannerPicture } from './banner-picture';
import { preloadBannerPicture } from './banner-preload';
import type { BannerSliderLabels } from './banner-slider';
import { bannerPicture } from './banner-sources';
import styles from './banner.module.css';

/** The gallery banner: the first picture is rendered as the image banner is, the others load lazily. */
export function BannerGallery({ images, labels }: { images: string[]; labels: BannerSliderLabels }) {
  const pictures = images.map((src) => bannerPicture(src));
  const [first] = pictures;
  if (first) preloadBannerPicture(first);
  return (
    <LazyBannerSlider
      slides={pictures.map((picture, index) => (
        <BannerPicture key={index} picture={picture} eager={index === 0} className={styles.picture} />
      ))}
      labels={labels}
    />
  );
}
