import { getTranslations } from 'next-intl/server';
import { getAppointmentSlots, goalOf, type Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { slotAvailability } from '@/lib/forms/slots';
import { formCommon } from './form-common';
import { FormIntl } from './form-intl';
import { RequestDisclosure as Request } from './request-disclosure';
import { DocumentsForm, FriendForm, InformationForm, OfferForm, RentalForm, VisitForm } from './request-forms';
import styles from './forms.module.css';

/** The requests a visitor can make on an available listing, each in its own disclosure. */
export async function ListingRequests({ property, language }: { property: Property; language: Language }) {
  const t = await getTranslations({ locale: language, namespace: 'forms.names' });
  const common = formCommon(language);
  const goal = goalOf(property);
  // The times known at build; the form asks the server for the places left once it runs.
  const slots = slotAvailability(getAppointmentSlots(property.ID), new Map());
  return (
    <FormIntl language={language}>
      <div className={styles.requests}>
        <Request id="request-visit" form="contact-appointment" about={property.ID} title={t('contact-appointment')}>
          <VisitForm common={common} propertyId={property.ID} slots={slots} />
        </Request>
        <Request id="request-information" form="contact-me" about={property.ID} title={t('contact-me')}>
          <InformationForm common={common} propertyId={property.ID} />
        </Request>
        <Request id="request-documents" form="request-documents" about={property.ID} title={t('request-documents')}>
          <DocumentsForm common={common} propertyId={property.ID} />
        </Request>
        <Request id="send-to-friend" form="send-to-friend" about={property.ID} title={t('send-to-friend')}>
          <FriendForm common={common} propertyId={property.ID} />
        </Request>
        {goal === 'sale' ? (
          <Request id="make-offer" form="purchase-offer" about={property.ID} title={t('purchase-offer')}>
            <OfferForm common={common} propertyId={property.ID} />
          </Request>
        ) : (
          <Request id="apply-to-rent" form="rental-application" about={property.ID} title={t('rental-application')}>
            <RentalForm common={common} propertyId={property.ID} />
          </Request>
        )}
      </div>
    </FormIntl>
  );
}
