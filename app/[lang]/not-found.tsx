import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import { href } from '@/lib/i18n';

/** 'Oops, this page no longer exists' with a way back to the listings and home. */
export default async function NotFound() {
  const language = (await getLocale()) as Language;
  const t = await getTranslations('notFound');
  const nav = await getTranslations('nav');
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
