import type { DataIssue } from '../../data-file';
import type { AppointmentSlot, Project, Property, PropertyType } from '../schemas';

/*
 * What the pull needs of a CRM (crm-sync.md, "The shape that serves all of them" 1): what changed
 * since a cursor, given records, every current ID. A connector hands out the site's own records
 * only, already checked record by record; raw CRM records stay inside its module. Omnicasa's pull
 * API fits it directly; an export queue (Whise) or a webhook (SweepBright) would make
 * `changedSince` read its queue of IDs and `fetch` them.
 */

/** Listings of one batch: every language version of each, the visit slots of those listings, and the records refused. */
export type ListingBatch = {
  properties: Property[];
  /** The slots of the listings of this batch (all of them: a listing with none has none left). */
  slots: AppointmentSlot[];
  /** Listing IDs the CRM answered, valid or not. */
  answered: number[];
  /** Listings the CRM holds but does not publish (a status the site does not show: prospective, cancelled, inactive…). */
  unpublished: number[];
  refusals: DataIssue[];
  /** Where each document's file is fetched from, by "<listing ID>/<file name>" (the records name the file only). */
  documentUrls: Record<string, string>;
};

export type Changes = ListingBatch & {
  /** Listings the CRM says it deleted (an ID diff catches what this misses). */
  deletedIds: number[];
  /** The CRM's LastChangedDate high-water mark among the records read (ISO, the CRM's wall clock), if any. */
  highWater?: string;
};

export type Reference = {
  types: PropertyType[];
  /** Every project the CRM publishes, with its units as given; a project refused is in `refusals`. */
  projects: Project[];
  projectIds: number[];
  deletedProjectIds: number[];
  refusals: DataIssue[];
};

export interface CatalogueConnector {
  /** A name for staff ("Omnicasa"). */
  readonly name: string;
  /** An instant as the CRM's clock writes it (ISO form, no offset): the cursor's notation. */
  wallClock(instant: Date): string;
  /** Fails (with a message for staff) when the CRM refuses the credentials. */
  validate(): Promise<void>;
  /** Listings changed since `cursor` (the CRM's wall clock, ISO, inclusive); every listing without one. */
  changedSince(cursor: string | undefined): Promise<Changes>;
  /** The given listings as the CRM holds them now; an ID the CRM no longer has is simply absent. */
  fetch(ids: readonly number[]): Promise<ListingBatch>;
  /** Every listing ID the CRM publishes now (the nightly reconciliation). */
  currentIds(): Promise<number[]>;
  /** Types and projects: small lists, read whole every run. `units` are the listings the projects' units are. */
  reference(units: readonly Property[]): Promise<Reference>;
}
