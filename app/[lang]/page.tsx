import type { Metadata } from 'next';
import { HomePage } from '@/components/content/home-page';
import { PageFrame } from '@/components/layout/page-frame';
import { languageParams, requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/pages/metadata';

type Props = { params: Promise<{ lang: string }> };

// Only the enabled languages' home pages exist: an unknown one is never rendered on demand and cached on disk.
export const dynamicParams = false;

export const generateStaticParams = languageParams;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return routeMetadata(requireLanguage((await params).lang), { page: 'home' });
}

export default async function Home({ params }: Props) {
  const language = requireLanguage((await params).lang);
  return (
    <PageFrame language={language} route={{ page: 'home' }}>
      <HomePage language={language} />
    </PageFrame>
  );
}
