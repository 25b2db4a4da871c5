import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import type { Language } from '@/lib/config';
import { requestLinkTtlDays } from '@/lib/forms/request-link';
import { href } from '@/lib/pages';
import type { FormName } from '@/lib/form-kinds/table';

/**
 * The confirmation shown after a form was sent. `byMail`: sent without JavaScript, or documents
 * asked for an address that never used a link of ours, the request waits for the link mailed to
 * the visitor's address, and the page says so.
 */
export async function ThankYouPage({ form, byMail, language }: { form: FormName; byMail: boolean; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'thankYou' });
  return (
    <>
      <h1>{byMail ? t('byMailTitle') : t('title')}</h1>
      {byMail ? (
        <>
          <p data-thank-you="by-mail">{t('byMail', { days: requestLinkTtlDays })}</p>
          <p>{t('byMailLater')}</p>
          {/* Documents wait for a mailbox's first link even with JavaScript (lib/forms/handle-request). */}
          <p>{form === 'request-documents' ? t('byMailDocuments') : t('byMailNoScript')}</p>
        </>
      ) : (
        <p>{t(`forms.${form}`)}</p>
      )}
      <SiteLink href={href({ page: 'home' }, language)}>{t('backHome')}</SiteLink>
    </>
  );
}
