import { getTranslations } from 'next-intl/server';
import { getDefaultLanguage } from '@/lib/config';
import { href } from '@/lib/pages';

// Reached only for paths outside any language (the proxy sends everything else to a language).
export default async function GlobalNotFound() {
  const language = getDefaultLanguage();
  const t = await getTranslations({ locale: language, namespace: 'notFound' });
  return (
    <html lang={language}>
      <body>
        <main>
          <h1>{t('title')}</h1>
          <p>{t('text')}</p>
          <a href={href({ page: 'home' }, language)}>{t('homeLink')}</a>
        </main>
      </body>
    </html>
  );
}
