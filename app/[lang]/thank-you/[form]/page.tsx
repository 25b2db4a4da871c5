import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { href, requireLanguage, thankYouForms, type ThankYouForm } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ lang: string; form: string }> };

const isForm = (value: string): value is ThankYouForm => (thankYouForms as readonly string[]).includes(value);

export function generateStaticParams() {
  return thankYouForms.map((form) => ({ form }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, form } = await params;
  const language = requireLanguage(lang);
  if (!isForm(form)) return {};
  const t = await getTranslations({ locale: language, namespace: 'thankYou' });
  return { ...pageMetadata(language, { page: 'thank-you', form }, t('title'), t(`forms.${form}`)), robots: { index: false } };
}

export default async function ThankYou({ params }: Props) {
  const { lang, form } = await params;
  const language = requireLanguage(lang);
  if (!isForm(form)) notFound();
  const t = await getTranslations('thankYou');
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t(`forms.${form}`)}</p>
      <Link href={href({ page: 'home' }, language)}>{t('backHome')}</Link>
    </>
  );
}
