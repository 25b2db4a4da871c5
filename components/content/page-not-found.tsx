import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import { href } from '@/lib/i18n';

/** 'Oops, this page no longer exists' with ways back to the listings and home. */
export async function PageNotFound({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'notFound' });
  const nav = await getTranslations({ locale: language, namespace: 'nav' });
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('text')}</p>
      <h2>{t('searchTitle')}</h2>
      <ul>
        <li>
          <Link href={href({ page: 'for-sale' }, language)}>{nav('forSale')}</Link>
        </li>
        <li>
          <Link href={href({ page: 'for-rent' }, language)}>{nav('forRent')}</Link>
        </li>
      </ul>
      <p>
        <Link href={href({ page: 'home' }, language)}>{t('homeLink')}</Link>
      </p>
    </>
  );
}

export async function notFoundTitle(language: Language): Promise<string> {
  const t = await getTranslations({ locale: language, namespace: 'notFound' });
  return t('title');
}
