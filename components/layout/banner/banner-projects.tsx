import { getProjects, type ProjectWithUnits } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { townLine } from '@/lib/format';
import { href } from '@/lib/pages';
import { pictureSrc } from '@/lib/media/picture-src';
import type { ListingSlideContent } from './banner-listing-slide';
import { ListingSlides } from './banner-properties';
import type { BannerSliderLabels } from './banner-slider';
import { listingPicture } from './banner-sources';

export function bannerProjects(language: Language): ProjectWithUnits[] {
  return getProjects(language);
}

/** The projects banner: one banner per new-build project, linking the project's page. */
export function BannerProjects({ projects, language, unitCount, labels }: { projects: ProjectWithUnits[]; language: Language; unitCount: (count: number) => string; labels: BannerSliderLabels }) {
  const slides: ListingSlideContent[] = projects.map((project) => ({
    href: href({ page: 'project', id: project.ID }, language),
    picture: project.XLargePictureItem ? listingPicture(project.XLargePictureItem, pictureSrc(project.XLargePictureItem.Url)) : undefined,
    title: project.Name,
    town: townLine(project),
    detail: unitCount(project.Units.length),
  }));
  return <ListingSlides slides={slides} labels={labels} />;
}
