import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { getAppointmentSlots, type Listing } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import type { FormName } from '@/lib/form-kinds/table';
import { slotAvailability } from '@/lib/forms/slots';
import { formCommon } from './form-common';
import { FormIntl } from './form-intl';
import { RequestDisclosure as Request } from './request-disclosure';
import { LazyForm } from './lazy-form';
import styles from './forms.module.css';

/** The requests a visitor can make on an available listing, each in its own disclosure. */
export async function ListingRequests({ property, language }: { property: Listing; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'forms.names' });
  const common = formCommon(language);
  const { id } = property;
  // The times known at build; the form asks the server for the places left once it runs.
  const slots = slotAvailability(getAppointmentSlots(id), new Map());
  // The anchors are the ones the detail page's request links point at.
  const requests: { anchor: string; form: FormName; body: ReactNode }[] = [
    { anchor: 'request-visit', form: 'contact-appointment', body: <LazyForm component="VisitForm" props={{ common, propertyId: id, slots }} /> },
    { anchor: 'request-information', form: 'contact-me', body: <LazyForm component="InformationForm" props={{ common, propertyId: id }} /> },
    { anchor: 'request-documents', form: 'request-documents', body: <LazyForm component="DocumentsForm" props={{ common, propertyId: id }} /> },
    { anchor: 'send-to-friend', form: 'send-to-friend', body: <LazyForm component="FriendForm" props={{ common, propertyId: id }} /> },
    { anchor: 'follow-listing', form: 'follow-listing', body: <LazyForm component="FollowForm" props={{ common, propertyId: id }} /> },
    property.goal === 'sale'
      ? { anchor: 'make-offer', form: 'purchase-offer', body: <LazyForm component="OfferForm" props={{ common, propertyId: id }} /> }
      : { anchor: 'apply-to-rent', form: 'rental-application', body: <LazyForm component="RentalForm" props={{ common, propertyId: id }} /> },
  ];
  return (
    <FormIntl language={language} forms={requests.map((request) => request.form)}>
      <div className={styles.requests}>
        {requests.map(({ anchor, form, body }) => (
          <Request key={anchor} id={anchor} form={form} about={id} title={t(form)}>
            {body}
          </Request>
        ))}
      </div>
    </FormIntl>
  );
}
