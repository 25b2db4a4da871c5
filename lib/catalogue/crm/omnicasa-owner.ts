import { z } from 'zod';
import { catalogueLanguages, type Owner } from '../schemas';
import { listOf, OmnicasaClient, OmnicasaError } from './omnicasa-client';
import { omnicasaConfigFromEnv, type OmnicasaConfig } from './omnicasa-connector';
import { siteDateOfCrm } from './omnicasa-records';

/*
 * The owner portal's figures from the agency's agenda (omnicasa-api.md §2.7): the owner's listings
 * as the CRM links them (GetRelatedProperties by the owner's e-mail), and per listing its calendar
 * history (GetCalendarHistories), its viewings per month (GetAppointmentOfStatisticsGraphList) and
 * the number of search profiles it matches (GetMatchingStatisticOfProperty). The doc never saw
 * these answers: the shapes are read tolerantly (a field by either of its likely names, numbers as
 * text, a list bare or in { Items }), and a row that is not about the listing asked for is dropped.
 *
 * An owner page waits for this, so it is bounded (a few seconds for the whole, then the caller
 * shows the snapshot's figures) and kept a few minutes per owner: the CRM is asked at most once per
 * owner in that time, however many pages the owner opens.
 */

/** The snapshot's calendar event, the form the site's consent and kind rules read (crm-history.ts). */
type AgendaEvent = Owner['History'][number]['Calendar'][number];

export type OwnerAgenda = {
  /** The listings the CRM names this owner's. */
  propertyIds: number[];
  listings: Map<number, { calendar: AgendaEvent[]; viewingsByMonth: { month: string; count: number }[]; matchingSearches: number | undefined }>;
};

const text = z.union([z.string(), z.number()]).transform(String);
const count = z.coerce.number().int().nonnegative();

const relatedSchema = z.looseObject({ ID: z.coerce.number().int().positive() });
const calendarSchema = z.looseObject({
  ObjectID: z.coerce.number().int().positive().nullish(),
  Date: z.string().nullish(),
  StartDate: z.string().nullish(),
  TypeName: text.nullish(),
  Type: text.nullish(),
  Subject: z.string().nullish(),
  Status: text.nullish(),
  StatusName: text.nullish(),
  VisitorConsent: z.boolean().nullish(),
});
const periodSchema = z.looseObject({ Date: z.string(), Count: count.nullish(), Value: count.nullish() });
const matchingSchema = z.looseObject({ ID: z.coerce.number().int().nullish(), NumberOfMatchingDemands: count.nullish(), Count: count.nullish() });

const defaultTimeoutMs = 3_000;
const defaultCacheMs = 5 * 60_000;
/** A CRM that failed is asked again sooner, but not by every page of a busy minute (each would wait the timeout). */
const failureCacheMs = 30_000;
/** The viewings per month of the last year. */
const periodMonths = 12;

/** The CRM's DateTime form (§1) of a day. */
const day = (date: Date) => date.toISOString().slice(0, 10);

type Kept = { until: number; value: Promise<OwnerAgenda | undefined> };

class OmnicasaOwnerAgenda {
  private readonly client: OmnicasaClient;
  private readonly kept = new Map<string, Kept>();

  constructor(
    config: OmnicasaConfig,
    private readonly timeoutMs = defaultTimeoutMs,
    private readonly cacheMs = defaultCacheMs,
  ) {
    this.client = new OmnicasaClient(config, { timeoutMs });
  }

  /** The owner's figures from the CRM, or undefined when it failed or did not answer in time. */
  agendaOf(email: string): Promise<OwnerAgenda | undefined> {
    const key = email.trim().toLowerCase();
    const now = Date.now();
    const kept = this.kept.get(key);
    if (kept && kept.until > now) return kept.value;
    const value = this.read(key).then(
      (agenda) => agenda,
      (error: unknown) => {
        if (error instanceof OmnicasaError) return undefined;
        throw error;
      },
    );
    const entry: Kept = { until: now + this.cacheMs, value };
    this.kept.set(key, entry);
    void value.then(
      (agenda) => {
        if (!agenda) entry.until = Math.min(entry.until, Date.now() + failureCacheMs);
      },
      () => {
        entry.until = 0;
      },
    );
    return value;
  }

