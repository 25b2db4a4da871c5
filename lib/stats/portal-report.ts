import { getAppointmentSlots, getProperty, type Owner, type Property } from '../catalogue';
import { getTeam, type Language, type TeamMember } from '../config';
import { bookingsAbout, getStore, requestsAbout, visitCounts, visitTotals } from '../db';
import { brusselsDay, summariseVisits, type VisitSummary } from './visits';

/*
 * What the owner portal shows about a listing: the site's own counts, requests and bookings,
 * merged with the CRM history of the snapshot (design.md §8).
 */

export type CalendarEntry = { date: string; type: string; subject: string; status: string; fromSite: boolean };
export type Communication = { date: string; type: string; contact: string; subject: string; comment: string; status: string; fromSite: boolean };

export type ListingReport = {
  property: Property;
  visits: VisitSummary;
  calendar: CalendarEntry[];
  communications: Communication[];
  onlineMedia: { name: string; url: string; since: string }[];
  sources: { name: string; count: number; fromSite: boolean }[];
  manager: TeamMember | undefined;
};

/** The owner's listings in a language, with their total visits, for the portal's first page. */
export async function ownerListings(owner: Owner, language: Language): Promise<{ property: Property; totalVisits: number }[]> {
  const totals = await visitTotals(await getStore(), owner.PropertyIDs);
  return owner.PropertyIDs.map((id) => getProperty(id, language))
    .filter((property): property is Property => property !== undefined)
    .map((property) => ({ property, totalVisits: totals.get(property.ID) ?? 0 }));
}

export async function listingReport(owner: Owner, propertyId: number, language: Language): Promise<ListingReport | undefined> {
  // The data layer's own check: another owner's listing does not exist for this owner.
  if (!owner.PropertyIDs.includes(propertyId)) return undefined;
  const property = getProperty(propertyId, language);
  if (!property) return undefined;
  const store = await getStore();
  const today = brusselsDay();
  const counts = await visitCounts(store, [propertyId]);
  const history = owner.History.find((entry) => entry.PropertyID === propertyId);
  const requests = await requestsAbout(store, propertyId);
  const bookings = await bookingsAbout(store, propertyId);
  const slots = new Map(getAppointmentSlots(propertyId).map((slot) => [slot.ID, slot]));

  const calendar: CalendarEntry[] = [
    ...(history?.Calendar ?? []).map((event) => ({ date: event.Date, type: event.Type, subject: event.Subject, status: event.Status, fromSite: false })),
    ...bookings.map((booking) => ({
      date: slots.get(Number(booking.slot_id))?.Start ?? booking.created_at,
      type: 'site-booking',
      subject: booking.name ?? '',
      status: booking.status,
      fromSite: true,
    })),
  ].sort((a, b) => b.date.localeCompare(a.date));

  const communications: Communication[] = [
    ...(history?.Communications ?? []).map((item) => ({ date: item.Date, type: item.Type, contact: item.Contact, subject: item.Subject, comment: item.Comment, status: item.Status, fromSite: false })),
    ...requests.map((request) => {
      const payload = JSON.parse(request.payload) as { remark?: unknown };
      return {
        date: request.created_at,
        type: request.form,
        contact: request.name ?? '',
        subject: 'site-request',
        comment: typeof payload.remark === 'string' ? payload.remark : '',
        status: 'received',
        fromSite: true,
      };
    }),
  ].sort((a, b) => b.date.localeCompare(a.date));

  return {
    property,
    visits: summariseVisits(counts, today),
    calendar,
    communications,
    onlineMedia: (history?.OnlineMedia ?? []).map((medium) => ({ name: medium.Name, url: medium.Url, since: medium.PublishedDate })),
    sources: [
      ...(history?.Sources ?? []).map((source) => ({ name: source.Name, count: source.Count, fromSite: false })),
      ...(requests.length > 0 ? [{ name: 'website', count: requests.length, fromSite: true }] : []),
    ],
    manager: getTeam().find((member) => member.email.toLowerCase() === property.ManagerEmail.toLowerCase()),
  };
}
