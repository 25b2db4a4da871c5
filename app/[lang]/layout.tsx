import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { getSite } from '@/lib/config';
import { languageParams, requireLanguage } from '@/lib/i18n';
import './globals.css';

type Props = { children: ReactNode; params: Promise<{ lang: string }> };

export function generateStaticParams() {
  return languageParams();
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang } = await params;
  const language = requireLanguage(lang);
  const site = getSite();
  return {
    metadataBase: new URL(site.siteInfo.siteUrl),
    title: { template: `%s | ${site.siteInfo.name}`, default: site.siteInfo.name },
    applicationName: site.siteInfo.name,
    openGraph: { siteName: site.siteInfo.name, locale: language },
  };
}

export default async function LanguageLayout({ children, params }: Props) {
  const { lang } = await params;
  const language = requireLanguage(lang);
  const t = await getTranslations('meta');
  const { theme } = getSite();
  const themeVariables = {
    '--colour-primary': theme.primary,
    '--colour-secondary': theme.secondary,
    '--colour-text': theme.text,
    '--colour-background': theme.background,
    '--colour-muted': theme.muted,
  } as React.CSSProperties;
  return (
    <html lang={language} style={themeVariables}>
      <body>
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <SiteHeader language={language} />
        <main id="main">{children}</main>
        <SiteFooter language={language} />
      </body>
    </html>
  );
}
