import { getTranslations } from 'next-intl/server';
import { SiteLink } from '@/components/ui/site-link';
import { getSite, type Language } from '@/lib/config';
import { alertAccountEndpoint, alertConfirmEndpoint, alertCrmUnsubscribeEndpoint, alertUnsubscribeEndpoint } from '@/lib/alerts/endpoints';
import type { CrmLinkState } from '@/lib/alerts/crm-link';
import type { AlertLinkState } from '@/lib/db';
import type { AlertLinkSubject, UnsubscribeState } from '@/lib/alerts/link-routes';
import { alertConfirmationTtlDays } from '@/lib/alerts/token';
import type { AlertLinkAction } from '@/lib/pages/alert-link/kind';
import { href } from '@/lib/pages';
import styles from '@/components/newsletter/newsletter.module.css';

/** `account`: a confirmed link whose address has no account is offered one ('offer'), or was just sent its link ('sent'). */
type Props = {
  action: AlertLinkAction | undefined;
  state: AlertLinkState | UnsubscribeState;
  subject: AlertLinkSubject | undefined;
  token: string | undefined;
  language: Language;
  account?: 'offer' | 'sent';
};

/** What the link confirms or ends: the search in words, or the followed listing and a link to it. */
async function Subject({ subject, language }: { subject: AlertLinkSubject | undefined; language: Language }) {
  if (!subject) return null;
  const t = await getTranslations({ locale: language, namespace: 'alerts' });
  if (subject.kind === 'search') {
    return (
      <section className={styles.subject} aria-labelledby="alert-link-subject" data-alert-subject="search">
        <h2 id="alert-link-subject">{t('yourSearch')}</h2>
        <dl>
          {subject.lines.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    );
  }
  const searcher = await getTranslations({ locale: language, namespace: 'searcher' });
  return (
    <section className={styles.subject} aria-labelledby="alert-link-subject" data-alert-subject="follow">
      <h2 id="alert-link-subject">{t('page.followSubject')}</h2>
      <p>{subject.listing ? <SiteLink href={subject.listing.path}>{subject.listing.title}</SiteLink> : searcher('removedListing')}</p>
    </section>
  );
}

/**
 * The page of an alert mail's links. Opening it changes nothing: the button posts the token (a
 * plain form, so it works without JavaScript), and the answer comes back to this page.
 */
export async function AlertLinkPage({ action, state, subject, token, language, account }: Props) {
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
        <Subject subject={subject} language={language} />
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
        <Subject subject={subject} language={language} />
        {button(alertConfirmEndpoint, t('confirmButton'), 'alert-confirm')}
      </div>
    );
  }
  if (action !== 'unsubscribe' && state === 'confirmed') {
    return (
      <div className={styles.narrow}>
        <h1>{t('confirmedTitle')}</h1>
        <Subject subject={subject} language={language} />
        <p>{t('confirmedText', { agency })}</p>
        {account === 'sent' ? (
          <p role="status" data-alert-account="sent">
            {t('accountSent')}
          </p>
        ) : account === 'offer' && token ? (
          <>
            <p>{t('accountOffer')}</p>
            {button(alertAccountEndpoint, t('accountButton'), 'alert-account')}
          </>
        ) : null}
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

/**
 * The page of the unsubscribe link of the CRM's own alert mail: the button posts the link's ids
 * (a plain form, without JavaScript too); ids that name nothing, or a CRM that does not answer,
 * get a page that says so, and nothing changes.
 */
export async function CrmLinkPage({ state, person, demand, language }: { state: CrmLinkState; person: string | undefined; demand: string | undefined; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'alerts.page' });
  const home = <SiteLink href={href({ page: 'home' }, language)}>{t('backHome')}</SiteLink>;
  if (state === 'subscribed' && person && demand) {
    return (
      <div className={styles.narrow}>
        <h1>{t('unsubscribeTitle')}</h1>
        <p>{t('unsubscribeText')}</p>
        <form method="post" action={alertCrmUnsubscribeEndpoint} className={styles.form} data-form="alert-crm-unsubscribe">
          <input type="hidden" name="person" value={person} />
          <input type="hidden" name="demand" value={demand} />
          <input type="hidden" name="lang" value={language} />
          <button type="submit" className={styles.button}>
            {t('unsubscribeButton')}
          </button>
        </form>
      </div>
    );
  }
  const [title, text] =
    state === 'unsubscribed'
      ? (['unsubscribedTitle', 'unsubscribedText'] as const)
      : state === 'unavailable'
        ? (['crmUnavailableTitle', 'crmUnavailableText'] as const)
        : (['crmInvalidTitle', 'crmInvalidText'] as const);
  return (
    <div className={styles.narrow}>
      <h1>{t(title)}</h1>
      <p>{t(text)}</p>
      {home}
    </div>
  );
}
