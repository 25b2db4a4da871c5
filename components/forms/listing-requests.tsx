import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { getAppointmentSlots, getPropertyGoal, type Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { slotAvailability } from '@/lib/forms/slots';
import { formCommon } from './form-common';
import { FormIntl } from './form-intl';
import { DocumentsForm, FriendForm, InformationForm, OfferForm, RentalForm, VisitForm } from './request-forms';
import styles from './forms.module.css';

function Request({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  // The anchor sits inside the disclosure: browsers open a closed <details> around the target of a
  // link such as "#request-visit" (the "ancestor details revealing" step of fragment navigation).
  return (
    <details className={styles.request}>
      <summary>{title}</summary>
      <div id={id} className={styles.requestBody}>
        {children}
      </div>
    </details>
  );
}

/** The requests a visitor can make on an available listing, each in its own disclosure. */
export async function ListingRequests({ property, language }: { property: Property; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'forms.names' });
  const common = formCommon(language);
  const goal = getPropertyGoal(property);
  // The times known at build; the form asks the server for the places left once it runs.
  const slots = slotAvailability(getAppointmentSlots(property.ID), new Map());
  return (
    <FormIntl language={language}>
      <div className={styles.requests}>
        <Request id="request-visit" title={t('contact-appointment')}>
          <VisitForm common={common} propertyId={property.ID} slots={slots} />
        </Request>
        <Request id="request-information" title={t('contact-me')}>
          <InformationForm common={common} propertyId={property.ID} />
        </Request>
        <Request id="request-documents" title={t('request-documents')}>
          <DocumentsForm common={common} propertyId={property.ID} />
        </Request>
        <Request id="send-to-friend" title={t('send-to-friend')}>
          <FriendForm common={common} propertyId={property.ID} />
        </Request>
        {goal === 'sale' ? (
          <Request id="make-offer" title={t('purchase-offer')}>
            <OfferForm common={common} propertyId={property.ID} />
          </Request>
        ) : (
          <Request id="apply-to-rent" title={t('rental-application')}>
            <RentalForm common={common} propertyId={property.ID} />
          </Request>
        )}
      </div>
    </FormIntl>
  );
}