  private async read(email: string): Promise<OwnerAgenda | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.timeoutMs);
    });
    try {
      const work = this.readAll(email);
      // Past the deadline the calls still end on their own timeout: their failure is no one's to hear.
      void work.catch(() => undefined);
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async readAll(email: string): Promise<OwnerAgenda> {
    const related = await this.client.all('GetRelatedProperties', { Email: email, DisplayFields: 'ID' });
    const propertyIds = [...new Set(related.flatMap((row) => relatedSchema.safeParse(row).data?.ID ?? []))];
    const now = new Date();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - periodMonths + 1, 1));
    const entries = await Promise.all(
      propertyIds.map(async (id) => {
        const [calendar, periods, matching] = await Promise.all([
          this.client.all('GetCalendarHistories', { ObjectID: id }),
          this.client.call('GetAppointmentOfStatisticsGraphList', { ObjectIDs: String(id), StartDate: `${day(since)} 00:00:00`, EndDate: `${day(now)} 23:59:59` }),
          this.client.call('GetMatchingStatisticOfProperty', { ID: id }),
        ]);
        return [id, { calendar: calendarOf(calendar, id), viewingsByMonth: periodsOf(listOf(periods)), matchingSearches: matchingOf(matching) }] as const;
      }),
    );
    return { propertyIds, listings: new Map(entries) };
  }
}

function calendarOf(rows: unknown[], id: number): AgendaEvent[] {
  const events: AgendaEvent[] = [];
  for (const row of rows) {
    const parsed = calendarSchema.safeParse(row);
    if (!parsed.success) continue;
    const entry = parsed.data;
    // Another listing's entry may be another owner's: only rows that say they are this listing's are shown.
    if (entry.ObjectID !== id) continue;
    const date = siteDateOfCrm(entry.Date ?? entry.StartDate ?? '');
    if (!date) continue;
    events.push({
      Date: date,
      // An unknown or missing type or status becomes 'other' in crm-history.ts.
      Type: entry.TypeName ?? entry.Type ?? '',
      Subject: entry.Subject ?? '',
      Status: entry.StatusName ?? entry.Status ?? '',
      VisitorConsent: entry.VisitorConsent === true,
    });
  }
  return events;
}

function periodsOf(rows: unknown[]): { month: string; count: number }[] {
  const months = new Map<string, number>();
  for (const row of rows) {
    const parsed = periodSchema.safeParse(row);
    const date = parsed.success ? siteDateOfCrm(parsed.data.Date) : undefined;
    if (!parsed.success || !date) continue;
    const month = date.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + (parsed.data.Count ?? parsed.data.Value ?? 0));
  }
  return [...months].sort(([a], [b]) => b.localeCompare(a)).map(([month, total]) => ({ month, count: total }));
}

function matchingOf(value: unknown): number | undefined {
  const parsed = matchingSchema.safeParse(value);
  if (!parsed.success) return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
  return parsed.data.NumberOfMatchingDemands ?? parsed.data.Count ?? undefined;
}

let current: { key: string; agenda: OmnicasaOwnerAgenda } | undefined;

/**
 * The owner's figures from the catalogue's Omnicasa account (OMNICASA_URL and its credentials;
 * OMNICASA_PORTAL_TIMEOUT_MS, OMNICASA_PORTAL_CACHE_SECONDS), or undefined when none is
 * configured, or when the CRM failed or did not answer in time.
 */
export async function ownerAgendaOf(email: string, env: NodeJS.ProcessEnv = process.env): Promise<{ configured: false } | { configured: true; agenda: OwnerAgenda | undefined }> {
  const config = omnicasaConfigFromEnv(env, catalogueLanguages);
  if (!config) return { configured: false };
  const timeoutMs = Number(env.OMNICASA_PORTAL_TIMEOUT_MS) || defaultTimeoutMs;
  const cacheMs = (Number(env.OMNICASA_PORTAL_CACHE_SECONDS) || defaultCacheMs / 1000) * 1000;
  const key = JSON.stringify([config.baseUrl, config.customerName, config.customerPassword, config.officeId, timeoutMs, cacheMs]);
  if (current?.key !== key) current = { key, agenda: new OmnicasaOwnerAgenda(config, timeoutMs, cacheMs) };
  return { configured: true, agenda: await current.agenda.agendaOf(email) };
}
