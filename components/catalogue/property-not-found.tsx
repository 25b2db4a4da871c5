'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { Language } from '@/lib/config/schemas';
import { languageHome, systemHref } from '@/lib/i18n/system-urls';

/*
 * 404 content for an unknown listing id: the spec's 'Property Not Found', the lists and home.
 * A client component because a not-found boundary gets no params: reading the locale on the
 * server there would turn every prerendered detail page into a dynamic one.
 */
export function PropertyNotFound() {
  const language = useLocale() as Language;
  const t = useTranslations('property');
  const nav = useTranslations('nav');
  return (
    <>
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
      <ul>
        <li>
          <Link href={systemHref('for-sale', language)}>{nav('forSale')}</Link>
        </li>
        <li>
          <Link href={systemHref('for-rent', language)}>{nav('forRent')}</Link>
        </li>
        <li>
          <Link href={languageHome(language)}>{nav('backHome')}</Link>
        </li>
      </ul>
    </>
  );
}
