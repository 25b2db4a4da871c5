import { crmHistory, getAppointmentSlots, historyStatus, getProperty, type CalendarKind, type CommunicationKind, type HistoryStatus, type Listing, type Owner } from '../catalogue';
import { getTeam, type Language, type TeamMember } from '../config';
import { bookingsAbout, getStore, requestsAbout, visitCounts, visitTotals } from '../db';
import { isFormName, type FormName } from '../form-kinds/table';
import { brusselsDay } from '../db/retention';
import { brusselsClock } from '../format';
import { summariseVisits, type VisitSummary } from './visits';
import { countMatchingSearches } from '../alerts/matching';
import { ownerAgendaOf, type OwnerAgenda } from '../catalogue/crm/omnicasa-owner';

/*
 * What the owner portal shows about a listing: the site's own counts, requests and bookings,
 * merged with the CRM history of the snapshot (design.md §8).
 *
 * Visitors who wrote through the site agreed to be answered, not to be known to the owner: of the
 * site's own requests and bookings the owner learns the kind, date, status and counts, never a
 * name or a message. A visitor who agreed to more is recorded so in the agency's CRM, whose
 * entries then carry the details (lib/catalogue/crm-history.ts).
 *
 * With Omnicasa configured, which listings are the owner's, their calendar, their viewings per
 * month and the search profiles they match come from the agency's agenda (read live, a few seconds
 * at most, kept a few minutes per owner); the site's own counts stay the visits of the page. When
 * the CRM fails or is slow, the snapshot's figures are shown with a note saying so.
 */

/** Where the agency's figures come from: the embedded snapshot (no CRM), the CRM, or the snapshot because the CRM did not answer. */
export type AgendaSource = 'snapshot' | 'crm' | 'unavailable';

async function agendaOf(owner: Owner): Promise<{ source: AgendaSource; agenda: OwnerAgenda | undefined }> {
  const read = await ownerAgendaOf(owner.Email);
  if (!read.configured) return { source: 'snapshot', agenda: undefined };
  return read.agenda ? { source: 'crm', agenda: read.agenda } : { source: 'unavailable', agenda: undefined };
}

/** The owner's listings: the CRM's, when it answered; the snapshot's otherwise. */
const propertyIdsOf = (owner: Owner, agenda: OwnerAgenda | undefined): number[] => agenda?.propertyIds ?? owner.PropertyIDs;

/** Free text is undefined where it is withheld (or, for the site's own entries, never given). */
type CalendarEntry = { date: string; subject: string | undefined; status: HistoryStatus } & ({ fromSite: false; kind: CalendarKind } | { fromSite: true; kind: 'site-booking' });
type Communication = { date: string; contact: string | undefined; subject: string | undefined; comment: string | undefined; status: HistoryStatus } & (
  { fromSite: false; kind: CommunicationKind } | { fromSite: true; kind: FormName }
);

export type ListingReport = {
  property: Listing;
  visits: VisitSummary;
  calendar: CalendarEntry[];
  communications: Communication[];
  onlineMedia: { name: string; url: string; since: string }[];
  sources: { name: string; count: number; fromSite: boolean }[];
  manager: TeamMember | undefined;
  /** Active search alerts this listing answers (lib/alerts, or the CRM's search profiles): a count, no one's details. */
  matchingSearches: number;
  /** Viewings per month in the agency's agenda, newest first; undefined without the CRM's answer. */
  viewingsByMonth: { month: string; count: number }[] | undefined;
  source: AgendaSource;
};

/** The owner's listings in a language, with their total visits, for the portal's first page. */
export async function ownerListings(owner: Owner, language: Language): Promise<{ listings: { property: Listing; totalVisits: number }[]; source: AgendaSource }> {
  const { source, agenda } = await agendaOf(owner);
  const ids = propertyIdsOf(owner, agenda);
  const totals = await visitTotals(await getStore(), ids);
  const listings = ids
    .map((id) => getProperty(id, language))
    .filter((property) => property !== undefined)
    .map((property) => ({ property, totalVisits: totals.get(property.id) ?? 0 }));
  return { listings, source };
}

export async function listingReport(owner: Owner, propertyId: number, language: Language): Promise<ListingReport | undefined> {
  const { source, agenda } = await agendaOf(owner);
  // The data layer's own check: another owner's listing does not exist for this owner.
  if (!propertyIdsOf(owner, agenda).includes(propertyId)) return undefined;
  const live = agenda?.listings.get(propertyId);
  const property = getProperty(propertyId, language);
  if (!property) return undefined;
  const store = await getStore();
  const today = brusselsDay();
  const counts = await visitCounts(store, [propertyId]);
  const history = owner.History.find((entry) => entry.PropertyID === propertyId);
  const team = getTeam();
  const crm = crmHistory(
    owner,
    propertyId,
    team.map((member) => member.name),
    live?.calendar,
  );
  const requests = await requestsAbout(store, propertyId);
  const bookings = await bookingsAbout(store, propertyId);
  const slots = new Map(getAppointmentSlots(propertyId).map((slot) => [slot.ID, slot]));

  const calendar: CalendarEntry[] = [
    ...crm.calendar.map((event) => ({ ...event, fromSite: false as const })),
    ...bookings.map((booking) => ({
      date: slots.get(Number(booking.slot_id))?.Start ?? brusselsClock(booking.created_at),
      kind: 'site-booking' as const,
      subject: undefined,
      status: historyStatus(booking.status),
      fromSite: true as const,
    })),
  ].sort((a, b) => b.date.localeCompare(a.date));

  const communications: Communication[] = [
    ...crm.communications.map((item) => ({ ...item, fromSite: false as const })),
    ...requests.flatMap((request) =>
      isFormName(request.form)
        ? [{ date: brusselsClock(request.created_at), kind: request.form, contact: undefined, subject: undefined, comment: undefined, status: 'received' as const, fromSite: true as const }]
        : [],
    ),
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
    manager: team.find((member) => member.email.toLowerCase() === property.manager.email.toLowerCase()),
    // The site's alerts are the CRM's search profiles too (DemandRegister2): the CRM's count holds them.
    matchingSearches: live?.matchingSearches ?? (await countMatchingSearches(store, property)),
    viewingsByMonth: live?.viewingsByMonth,
    source,
  };
}
