'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { serverUrl } from '@/lib/config/deployment';
import { alertFrequencies, goals, titles } from '@/lib/forms/fields';
import type { SlotAvailability } from '@/lib/forms/slots';
import { ContactFields, IdentityFields } from './common-fields';
import { Checkbox, ChoiceGroup, FileField, Fieldset, TextField, type Choice } from './fields';
import { useFormDraft } from './form-draft';
import { RequestForm, type AgencyContact } from './request-form';
import styles from './forms.module.css';

import { WithFormTexts } from './form-texts';

// The forms format their texts with next-intl, whose provider and texts come with them (formByName puts it over each).
export { loadFormTexts, WithFormTexts } from './form-texts';

/*
 * The site's forms, each with the fields of spec §3. They share the shell (RequestForm: the intro,
 * then these fields, then privacy and captcha) and the field blocks; what differs is what a visitor is asked.
 */

/** What a CV may be: PDF or Word (the server checks the content, lib/forms/uploads). */
const documentTypes = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type FormCommon = { language: string; privacyHref: string; disabledMessage?: string; agency?: AgencyContact };

function formatSlot(slot: SlotAvailability, t: ReturnType<typeof useTranslations<'forms'>>): string {
  const [year, month, day] = slot.start.slice(0, 10).split('-');
  return t('ui.slotTime', { date: `${day}-${month}-${year}`, start: slot.start.slice(11, 16), end: slot.end.slice(11, 16) });
}

/** Visit: the listing's real viewing times (refreshed from the server), or a free request without them. */
export function VisitForm({ common, propertyId, slots: initialSlots }: { common: FormCommon; propertyId: number; slots: SlotAvailability[] }) {
  const t = useTranslations('forms');
  // Back from a refused post without JavaScript, the page knows the places left now.
  const draft = useFormDraft('contact-appointment', propertyId);
  const [slots, setSlots] = useState(draft?.slots ?? initialSlots);
  // Asked again after every refusal: "full" must not sit next to "1 place left".
  const [refresh, setRefresh] = useState(0);
  useEffect(() => {
    const url = serverUrl(`/api/slots/${propertyId}/`);
    if (common.disabledMessage || url === undefined) return;
    let cancelled = false;
    fetch(url)
      .then((response) => (response.ok ? (response.json() as Promise<{ slots: SlotAvailability[] }>) : undefined))
      .then((body) => {
        if (body && !cancelled) setSlots(body.slots);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [propertyId, common.disabledMessage, refresh]);
  const choices: Choice[] = slots.map((slot) => ({
    value: String(slot.id),
    label: `${formatSlot(slot, t)} (${slot.remaining > 0 ? t('ui.placesLeft', { count: slot.remaining }) : t('ui.full')})`,
    disabled: slot.remaining === 0,
  }));
  return (
    <RequestForm form="contact-appointment" {...common} hidden={{ propertyId }} idPrefix="visit" onRefused={() => setRefresh((count) => count + 1)}>
      {choices.length > 0 ? (
        <div className={styles.grid}>
          <ChoiceGroup name="slotId" wide choices={[...choices, { value: '', label: t('options.noSlot') }]} />
        </div>
      ) : (
        <p className={styles.intro}>{t('ui.noSlots')}</p>
      )}
      <ContactFields />
    </RequestForm>
  );
}

export function InformationForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  return (
    <RequestForm form="contact-me" {...common} hidden={{ propertyId }} idPrefix="info">
      <ContactFields />
    </RequestForm>
  );
}

export function DocumentsForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="request-documents" {...common} hidden={{ propertyId }} idPrefix="documents" intro={`${t('intro.request-documents')} ${t('ui.documentsByMail')}`}>
      <Fieldset legend={t('legends.contact')}>
        <IdentityFields />
        <Checkbox name="newsletter" label={t('fields.newsletter')} />
      </Fieldset>
    </RequestForm>
  );
}

export function FriendForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="send-to-friend" {...common} hidden={{ propertyId }} idPrefix="friend">
      <div className={styles.grid}>
        <TextField name="firstName" required autoComplete="given-name" />
        <TextField name="lastName" required autoComplete="family-name" />
        <TextField name="email" type="email" required autoComplete="email" />
        <TextField name="friendEmail" type="email" required />
        <TextField name="remark" multiline help={t('ui.friendNoteHelp')} />
      </div>
    </RequestForm>
  );
}

