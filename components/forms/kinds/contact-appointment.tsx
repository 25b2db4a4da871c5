'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { serverUrl } from '@/lib/config/deployment';
import type { SlotAvailability } from '@/lib/forms/slots';
import { ContactFields } from '../common-fields';
import { ChoiceGroup, type Choice } from '../fields';
import { useFormDraft } from '../form-draft';
import { RequestForm, type FormCommon } from '../request-form';
import styles from '../forms.module.css';

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
