import { SiteLink } from '@/components/ui/site-link';
import type { CSSProperties } from 'react';
import { getTranslations } from 'next-intl/server';
import { CookieSettingsLink } from '@/components/consent/cookie-settings-link';
import { NewsletterSignup } from '@/components/forms/newsletter-signup';
import { getMenuEntry, getSite, localise, type Language } from '@/lib/config';
import { deployedHref } from '@/lib/export/links';
import { href, menuEntryHref } from '@/lib/i18n';
import styles from './site-footer.module.css';

const legalPages = ['privacy-statement', 'cookie-policy', 'disclaimer'] as const;

/** Footer: the agency's address, the legal pages, the owner login and the copyright line. */
export async function SiteFooter({ language }: { language: Language }) {
  const t = await getTranslations('nav');
  const tConsent = await getTranslations('consent');
  const forms = await getTranslations('forms.names');
  const { footer, siteInfo } = getSite();
  // The owner portal is a server page: an exported copy links to the server, or leaves it out.
  const loginHref = deployedHref(href({ page: 'login' }, language));
  return (
    <footer className={styles.footer} style={{ background: footer.bgColor, color: footer.textColor }}>
      <address className={styles.address}>
        <strong>{siteInfo.name}</strong>
        <br />
        {siteInfo.street}, {siteInfo.zip} {localise(siteInfo.city, language)}
        <br />
        <a href={`mailto:${siteInfo.email}`}>{siteInfo.email}</a>
      </address>
      <ul className={styles.links}>
        {legalPages.map((id) => {
          const entry = getMenuEntry(id);
          if (!entry || entry.status === 'Draft') return null;
          return (
            <li key={id}>
              <SiteLink href={menuEntryHref(entry, language)}>{localise(entry.params.title, language)}</SiteLink>
            </li>
          );
        })}
        {loginHref === undefined ? null : (
          <li>
            <a href={loginHref}>{t('login')}</a>
          </li>
        )}
        <li>
          <CookieSettingsLink label={tConsent('settingsLink')} />
        </li>
      </ul>
      <section className={styles.newsletter} aria-labelledby="footer-newsletter">
        <h2 id="footer-newsletter">{forms('sign-newsletter')}</h2>
        <NewsletterSignup language={language} />
      </section>
      <p className={styles.copyright}>{localise(footer.copyright, language)}</p>
    </footer>
  );
}
