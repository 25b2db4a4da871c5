import { getProject, getProjects } from '../../catalogue';
import { cleanDescription } from '../../format';
import { systemSlugs } from '../../config/system-slugs';
import { socialImage } from '../../seo/social-image';
import { idSegment, join, type PageKind } from '../kind';
import { projectJsonLd } from './json-ld';

export type ProjectsRoute = { page: 'projects' };
export type ProjectRoute = { page: 'project'; id: number };

/** The list of new-build projects. */
export const projectsPage: PageKind<ProjectsRoute> = {
  firstSegment: { says: 'list of projects', slug: (language) => systemSlugs.projects[language] },
  budget: 'projects',
  view: () => import('./view').then((module) => module.ProjectsView),
  path: (_route, language) => join(language, [systemSlugs.projects[language]]),
  match: (segments, _params, language) => (segments.length === 1 && segments[0] === systemSlugs.projects[language] ? { page: 'projects' } : undefined),
  routes: () => [{ page: 'projects' }],
  crumbs: (route, _language, t) => [{ name: t('nav.projects'), route }],
  metadata: (_route, _language, t) => ({ title: t('projects.title'), description: t('projects.description') }),
};

/** A project's page, under the projects list. */
export const projectPage: PageKind<ProjectRoute> = {
  budget: 'project',
  view: () => import('./view').then((module) => module.ProjectView),
  path: (route, language) => join(language, [systemSlugs.projects[language], String(route.id)]),
  match: (segments, _params, language) => {
    const id = idSegment(segments[1]);
    return segments.length === 2 && segments[0] === systemSlugs.projects[language] && id !== undefined ? { page: 'project', id } : undefined;
  },
  routes: (language) => getProjects(language).map((project) => ({ page: 'project', id: project.id })),
  missing: (route, language) => (getProject(route.id, language) ? undefined : 'page'),
  inLanguage: (route, target) => (getProject(route.id, target) ? route : { page: 'projects' }),
  crumbs: (route, language, t) => {
    const project = getProject(route.id, language);
    return project
      ? [
          { name: t('nav.projects'), route: { page: 'projects' } },
          { name: project.name, route },
        ]
      : [];
  },
  metadata: (route, language, t) => {
    const project = getProject(route.id, language);
    if (!project) return { title: t('notFound.title') };
    return { title: project.name, description: cleanDescription(project.description, 160), image: socialImage(project.pictures[0]) };
  },
  jsonLd: (route, language, link) => {
    const project = getProject(route.id, language);
    return project ? [projectJsonLd(project, language, link)] : [];
  },
  lastModified: (route, language) => getProject(route.id, language)?.lastChanged.slice(0, 10),
};
