import { createHmac } from 'node:crypto';
import { getType, type CatalogueLanguage } from '../catalogue';
import type { SiteLead } from '../catalogue/crm/omnicasa-leads';
import { getAgencyLanguage, isSupportedLanguage } from '../config';
import type { StoredRequest } from '../db';
import { parseCriteria } from '../alerts/criteria';
import { translatorFor } from '../i18n/messages';
import { formTitle, requestLines, slotText } from './compose';
import { deriveKey } from '../security/secret';

/*
 * A stored request as the agency's CRM hears of it (lib/catalogue/crm/omnicasa-leads): who asked,
 * about what, and every answer in the agency's language, as its e-mail lists them.
 */

/**
 * The CRM's demand login of an address (DemandRegister2's Password, GetDemandList's): the only way
 * the API leaves the site to find a profile it registered, since DemandRegister2 answers only true.
 * Derived from the site's secret, so nothing is stored and no one can guess it from the address.
 */
export function crmProfilePassword(email: string): string {
  return createHmac('sha256', deriveKey('crm-demand-login')).update(email.trim().toLowerCase()).digest('base64url').slice(0, 24);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const catalogueLanguage = (language: string): CatalogueLanguage => (language === 'fr' || language === 'en' || language === 'de' ? language : 'nl');

/** `criteria`: a confirmed search alert's (alert_subscriptions.criteria); it makes the lead a search profile. */
export function siteLead(request: StoredRequest, criteria?: string | null): SiteLead {
  const agency = getAgencyLanguage();
  const payload: Record<string, unknown> = JSON.parse(request.payload);
  const language = catalogueLanguage(isSupportedLanguage(request.lang) ? request.lang : agency);
  const search = criteria === undefined ? undefined : parseCriteria(criteria);
  const about: SiteLead['about'] =
    request.property_id !== null ? { kind: 'listing', id: request.property_id } : request.project_id !== null ? { kind: 'project', id: request.project_id } : { kind: 'agency' };
  const slot = typeof payload.slotId === 'number' ? payload.slotId : undefined;
  return {
    requestId: request.id,
    language,
    about,
    person: {
      title: text(payload.title),
      firstName: text(payload.firstName),
      lastName: text(payload.lastName) ?? text(payload.name),
      email: text(payload.email) ?? request.email ?? undefined,
      phone: text(payload.phone),
      street: text(payload.street),
      houseNumber: text(payload.houseNumber),
      zip: text(payload.zip),
      city: text(payload.city),
    },
    subject: formTitle(request.form, agency),
    content: requestLines(request, agency)
      .map((line) => `${line.label}: ${line.value}`)
      .join('\n'),
    visitSlot: slot,
    visitSlotTaken: slot === undefined || request.property_id === null ? undefined : translatorFor(agency, 'mail')('crmSlotTaken', { time: slotText(request.property_id, slot) }),
    mailings: request.form === 'sign-newsletter' || payload.newsletter === true,
    search: search && {
      goal: search.goal,
      zips: search.zips,
      typeNames: search.types.map((id) => getType(id, catalogueLanguage(agency))?.Name ?? String(id)),
      priceMin: search.priceMin,
      priceMax: search.priceMax,
      minRooms: search.minRooms,
      minBathrooms: search.minBathrooms,
      minParkings: search.minParkings,
      password: crmProfilePassword(text(payload.email) ?? request.email ?? ''),
    },
  };
}
