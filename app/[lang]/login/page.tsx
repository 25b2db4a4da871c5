import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireLanguage } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ lang: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const language = requireLanguage((await params).lang);
  const t = await getTranslations({ locale: language, namespace: 'login' });
  return { ...pageMetadata(language, { page: 'login' }, t('title'), t('intro')), robots: { index: false } };
}

export default async function Login({ params }: Props) {
  requireLanguage((await params).lang);
  const t = await getTranslations('login');
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
    </>
  );
}
