import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import { href } from '@/lib/i18n';

/** 404 content for an unknown listing id: the spec's 'Property Not Found', the lists and home. */
export async function PropertyNotFound({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'property' });
  const nav = await getTranslations({ locale: language, namespace: 'nav' });
  return (
    <>
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
      <ul>
        <li>
          <Link href={href({ page: 'for-sale' }, language)}>{nav('forSale')}</Link>
        </li>
        <li>
          <Link href={href({ page: 'for-rent' }, language)}>{nav('forRent')}</Link>
        </li>
        <li>
          <Link href={href({ page: 'home' }, language)}>{nav('backHome')}</Link>
        </li>
      </ul>
    </>
  );
}
