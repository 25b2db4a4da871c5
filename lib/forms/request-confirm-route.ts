import { after } from 'next/server';
import { getAppointmentSlots, getProject, getProperty } from '../catalogue';
import type { Language } from '../config';
import { confirmPendingRequests, countBookings, getStore, requestLinkState, requestOfLink, type RequestLinkState, type SlotLookup } from '../db';
import { brusselsDateTime, formatDate } from '../format';
import { isMessageKey } from '../i18n/message-keys';
import { referenceMessages, translatorFor } from '../i18n/messages';
import { deliverSoon } from '../outbox/deliver-soon';
import { isTokenShaped, tokenDigest } from '../security/link-token';
import { href } from '../pages';
import { backToPage, linkPostFailure, readLinkButtonPost } from '../posts/link-post';
import { brusselsNow, slotAvailability } from './slots';

/*
 * The link of a request posted without JavaScript (issue 35): its page (app/[lang]/request-confirmation)
 * only shows a button, since mail scanners open links; the button's post confirms, and the request
 * (with the others of its mailbox that the same mail counted) goes to the agency and the CRM.
 */

/** Where the page's button posts. */
export const requestConfirmEndpoint = '/api/requests/confirm/';

/** A chosen viewing time as the catalogue has it now: gone from it, or begun, it can no longer be booked. */
const slotNow: SlotLookup = (propertyId, slotId) => {
  const slot = getAppointmentSlots(propertyId).find((candidate) => candidate.ID === slotId);
  return slot && slot.Start > brusselsNow() ? { slotId, capacity: slot.Capacity, bookedElsewhere: slot.Booked } : undefined;
};

export async function confirmRequestPost(request: Request): Promise<Response> {
  const post = await readLinkButtonPost(request);
  if (!post.ok) return post.response;
  const { language, token } = post;
  if (token !== undefined) {
    try {
      const confirmed = await confirmPendingRequests(await getStore(), tokenDigest(token), slotNow);
      for (const id of confirmed) after(() => deliverSoon({ requestId: id }));
    } catch (error) {
      console.error('[requests] confirming failed', error);
      return linkPostFailure(language, 500, 'apiError');
    }
  }
  return backToPage(href({ page: 'request-confirm', token }, language));
}

/** What the page of a link shows: its state, and the request it confirms in words of the page's language. */
export type RequestLinkView = {
  state: RequestLinkState;
  /** The form's name, what it is about, when it came: never anything the visitor typed. */
  subject?: { form: string; about?: { title: string; path: string }; date: string; time: string };
  /** The viewing time chosen was taken before the link was used: the times still free, and the listing's page to pick one. */
  slotGone?: { free: string[]; path: string };
};

/** Reading only: opening a link changes nothing. */
export async function requestLinkView(token: string | undefined, language: Language): Promise<RequestLinkView> {
  if (!isTokenShaped(token)) return { state: 'unknown' };
  const store = await getStore();
  const digest = tokenDigest(token);
  const [state, row] = await Promise.all([requestLinkState(store, digest), requestOfLink(store, digest)]);
  if (!row || state === 'unknown') return { state: 'unknown' };
  const t = translatorFor(language, 'forms');
  const property = row.property_id === null ? undefined : getProperty(row.property_id, language);
  const project = row.project_id === null ? undefined : getProject(row.project_id, language);
  const about = property
    ? { title: property.title, path: href({ page: 'property', id: property.id }, language) }
    : project
      ? { title: project.title, path: href({ page: 'project', id: project.id }, language) }
      : undefined;
  const received = brusselsDateTime(row.created_at);
  const subject = { form: isMessageKey(referenceMessages.forms.names, row.form) ? t(`names.${row.form}`) : row.form, about, date: received.date, time: received.time };
  if (row.outcome !== 'slot-gone' || !property) return { state, subject };
  const slots = getAppointmentSlots(property.id);
  const free = slotAvailability(
    slots,
    await countBookings(
      store,
      slots.map((slot) => slot.ID),
    ),
  )
    .filter((slot) => slot.remaining > 0)
    .slice(0, 5)
    .map((slot) => `${formatDate(slot.start.slice(0, 10))} ${slot.start.slice(11, 16)}–${slot.end.slice(11, 16)}`);
  return { state, subject, slotGone: { free, path: href({ page: 'property', id: property.id }, language) } };
}
