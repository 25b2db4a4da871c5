import type { Language } from '@/lib/config';
import { islandTexts } from '@/lib/i18n/island-texts';

/** Control labels of the banner's slider and video, from messages/ ("banner"). */
export function bannerOwnLabels(language: Language) {
  return islandTexts(language, 'banner', ['slideshow', 'pause', 'play', 'pauseVideo']);
}
