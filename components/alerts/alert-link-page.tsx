import { getTranslations } from 'next-intl/server';
import { SiteLink } from '@/components/ui/site-link';
import { getSite, type Language } from '@/lib/config';
import { alertConfirmEndpoint, alertUnsubscribeEndpoint } from '@/lib/alerts/endpoints';
import type { AlertLinkState } from '@/lib/db';
import type { UnsubscribeState } from '@/lib/alerts/link-routes';
import { alertConfirmationTtlDays } from '@/lib/alerts/token';
import type { AlertLinkAction } from '@/lib/pages/alert-link';
import { href } from '@/lib/pages';
import styles from '@/components/newsletter/newsletter.module.css';

type Props = { action: AlertLinkAction | undefined; state: AlertLinkState | UnsubscribeState; token: string | undefined; language: Language };

/**
 * The page of an alert mail's links. Opening it changes nothing: the button posts the token (a
 * plain form, so it works without JavaScript), and the answer comes back to this page.
 */
export async function AlertLinkPage({ action, state, token, language }: Props) {
  const t = await getTranslations({ locale: language, namespace: 'alerts.page' });
  const agency = getSite().siteInfo.name;
  const home = <SiteLink href={href({ page: 'home' }, language)}>{t('backHome')}</SiteLink>;
  const button = (endpoint: string, label: string, form: string) => (
    <form method="post" action={endpoint} className={styles.form} data-form={form}>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="lang" value={language} />
      <button type="submit" className={styles.button}>
        {label}
      </button>
    </form>
  );
  if (action === 'unsubscribe' && state === 'subscribed' && token) {
    return (
      <div className={styles.narrow}>
        <h1>{t('unsubscribeTitle')}</h1>
        <p>{t('unsubscribeText')}</p>
        {button(alertUnsubscribeEndpoint, t('unsubscribeButton'), 'alert-unsubscribe')}
      </div>
    );
  }
  if (action === 'unsubscribe' && state === 'unsubscribed') {
    return (
      <div className={styles.narrow}>
        <h1>{t('unsubscribedTitle')}</h1>
        <p>{t('unsubscribedText')}</p>
        {home}
      </div>
    );
  }
  if (action !== 'unsubscribe' && state === 'pending' && token) {
    return (
      <div className={styles.narrow}>
        <h1>{t('confirmTitle')}</h1>
        <p>{t('confirmText', { agency })}</p>
        {button(alertConfirmEndpoint, t('confirmButton'), 'alert-confirm')}
      </div>
    );
  }
  if (action !== 'unsubscribe' && state === 'confirmed') {
    return (
      <div className={styles.narrow}>
        <h1>{t('confirmedTitle')}</h1>
        <p>{t('confirmedText', { agency })}</p>
        {home}
      </div>
    );
  }
  return (
    <div className={styles.narrow}>
      <h1>{t('invalidTitle')}</h1>
      <p>{t('invalidText', { days: alertConfirmationTtlDays })}</p>
      {home}
    </div>
  );
}
