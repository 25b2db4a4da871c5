import { SiteLink } from '@/components/ui/site-link';
import { getTranslations } from 'next-intl/server';
import { getAppointmentSlots, getListing, getProject } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { formatDate } from '@/lib/format';
import { requestLinkTtlDays } from '@/lib/forms/request-link';
import { href } from '@/lib/pages';
import type { ThankYouRoute } from '@/lib/pages/thank-you/kind';
import styles from './thank-you-page.module.css';

/** A viewing time as the catalogue has it, on the Brussels clock: "14-03-2027 10:00–10:30". */
function slotLabel(listingId: number, slotId: number): string | undefined {
  const slot = getAppointmentSlots(listingId).find((candidate) => candidate.ID === slotId);
  return slot ? `${formatDate(slot.Start.slice(0, 10))} ${slot.Start.slice(11, 16)}–${slot.End.slice(11, 16)}` : undefined;
}

/**
 * The confirmation shown after a form was sent: what it was about (the listing or project, the
 * viewing time chosen), what happens next, and the way back. `byMail`: sent without JavaScript,
 * or documents asked for an address that never used a link of ours, the request waits for the
 * link mailed to the visitor's address, and the page says so.
 */
export async function ThankYouPage({ route, language }: { route: ThankYouRoute; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'thankYou' });
  const { form, byMail = false } = route;
  const listing = route.listing === undefined ? undefined : getListing(route.listing, language);
  const project = route.project === undefined ? undefined : getProject(route.project, language);
  const slot = listing && route.slot !== undefined ? slotLabel(listing.id, route.slot) : undefined;
  const goal = listing?.goal === 'rent' ? 'for-rent' : 'for-sale';
  // A booked viewing is booked: the page says so rather than promising a confirmation.
  const booked = slot !== undefined && !byMail;
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
        <p>{booked ? t('appointmentBooked') : t(`forms.${form}`)}</p>
      )}
      {listing || project ? (
        <dl className={styles.summary} data-thank-you="summary">
          <div>
            <dt>{listing ? t('aboutListing') : t('aboutProject')}</dt>
            <dd>
              {listing ? (
                <SiteLink href={href({ page: 'property', id: listing.id }, language)}>{`${listing.title} (${t('reference', { id: listing.id })})`}</SiteLink>
              ) : project ? (
                <SiteLink href={href({ page: 'project', id: project.id }, language)}>{project.title}</SiteLink>
              ) : null}
            </dd>
          </div>
          {slot ? (
            <div>
              <dt>{booked ? t('slotBooked') : t('slotChosen')}</dt>
              <dd data-thank-you="slot">{t('slotTime', { slot })}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <h2>{t('nextTitle')}</h2>
      <ul className={styles.next}>
        {listing ? (
          <li>
            <SiteLink href={href({ page: 'property', id: listing.id }, language)}>{t('backToListing')}</SiteLink>
          </li>
        ) : null}
        {project ? (
          <li>
            <SiteLink href={href({ page: 'project', id: project.id }, language)}>{t('backToProject')}</SiteLink>
          </li>
        ) : null}
        <li>
          <SiteLink href={href({ page: goal }, language)}>{goal === 'for-rent' ? t('moreForRent') : t('moreForSale')}</SiteLink>
        </li>
        <li>
          <SiteLink href={href({ page: 'home' }, language)}>{t('backHome')}</SiteLink>
        </li>
      </ul>
    </>
  );
}
