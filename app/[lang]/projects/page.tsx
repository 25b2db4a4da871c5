import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProjectsPage } from '@/components/catalogue/projects-page';
import { requireLanguage } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ lang: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const language = requireLanguage((await params).lang);
  const t = await getTranslations({ locale: language, namespace: 'projects' });
  return pageMetadata(language, { page: 'projects' }, t('title'), t('description'));
}

export default async function Projects({ params }: Props) {
  const language = requireLanguage((await params).lang);
  return <ProjectsPage language={language} />;
}
