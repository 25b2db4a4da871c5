import { getProjects, type ProjectView } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { href } from '@/lib/pages';
import { catalogueSlide, ListingSlides } from './banner-properties';
import type { BannerSliderLabels } from './banner-slider';

export function bannerProjects(language: Language): ProjectView[] {
  return getProjects(language);
}

/** The projects banner: one banner per new-build project, linking the project's page. */
export function BannerProjects({ projects, language, unitCount, labels }: { projects: ProjectView[]; language: Language; unitCount: (count: number) => string; labels: BannerSliderLabels }) {
  const slides = projects.map((project) => catalogueSlide(project, href({ page: 'project', id: project.id }, language), project.name, unitCount(project.units.length)));
  return <ListingSlides slides={slides} labels={labels} />;
}
