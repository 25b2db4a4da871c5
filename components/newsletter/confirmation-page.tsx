import { getTranslations } from 'next-intl/server';
import { SiteLink } from '@/components/ui/site-link';
import { getSite, type Language } from '@/lib/config';
import type { SignupState } from '@/lib/db';
import { href } from '@/lib/pages';
import { newsletterConfirmEndpoint } from '@/lib/newsletter/link-state';
import { confirmationTtlDays } from '@/lib/newsletter/token';
import styles from './newsletter.module.css';

/** The footer's sign-up form, where an expired link sends the visitor (components/layout/site-footer). */
const footerSignupAnchor = '#footer-newsletter';

/**
 * The page of a newsletter confirmation link. Opening it changes nothing: the button posts the
 * token (a plain form, so it works without JavaScript), and the answer comes back to this page.
 * It names the address the link confirms, which only the link's holder typed; an expired or
 * unknown link names nothing.
 */
export async function NewsletterConfirmationPage({ state, email, token, language }: { state: SignupState; email: string | undefined; token: string | undefined; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'newsletter' });
  const agency = getSite().siteInfo.name;
  if (state === 'pending' && token) {
    return (
      <div className={styles.narrow}>
        <h1>{t('pendingTitle')}</h1>
        <p>{t('pendingText', { agency })}</p>
        {email ? <p data-newsletter-address>{t('pendingAddress', { email })}</p> : null}
        <form method="post" action={newsletterConfirmEndpoint} className={styles.form} data-form="newsletter-confirm">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="lang" value={language} />
          <button type="submit" className={styles.button}>
            {t('confirmButton')}
          </button>
        </form>
      </div>
    );
  }
  if (state === 'confirmed') {
    return (
      <div className={styles.narrow}>
        <h1>{t('confirmedTitle')}</h1>
        <p>{t('confirmedText', { agency })}</p>
        {email ? <p data-newsletter-address>{t('confirmedAddress', { email })}</p> : null}
        <SiteLink href={href({ page: 'home' }, language)}>{t('backHome')}</SiteLink>
      </div>
    );
  }
  return (
    <div className={styles.narrow}>
      <h1>{t('invalidTitle')}</h1>
      <p>{t('invalidText', { days: confirmationTtlDays })}</p>
      <p>
        <a href={footerSignupAnchor}>{t('signUpAgain')}</a>
      </p>
    </div>
  );
}
