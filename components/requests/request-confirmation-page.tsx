import { getTranslations } from 'next-intl/server';
import { SiteLink } from '@/components/ui/site-link';
import { getSite, type Language } from '@/lib/config';
import { requestConfirmEndpoint, type RequestLinkView } from '@/lib/forms/request-confirm-route';
import { requestLinkTtlDays } from '@/lib/forms/request-link';
import { href } from '@/lib/pages';
import styles from '@/components/newsletter/newsletter.module.css';

/**
 * The page of the link that confirms a request sent without JavaScript. Opening it changes
 * nothing: the button posts the token (a plain form), and the answer comes back to this page. It
 * names the form, what it is about and when it came, never what was typed.
 */
export async function RequestConfirmationPage({ view, token, language }: { view: RequestLinkView; token: string | undefined; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'requestConfirm' });
  const agency = getSite().siteInfo.name;
  const { subject } = view;
  const about = subject ? (
    <p data-request-subject>
      {t('subject', { form: subject.form, date: subject.date, time: subject.time })}
      {subject.about ? (
        <>
          {' '}
          <SiteLink href={subject.about.path}>{subject.about.title}</SiteLink>
        </>
      ) : null}
    </p>
  ) : null;
  if (view.state === 'pending' && token) {
    return (
      <div className={styles.narrow}>
        <h1>{t('pendingTitle')}</h1>
        <p>{t('pendingText', { agency })}</p>
        {about}
        <form method="post" action={requestConfirmEndpoint} className={styles.form} data-form="request-confirm">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="lang" value={language} />
          <button type="submit" className={styles.button}>
            {t('confirmButton')}
          </button>
        </form>
      </div>
    );
  }
  if (view.state === 'confirmed') {
    return (
      <div className={styles.narrow}>
        <h1>{t('confirmedTitle')}</h1>
        <p>{t('confirmedText', { agency })}</p>
        {about}
        {view.slotGone ? (
          <div data-slot-gone>
            <p>{t('slotGone')}</p>
            {view.slotGone.free.length > 0 ? (
              <>
                <p>{t('slotsFree')}</p>
                <ul>
                  {view.slotGone.free.map((slot) => (
                    <li key={slot}>{slot}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{t('slotsNone')}</p>
            )}
            <SiteLink href={view.slotGone.path}>{t('slotsChoose')}</SiteLink>
          </div>
        ) : null}
        <p>
          <SiteLink href={href({ page: 'home' }, language)}>{t('backHome')}</SiteLink>
        </p>
      </div>
    );
  }
  return (
    <div className={styles.narrow}>
      <h1>{t('invalidTitle')}</h1>
      <p>{t('invalidText', { days: requestLinkTtlDays })}</p>
      <SiteLink href={href({ page: 'home' }, language)}>{t('backHome')}</SiteLink>
    </div>
  );
}
