import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { columnSpans } from '@/components/ui/grid-style';
import { CookieSettingsLink } from '@/components/consent/cookie-settings-link';
import { NewsletterSignup } from '@/components/forms/newsletter-signup';
import { cookieSettingsAnchor } from '@/lib/consent';
import { agencyPostalAddress, getMenuEntry, getSite, localise, type Language } from '@/lib/config';
import { deployedHref } from '@/lib/export/links';
import { formatPhone, phoneHref } from '@/lib/format';
import { href, menuEntryHref } from '@/lib/pages';
import { imageUrl, thumbnailWidth } from '@/lib/media/image-url';
import styles from './site-footer.module.css';

// The accessibility statement is linked from every page's footer (European Accessibility Act).
const legalPages = ['privacy-statement', 'cookie-policy', 'disclaimer', 'accessibility-statement'] as const;

/**
 * Where the cookie settings link leads without JavaScript: the cookie policy's section on the
 * choice, or, with no published policy, the top of the page (with JavaScript it opens the dialog).
 */
function cookieSettingsHref(language: Language): string {
  const policy = getMenuEntry('cookie-policy');
  return policy && policy.status !== 'Draft' ? `${menuEntryHref(policy, language)}#${cookieSettingsAnchor}` : `#${cookieSettingsAnchor}`;
}

/**
 * Footer: the configured columns (footer.bottom: title, intro, text, picture, widths), the agency's
 * contact details, the newsletter, then the legal pages, the owner login, the cookie settings and
 * the legal line (copyright, company, VAT number, the agent's licence).
 */
export async function SiteFooter({ language }: { language: Language }) {
  const t = await getTranslations('nav');
  const tFooter = await getTranslations('footer');
  const tConsent = await getTranslations('consent');
  const forms = await getTranslations('forms.names');
  const { footer, siteInfo, header } = getSite();
  const address = agencyPostalAddress(language);
  // The owner portal is a server page: an exported copy links to the server, or leaves it out.
  const loginHref = deployedHref(href({ page: 'login' }, language));
  // The licence line sits in the desktop top bar only; the footer shows it on every screen.
  const legalLine = [localise(footer.copyright, language), siteInfo.legalName, tFooter('vat', { number: siteInfo.vatNumber }), header.appBar.show ? localise(header.appBar.text, language) : '']
    .map((part) => part.trim())
    .filter(Boolean);
  return (
    <footer className={styles.footer} style={{ background: footer.bgColor, color: footer.textColor }}>
      <div className={styles.columns}>
        {footer.bottom.map((column, index) => {
          const title = localise(column.title, language);
          const intro = localise(column.introText, language);
          const text = localise(column.fullText, language);
          if (!title && !intro && !text && !column.image) return null;
          return (
            <section key={`${index}-${title}`} className={styles.column} style={columnSpans(column.col)}>
              {title ? <h2>{title}</h2> : null}
              {intro ? <p>{intro}</p> : null}
              {text ? <p>{text}</p> : null}
              {column.image ? <img src={imageUrl(column.image, { width: thumbnailWidth })} alt="" loading="lazy" /> : null}
            </section>
          );
        })}
        <section className={styles.column} style={columnSpans({ sm: 12, md: 6, lg: 4 })} aria-labelledby="footer-contact">
          <h2 id="footer-contact">{tFooter('contact')}</h2>
          <address className={styles.address}>
            {siteInfo.name}
            <br />
            {address.street}
            <br />
            {address.zip} {address.city}
            <br />
            <a href={phoneHref(siteInfo.phone)}>{formatPhone(siteInfo.phone)}</a>
            <br />
            <a href={`mailto:${siteInfo.email}`}>{siteInfo.email}</a>
          </address>
        </section>
      </div>
      <section className={styles.newsletter} aria-labelledby="footer-newsletter">
        <h2 id="footer-newsletter">{forms('sign-newsletter')}</h2>
        <NewsletterSignup language={language} />
      </section>
      <div className={styles.bottom}>
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
            <CookieSettingsLink label={tConsent('settingsLink')} href={cookieSettingsHref(language)} />
          </li>
        </ul>
        <p className={styles.legal}>
          {legalLine.map((part, index) => (
            <span key={part}>
              {index > 0 ? <span aria-hidden="true"> · </span> : null}
              {part}
            </span>
          ))}
        </p>
      </div>
    </footer>
  );
}
