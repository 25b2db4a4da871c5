import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { ConsentManager } from '@/components/consent/consent-manager';
import { consentTexts } from '@/components/consent/consent-texts';
import { SiteFooter } from '@/components/layout/site-footer';
import { BackToTop } from '@/components/layout/back-to-top';
import { getMenuEntry, getSite } from '@/lib/config';
import { consentGateScript } from '@/lib/consent';
import { languageParams, requireLanguage } from '@/lib/i18n';
import { menuEntryHref } from '@/lib/pages';
import { siteOriginForSeo } from '@/lib/seo/origin';
import './globals.css';

type Props = { children: ReactNode; params: Promise<{ lang: string }> };

// No dynamicParams = false here: Next.js applies a layout's to every page under it, and a listing
// outside the build's share renders on demand ([...path]/page.tsx). Each page says its own.
export function generateStaticParams() {
  return languageParams();
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang } = await params;
  const language = requireLanguage(lang);
  const site = getSite();
  return {
    // SITE_URL first, as for canonical links and the sitemap: social cards need the same origin.
    metadataBase: new URL(siteOriginForSeo()),
    title: { template: `%s | ${site.siteInfo.name}`, default: site.siteInfo.name },
    applicationName: site.siteInfo.name,
    openGraph: { siteName: site.siteInfo.name, locale: language },
  };
}

export default async function LanguageLayout({ children, params }: Props) {
  const { lang } = await params;
  const language = requireLanguage(lang);
  const t = await getTranslations('meta');
  const { theme, siteInfo } = getSite();
  const cookiePolicy = getMenuEntry('cookie-policy');
  const tagIds = { analyticsId: siteInfo.analyticsId, adsId: siteInfo.adsId, tagManagerId: siteInfo.tagManagerId, socialPixelId: siteInfo.socialPixelId };
  const themeVariables = {
    '--colour-primary': theme.primary,
    '--colour-secondary': theme.secondary,
    '--colour-text': theme.text,
    '--colour-background': theme.background,
    '--colour-muted': theme.muted,
  } as React.CSSProperties;
  return (
    // The consent gate script marks <html> before hydration (data-consent).
    <html lang={language} style={themeVariables} suppressHydrationWarning>
      <body>
        {/* The dialog comes first in the document: the browser paints what it has parsed, and a dialog
            after the page's content painted a frame later, once the page's scripts had run (it was
            the largest paint of a first visit, at 3 s where the page showed at 1 s). A modal is read
            first anyway, and the skip link stays the first stop when it is closed. */}
        <ConsentManager ids={tagIds} policyHref={cookiePolicy && cookiePolicy.status !== 'Draft' ? menuEntryHref(cookiePolicy, language) : undefined} texts={consentTexts(language, tagIds)} />
        {/* Right after the dialog and before the rest of the page: decides whether the server's dialog
            shows. Not before it: a phone that painted while the dialog was half parsed showed it
            growing upwards from the bottom of the screen as its buttons came, a layout shift
            (tests/e2e/consent-parse.spec.ts); so it shows only once it is whole. */}
        <script dangerouslySetInnerHTML={{ __html: consentGateScript() }} />
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        {/* Each page renders its own header (components/layout/page-frame.tsx): the language
            switcher needs the page's translations, which only the page knows. */}
        {children}
        <SiteFooter language={language} />
        <BackToTop label={t('backToTop')} />
      </body>
    </html>
  );
}
