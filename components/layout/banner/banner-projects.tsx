import { getTranslations } from 'next-intl/server';
import { getProjects, type ProjectWithUnits } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { href } from '@/lib/i18n';
import { pictureSrc } from '@/lib/media/picture-src';
import { ListingSlide, type ListingSlideContent } from './banner-listing-slide';
import { preloadBannerPicture } from './banner-preload';
import { BannerSlider, type BannerSliderLabels } from './banner-slider';
import { listingPicture } from './banner-sources';

export function bannerProjects(language: Language): ProjectWithUnits[] {
  return getProjects(language);
}

/** The projects banner: one banner per new-build project, linking the project's page. */
export async function BannerProjects({ projects, language, labels }: { projects: ProjectWithUnits[]; language: Language; labels: BannerSliderLabels }) {
  const t = await getTranslations({ locale: language, namespace: 'projects' });
  const slides: ListingSlideContent[] = projects.map((project) => ({
    href: href({ page: 'project', id: project.ID }, language),
    picture: project.XLargePictureItem ? listingPicture(project.XLargePictureItem, pictureSrc(project.XLargePictureItem.Url)) : undefined,
    title: project.Name,
    town: `${project.Zip} ${project.City}`,
    detail: t('unitCount', { count: project.Units.length }),
  }));
  const first = slides[0]?.picture;
  if (first) preloadBannerPicture(first);
  // One listing does not make a slider: no controls, no autoplay.
  if (slides.length === 1 && slides[0]) return <ListingSlide slide={slides[0]} eager />;
  return <BannerSlider slides={slides.map((slide, index) => <ListingSlide key={slide.href} slide={slide} eager={index === 0} />)} labels={labels} />;
}
