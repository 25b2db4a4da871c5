import type { Owner } from './schemas';

/*
 * The CRM history of an owner's listing as the portal may show it. The CRM speaks English codes
 * ("Open house", "done"): they become closed sets of kinds and statuses the portal translates, and
 * a value the CRM adds later becomes 'other', never raw English on a French or Dutch page.
 *
 * Visitors agreed to have their request answered, not to be named to the owner: an entry that
 * may name a visitor keeps its free text (subject, comment, contact) only when the agency recorded
 * in its CRM that the visitor agreed (`VisitorConsent`).
 */

export type CalendarKind = 'valuation' | 'photoShoot' | 'visit' | 'openHouse' | 'other';
export type CommunicationKind = 'email' | 'phone' | 'letter' | 'other';
export type HistoryStatus = 'planned' | 'confirmed' | 'done' | 'cancelled' | 'sent' | 'received' | 'other';

type CalendarEvent = Owner['History'][number]['Calendar'][number];

/** Free text is undefined where it is withheld. */
export type CrmCalendarEntry = { date: string; kind: CalendarKind; status: HistoryStatus; subject: string | undefined };
export type CrmCommunication = { date: string; kind: CommunicationKind; status: HistoryStatus; contact: string | undefined; subject: string | undefined; comment: string | undefined };

const normal = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

const calendarKinds: Record<string, CalendarKind> = {
  valuation: 'valuation',
  estimate: 'valuation',
  'photo shoot': 'photoShoot',
  photos: 'photoShoot',
  visit: 'visit',
  viewing: 'visit',
  'open house': 'openHouse',
};

const communicationKinds: Record<string, CommunicationKind> = {
  'e mail': 'email',
  email: 'email',
  mail: 'email',
  phone: 'phone',
  'phone call': 'phone',
  call: 'phone',
  letter: 'letter',
};

const statuses: Record<string, HistoryStatus> = {
  planned: 'planned',
  scheduled: 'planned',
  confirmed: 'confirmed',
  done: 'done',
  completed: 'done',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  sent: 'sent',
  received: 'received',
};

const calendarKind = (type: string): CalendarKind => calendarKinds[normal(type)] ?? 'other';
const communicationKind = (type: string): CommunicationKind => communicationKinds[normal(type)] ?? 'other';
export const historyStatus = (status: string): HistoryStatus => statuses[normal(status)] ?? 'other';

/** Appointments of the agency with the owner or the house alone; the others may name a visitor. */
const kindsWithoutVisitors: ReadonlySet<CalendarKind> = new Set(['valuation', 'photoShoot', 'openHouse']);

/**
 * The listing's CRM history for its owner. `staffNames` are the agency's people: a communication
 * with one of them is between the agency and the owner; any other contact may be a visitor.
 */
export function crmHistory(
  owner: Owner,
  propertyId: number,
  staffNames: readonly string[],
  /** The CRM's agenda read live (crm/omnicasa-owner.ts), in place of the snapshot's calendar. */
  agenda?: readonly CalendarEvent[],
): { calendar: CrmCalendarEntry[]; communications: CrmCommunication[] } {
  const history = owner.History.find((entry) => entry.PropertyID === propertyId);
  const staff = new Set(staffNames.map(normal));
  const isStaff = (name: string) => staff.has(normal(name));
  return {
    calendar: (agenda ?? history?.Calendar ?? []).map((event) => {
      const kind = calendarKind(event.Type);
      const shareable = kindsWithoutVisitors.has(kind) || event.VisitorConsent === true;
      return { date: event.Date, kind, status: historyStatus(event.Status), subject: shareable ? event.Subject : undefined };
    }),
    communications: (history?.Communications ?? []).map((item) => {
      const shareable = isStaff(item.Contact) || item.VisitorConsent === true;
      return {
        date: item.Date,
        kind: communicationKind(item.Type),
        status: historyStatus(item.Status),
        contact: shareable ? item.Contact : undefined,
        subject: shareable ? item.Subject : undefined,
        comment: shareable ? item.Comment : undefined,
      };
    }),
  };
}