export function ConstructionForm({ common, projectId }: { common: FormCommon; projectId: number }) {
  return (
    <RequestForm form="contact-construction" {...common} hidden={{ projectId }} idPrefix="construction">
      <ContactFields />
    </RequestForm>
  );
}

export function ValuationForm({ common, types }: { common: FormCommon; types: Choice[] }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="contact-demand" {...common}>
      <Fieldset legend={t('legends.valuationAddress')}>
        <ChoiceGroup name="propertyType" required wide choices={types} />
        <TextField name="street" required autoComplete="address-line1" />
        <TextField name="houseNumber" required />
        <TextField name="zip" required inputMode="numeric" autoComplete="postal-code" />
        <TextField name="city" required autoComplete="address-level2" />
      </Fieldset>
      <ContactFields address="none" />
    </RequestForm>
  );
}

export function SearchAlertForm({ common, types, towns }: { common: FormCommon; types: Choice[]; towns: Choice[] }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="demand-register" {...common}>
      <Fieldset legend={t('legends.search')}>
        <ChoiceGroup name="goal" required wide choices={goals.map((value) => ({ value, label: t(`options.goal.${value}`) }))} />
        <ChoiceGroup name="types" multiple required wide choices={types} />
        <ChoiceGroup name="zones" multiple wide choices={towns} />
        <TextField name="postcodes" inputMode="numeric" wide />
        <TextField name="priceMin" inputMode="numeric" />
        <TextField name="priceMax" inputMode="numeric" />
        <TextField name="budget" inputMode="numeric" />
        <TextField name="minRooms" inputMode="numeric" />
        <TextField name="minBathrooms" inputMode="numeric" />
        <TextField name="minParkings" inputMode="numeric" />
        <ChoiceGroup name="frequency" wide choices={alertFrequencies.map((value) => ({ value, label: t(`options.frequency.${value}`) }))} />
      </Fieldset>
      <ContactFields />
    </RequestForm>
  );
}

/** Follow a listing: an e-mail address, confirmed by the link mailed to it (lib/alerts). */
export function FollowForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  return (
    <RequestForm form="follow-listing" {...common} hidden={{ propertyId }} idPrefix="follow">
      <div className={styles.grid}>
        <TextField name="email" type="email" required autoComplete="email" wide />
      </div>
    </RequestForm>
  );
}

export function SiteContactForm({ common }: { common: FormCommon }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="site-contact" {...common}>
      <ContactFields cityRequired />
      <div className={styles.grid}>
        <FileField name="cv" accept={documentTypes} help={t('ui.cvHelp')} />
      </div>
    </RequestForm>
  );
}

export function NewsletterForm({ common, idPrefix = 'newsletter' }: { common: FormCommon; idPrefix?: string }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="sign-newsletter" {...common} idPrefix={idPrefix} submitLabel={t('ui.submit')}>
      <div className={styles.grid}>
        <TextField name="email" type="email" required autoComplete="email" wide />
      </div>
    </RequestForm>
  );
}

export function TestimonialForm({ common }: { common: FormCommon }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="testimonial" {...common}>
      <div className={styles.grid}>
        <TextField name="name" required autoComplete="name" />
        <TextField name="email" type="email" required autoComplete="email" />
        <TextField name="about" />
        <TextField name="website" type="url" inputMode="url" />
        <TextField name="comment" required multiline />
        <FileField name="image" accept="image/jpeg,image/png,image/webp" help={t('ui.imageHelp')} />
      </div>
    </RequestForm>
  );
}

export function JobForm({ common }: { common: FormCommon }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="job-application" {...common}>
      <ContactFields />
      <div className={styles.grid}>
        <FileField name="cv" required accept={documentTypes} help={t('ui.cvHelp')} />
      </div>
    </RequestForm>
  );
}

