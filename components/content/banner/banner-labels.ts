import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';

/** Control labels of the banner's slider and video, from messages/ ("banner"). */
export type BannerOwnLabels = {
  slideshow: string;
  pause: string;
  play: string;
  pauseVideo: string;
};

export async function bannerOwnLabels(language: Language): Promise<BannerOwnLabels> {
  const t = await getTranslations({ locale: language, namespace: 'banner' });
  return {
    slideshow: t('slideshow'),
    pause: t('pause'),
    play: t('play'),
    pauseVideo: t('pauseVideo'),
  };
}
