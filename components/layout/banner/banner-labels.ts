import type { Language } from '@/lib/config';

/*
 * Control labels the banner needs and messages/ does not have yet (the slider's pause and play,
 * the video's pause). They belong in messages/{lang}.json under "banner"; they live here until
 * that file can take them, complete in every supported language so no visitor sees a key.
 */

export type BannerOwnLabels = {
  slideshow: string;
  /** "{index}" and "{total}" are replaced by the slide's number and the number of slides. */
  slide: string;
  pause: string;
  play: string;
  pauseVideo: string;
};

const labels: Record<Language, BannerOwnLabels> = {
  nl: { slideshow: 'Diavoorstelling', slide: '{index} van {total}', pause: 'Diavoorstelling pauzeren', play: 'Diavoorstelling afspelen', pauseVideo: 'Video pauzeren' },
  fr: { slideshow: 'Diaporama', slide: '{index} sur {total}', pause: 'Mettre le diaporama en pause', play: 'Lancer le diaporama', pauseVideo: 'Mettre la vidéo en pause' },
  en: { slideshow: 'Slideshow', slide: '{index} of {total}', pause: 'Pause the slideshow', play: 'Play the slideshow', pauseVideo: 'Pause the video' },
  de: { slideshow: 'Diashow', slide: '{index} von {total}', pause: 'Diashow anhalten', play: 'Diashow abspielen', pauseVideo: 'Video anhalten' },
};

export function bannerOwnLabels(language: Language): BannerOwnLabels {
  return labels[language];
}