export function OfferForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="purchase-offer" {...common} hidden={{ propertyId }} idPrefix="offer">
      <p className={styles.notice}>{t('ui.offerAdvance')}</p>
      <Fieldset legend={t('legends.personA')}>
        <IdentityFields />
        <TextField name="street" autoComplete="address-line1" />
        <TextField name="houseNumber" />
        <TextField name="city" autoComplete="address-level2" />
      </Fieldset>
      <Fieldset legend={t('legends.personB')}>
        <p className={`${styles.help} ${styles.wide}`}>{t('ui.personBHelp')}</p>
        <ChoiceGroup name="personBTitle" wide choices={titles.map((value) => ({ value, label: t(`options.title.${value}`) }))} />
        <TextField name="personBFirstName" autoComplete="off" />
        <TextField name="personBLastName" autoComplete="off" />
        <TextField name="personBEmail" type="email" autoComplete="off" />
        <TextField name="personBPhone" type="tel" autoComplete="off" />
        <TextField name="personBStreet" autoComplete="off" />
        <TextField name="personBHouseNumber" autoComplete="off" />
        <TextField name="personBCity" autoComplete="off" />
      </Fieldset>
      <Fieldset legend={t('legends.offer')}>
        <TextField name="amount" required inputMode="numeric" />
        <TextField name="amountInWords" required />
        <TextField name="startDate" type="date" required />
        <TextField name="endDate" type="date" required />
        <TextField name="place" required />
        <TextField name="signDate" type="date" required />
        <TextField name="conditions" multiline />
      </Fieldset>
    </RequestForm>
  );
}

export function RentalForm({ common, propertyId }: { common: FormCommon; propertyId: number }) {
  const t = useTranslations('forms');
  return (
    <RequestForm form="rental-application" {...common} hidden={{ propertyId }} idPrefix="rental">
      <div className={styles.notice}>
        <p>{t('ui.rentalTerms')}</p>
        <ul>
          <li>{t('ui.rentalIncome')}</li>
          <li>{t('ui.rentalFirstRent')}</li>
          <li>{t('ui.rentalFirstCharges')}</li>
          <li>{t('ui.rentalInventory')}</li>
          <li>{t('ui.rentalDeposit')}</li>
        </ul>
      </div>
      <ContactFields remark={false} />
      <Fieldset legend={t('legends.household')}>
        <TextField name="adults" required inputMode="numeric" />
        <TextField name="kids" inputMode="numeric" />
        <TextField name="kidsAges" />
        <TextField name="pets" />
        <TextField name="moveDate" type="date" required />
        <TextField name="income1" inputMode="numeric" />
        <TextField name="income2" inputMode="numeric" />
        <TextField name="reason" multiline />
      </Fieldset>
    </RequestForm>
  );
}

type Forms = typeof import('./request-forms');
/** The forms lazy-form.tsx draws by name. */
export type FormComponent = Exclude<keyof Forms, 'WithFormTexts' | 'loadFormTexts' | 'formByName'>;

const renderers: { [K in FormComponent]: (props: ComponentProps<Forms[K]>) => ReactNode } = {
  VisitForm: (props) => <VisitForm {...props} />,
  InformationForm: (props) => <InformationForm {...props} />,
  DocumentsForm: (props) => <DocumentsForm {...props} />,
  FriendForm: (props) => <FriendForm {...props} />,
  FollowForm: (props) => <FollowForm {...props} />,
  OfferForm: (props) => <OfferForm {...props} />,
  RentalForm: (props) => <RentalForm {...props} />,
  ConstructionForm: (props) => <ConstructionForm {...props} />,
  ValuationForm: (props) => <ValuationForm {...props} />,
  SearchAlertForm: (props) => <SearchAlertForm {...props} />,
  SiteContactForm: (props) => <SiteContactForm {...props} />,
  NewsletterForm: (props) => <NewsletterForm {...props} />,
  TestimonialForm: (props) => <TestimonialForm {...props} />,
  JobForm: (props) => <JobForm {...props} />,
};

/**
 * One form by name, under next-intl's provider with its texts. Here rather than in lazy-form.tsx,
 * whose code is among every page's first scripts: this map comes with the forms.
 */
export function formByName<K extends FormComponent>(component: K, props: ComponentProps<Forms[K]>): ReactNode {
  return <WithFormTexts>{renderers[component](props)}</WithFormTexts>;
}
