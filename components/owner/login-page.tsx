import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';

/** The owner portal's entry page; the sign-in form arrives with the portal (step 5). */
export async function LoginPage({ language }: { language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'login' });
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
    </>
  );
}
