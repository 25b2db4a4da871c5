import { ProjectDetail, ProjectsPage } from '@/components/catalogue/projects-page';
import { PageNotFound } from '@/components/content/page-not-found';
import { getProject } from '@/lib/catalogue';
import type { View } from '../kind';
import type { ProjectRoute, ProjectsRoute } from './kind';

export const ProjectsView: View<ProjectsRoute> = ({ language }) => <ProjectsPage language={language} />;

export const ProjectView: View<ProjectRoute> = ({ route, language }) => {
  const project = getProject(route.id, language);
  return project ? <ProjectDetail project={project} language={language} /> : <PageNotFound language={language} />;
};
