import type { Metadata } from 'next';
import { HomePage } from '@/components/content/home-page';
import { requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/seo';

type Props = { params: Promise<{ lang: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return routeMetadata(requireLanguage((await params).lang), { page: 'home' });
}

export default async function Home({ params }: Props) {
  return <HomePage language={requireLanguage((await params).lang)} />;
}
