import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ProjectDetail } from '@/components/catalogue/projects-page';
import { getProject, getProjectIds } from '@/lib/catalogue';
import { requireLanguage } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ lang: string; id: string }> };

export function generateStaticParams() {
  return getProjectIds().map((id) => ({ id: String(id) }));
}

function findProject(lang: string, id: string) {
  const language = requireLanguage(lang);
  const project = /^\d+$/.test(id) ? getProject(Number(id), language) : undefined;
  return { language, project };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, id } = await params;
  const { language, project } = findProject(lang, id);
  return project ? pageMetadata(language, { page: 'project', id: project.ID }, project.Name) : {};
}

export default async function Project({ params }: Props) {
  const { lang, id } = await params;
  const { language, project } = findProject(lang, id);
  if (!project) notFound();
  return <ProjectDetail project={project} language={language} />;
}
