import { z } from 'zod';
import { catalogueLanguages, type CatalogueLanguage } from '../schemas';
import { slotOf } from './map-records';
import { listOf, OmnicasaClient, OmnicasaError, type ClientOptions } from './omnicasa-client';
import { crmSlotSchema } from './omnicasa-records';
import { omnicasaConfigFromEnv, type OmnicasaConfig } from './omnicasa-connector';

/*
 * What the site collects, sent to Omnicasa (omnicasa-api.md §2.6): a request about a listing is a
 * ContactOnMe on it, one about a project a ContactOnMeProject, a search alert a search profile
 * (DemandRegister2), anything else a ContactOnMe without a listing, the nearest call the API has.
 * Omnicasa answers only true or false and has no idempotency key, so the site's request id is in
 * the text the CRM stores: after a lost answer the retry may make a second contact, and staff can
 * tell it is the same request.
 */

/** A request as the CRM hears of it: the site's own words, no CRM field names. */
export type SiteLead = {
  requestId: string;
  /** The visitor's language. */
  language: CatalogueLanguage;
  about: { kind: 'listing'; id: number } | { kind: 'project'; id: number } | { kind: 'agency' };
  person: { title?: string; firstName?: string; lastName?: string; email?: string; phone?: string; street?: string; houseNumber?: string; zip?: string; city?: string };
  /** The request's kind, in the agency's language ("Information request"). */
  subject: string;
  /** Every answer, one "label: value" line each, in the agency's language. */
  content: string;
  /** The viewing time booked on the site: the CRM's appointment it came from. */
  visitSlot?: number;
  /** What the agent reads when that time was no longer free in the CRM's agenda (the agency's language). */
  visitSlotTaken?: string;
  /** The visitor asked for the agency's mailings (a confirmed newsletter sign-up, a ticked box). */
  mailings?: boolean;
  /** A search alert: its criteria, as the site stores them (lib/alerts/criteria). */
  search?: {
    goal: 'sale' | 'rent';
    zips: string[];
    typeNames: string[];
    priceMin?: number;
    priceMax?: number;
    minRooms?: number;
    minBathrooms?: number;
    minParkings?: number;
    /** The person's demand login in the CRM (DemandRegister2's Password): how the site finds the profile again to unsubscribe it. */
    password: string;
  };
};

/**
 * 'retry': the CRM may not have it (no answer, an outage, refused credentials: the agency's
 * setting to fix); 'refused': the CRM answered no to this request, and asking again brings no other answer.
 */
export type LeadOutcome = { status: 'sent'; endpoint: string } | { status: 'retry' | 'refused'; endpoint: string; reason: string };

/** omnicasa-api.md §4. */
const languageIds: Record<CatalogueLanguage, number> = { nl: 1, fr: 2, en: 3, de: 4 };
/** §5.8: 5 is "agency website". */
const websiteSource = 5;
/** §5.6, as text: the clients do not show whether the id or the text is expected, and a text reads right in either case. */
const salutations: Record<string, Record<CatalogueLanguage, string>> = {
  mr: { nl: 'De heer', fr: 'Monsieur', en: 'Mr', de: 'Herr' },
  ms: { nl: 'Mevrouw', fr: 'Madame', en: 'Mrs', de: 'Frau' },
  miss: { nl: 'Mevrouw', fr: 'Mademoiselle', en: 'Miss', de: 'Frau' },
};
/**
 * The CRM's text fields travel in a GET query string: a remark of several pages would make a URL
 * the CRM's server refuses. The agency's e-mail has every word; the CRM gets the first ones.
 */
const maxContentChars = 1500;

type Params = Record<string, string | number | boolean | undefined>;

function clipped(text: string, reference: string): string {
  const room = maxContentChars - reference.length - 2;
  const body = text.length > room ? `${text.slice(0, room - 1)}…` : text;
  return `${body}\n\n${reference}`;
}

function leadCall(lead: SiteLead): { endpoint: 'ContactOnMe' | 'ContactOnMeProject' | 'DemandRegister2'; params: Params } {
  const { person, language } = lead;
  const reference = `Site request ${lead.requestId}`;
  const common: Params = {
    Name: person.lastName,
    FirstName: person.firstName,
    AddressTitle: person.title ? salutations[person.title]?.[language] : undefined,
    Address: [person.street, person.houseNumber].filter(Boolean).join(' ') || undefined,
    Zip: person.zip,
    City: person.city,
    Email: person.email,
    PhoneNumber: person.phone,
    SourceId: websiteSource,
    IsReceivedEmail: lead.mailings ?? false,
    LanguageIdFromParameter: languageIds[language],
    LanguageId: languageIds[language],
  };
  if (lead.search) {
    const { search } = lead;
    const wanted = search.typeNames.length > 0 ? `${search.typeNames.join(', ')}\n` : '';
    return {
      endpoint: 'DemandRegister2',
      params: {
        ...common,
        Goal: search.goal === 'rent' ? 1 : 0,
        Zips: search.zips.join(',') || undefined,
        PriceMin: search.priceMin,
        PriceMax: search.priceMax,
        MinRooms: search.minRooms,
        MinBathRooms: search.minBathrooms,
        // The site counts garages and parking places together.
        MinParkings: search.minParkings,
        // The site's types are web categories (WebIDs); DemandRegister2 takes the CRM's own type
        // tree, which the site does not read: the agent reads the types here.
        Comment: clipped(`${wanted}${lead.content}`, reference),
        IsAlwaysCreatedDemand: true,
        Password: search.password,
      },
    };
  }
  const message = { Subject: lead.subject, Content: clipped(lead.content, reference) };
  if (lead.about.kind === 'project') return { endpoint: 'ContactOnMeProject', params: { ...common, ...message, ProjectIDs: String(lead.about.id) } };
  const listing = lead.about.kind === 'listing' ? { ObjectID: lead.about.id } : {};
  const visit = lead.visitSlot !== undefined ? { AppointmentID: lead.visitSlot, AgendaComment: reference } : {};
  return { endpoint: 'ContactOnMe', params: { ...common, ...message, ...listing, ...visit } };
}

/** Sends the site's requests to one Omnicasa account. */
export class OmnicasaLeads {
  private readonly client: OmnicasaClient;
  /** A visitor waits on the agenda's answer: it gets a shorter bound than a lead in the outbox. */
  private readonly agendaClient: OmnicasaClient;

  constructor(config: OmnicasaConfig, options: ClientOptions = {}) {
    this.client = new OmnicasaClient(config, options);
    this.agendaClient = new OmnicasaClient(config, { ...options, timeoutMs: agendaTimeoutMs });
  }

  async agenda(propertyId: number): Promise<AgendaSlot[] | undefined> {
    let value: unknown;
    try {
      value = await this.agendaClient.call('GetAppointmentObject', { ObjectID: propertyId });
    } catch (error) {
      if (error instanceof OmnicasaError) return undefined;
      throw error;
    }
    const slots: AgendaSlot[] = [];
    for (const item of listOf(value)) {
      const parsed = crmSlotSchema.safeParse(item);
      if (!parsed.success || parsed.data.ObjectID !== propertyId) continue;
      const site = slotOf(parsed.data);
      const start = typeof site.Start === 'string' ? site.Start : undefined;
      const end = typeof site.End === 'string' ? site.End : undefined;
      if (start && end) slots.push({ id: parsed.data.ID, start, end, capacity: parsed.data.Capacity, booked: parsed.data.Booked ?? 0 });
    }
    return slots;
  }

  /**
   * The search profile an unsubscribe link of the CRM's own alert mail names by its encrypted ids
   * (GetDemandPerson IDCrypt, DemandIDCrypt): 'unknown' when they name nothing (a forged or cut
   * link), 'unavailable' when the CRM does not answer in 3 s.
   */
  async demandOfLink(link: DemandLink): Promise<CrmDemand | 'unknown' | 'unavailable'> {
    let value: unknown;
    try {
      value = await this.agendaClient.call('GetDemandPerson', { IDCrypt: link.personIdCrypt, DemandIDCrypt: link.demandIdCrypt });
    } catch (error) {
      if (!(error instanceof OmnicasaError)) throw error;
      // The API's one code (600) means anything: a refusal of these ids is read as ids that name nothing.
      return error.kind === 'crm' ? 'unknown' : 'unavailable';
    }
    const parsed = demandPersonSchema.safeParse(value);
    if (!parsed.success) return 'unknown';
    const person = parsed.data;
    const demand = person.Demand ?? person.Demands?.[0] ?? person;
    const reference = /Site request ([0-9a-f-]{36})/i.exec(demand.Comment ?? '')?.[1];
    return {
      email: person.Email,
      goal: demand.Goal === 1 ? 'rent' : demand.Goal === 0 ? 'sale' : undefined,
      zips: String(demand.Zip ?? demand.Zips ?? '')
        .split(',')
        .map((zip) => zip.trim())
        .filter(Boolean),
      priceMin: demand.PriceMin ?? undefined,
      priceMax: demand.PriceMax ?? undefined,
      siteRequestId: reference,
      unsubscribed: (demand.IsUnsubscribed ?? person.IsUnsubscribed) === true,
    };
  }

  /**
   * Unsubscribes a search profile in the CRM (UnsubscribeDemandPerson): by the encrypted ids of the
   * CRM's mail link, or, for an alert ended on the site, the profile the site registered, found
   * among the person's demands (GetDemandList with the login DemandRegister2 gave it) by the site's
   * request id in its comment. No such profile (it was never made, or was deleted in the CRM): nothing to do.
   */
  async unsubscribe(target: ProfileUnsubscribe): Promise<LeadOutcome> {
    const endpoint = 'UnsubscribeDemandPerson';
    return this.refusalOf(endpoint, async () => {
      if (target.kind === 'link') return this.client.write(endpoint, { PersonIDEncrypt: target.personIdCrypt, DemandIDEncrypt: target.demandIdCrypt });
      const demand = await this.siteProfile(this.client, target);
      if (!demand || demand.IsUnsubscribed === true || demand.IsDeleted === true) return true;
      return this.client.write(endpoint, { ID: demand.PersonId, DemandID: demand.DemandID });
    });
  }

  /**
   * Whether the CRM holds the site's profile of this request as unsubscribed (or deleted): an
   * unsubscribe made in the CRM itself, not through the site's link. Undefined when it cannot tell
   * (no answer in 3 s, the login refused, no such profile): the site's alert then goes on.
   */
  async profileUnsubscribed(target: Omit<Extract<ProfileUnsubscribe, { kind: 'site' }>, 'kind'>): Promise<boolean | undefined> {
    const demand = await this.siteProfile(this.agendaClient, target).catch((error: unknown) => {
      if (error instanceof OmnicasaError) return undefined;
      throw error;
    });
    return demand ? demand.IsUnsubscribed === true || demand.IsDeleted === true : undefined;
  }

  /** The profile the site registered for a request, among the person's demands (GetDemandList with its login). */
  private async siteProfile(client: OmnicasaClient, target: { requestId: string; email: string; password: string }) {
    const rows = await client.all('GetDemandList', { Email: target.email, Password: target.password });
    const reference = `Site request ${target.requestId}`;
    return rows.flatMap((row) => demandRowSchema.safeParse(row).data ?? []).find((row) => (row.Comment ?? '').includes(reference));
  }

  async send(lead: SiteLead): Promise<LeadOutcome> {
    const outcome = await this.sendOnce(lead);
    // The agency filled the viewing time in its agenda after the site booked it: the request
    // still reaches the CRM, without the appointment and saying so, for the agent to agree another.
    if (outcome.status === 'refused' && lead.visitSlot !== undefined) {
      return this.sendOnce({ ...lead, visitSlot: undefined, content: lead.visitSlotTaken ? `${lead.visitSlotTaken}\n\n${lead.content}` : lead.content });
    }
    return outcome;
  }

  private sendOnce(lead: SiteLead): Promise<LeadOutcome> {
    const { endpoint, params } = leadCall(lead);
    return this.refusalOf(endpoint, () => this.client.write(endpoint, params));
  }

  /** The outcome of a write: 'sent' on a yes, 'retry' when the CRM may not have it, 'refused' when it said no to this call. */
  private async refusalOf(endpoint: string, write: () => Promise<unknown>): Promise<LeadOutcome> {
    let value: unknown;
    try {
      value = await write();
    } catch (error) {
      if (!(error instanceof OmnicasaError)) throw error;
      if (error.kind !== 'crm') return { status: 'retry', endpoint, reason: error.message };
      // The API has no code of its own for refused credentials: ask, so that a wrong password
      // (the agency's to fix) keeps the requests waiting instead of refusing each of them.
      const credentials = await this.client.validate().then(
        () => undefined,
        (check: unknown) => (check instanceof OmnicasaError ? check : undefined),
      );
      if (credentials) return { status: 'retry', endpoint, reason: credentials.message };
      return { status: 'refused', endpoint, reason: error.message };
    }
    return value === false ? { status: 'refused', endpoint, reason: `Omnicasa ${endpoint}: the CRM answered false` } : { status: 'sent', endpoint };
  }
}

/**
 * The account the site's requests go to: the catalogue's Omnicasa account (OMNICASA_URL and its
 * credentials), unless OMNICASA_LEADS=off keeps the requests out of the CRM. Undefined when none.
 */
export function leadSinkFromEnv(env: NodeJS.ProcessEnv = process.env): OmnicasaLeads | undefined {
  if (env.OMNICASA_LEADS?.trim().toLowerCase() === 'off') return undefined;
  const config = omnicasaConfigFromEnv(env, catalogueLanguages);
  return config ? new OmnicasaLeads(config, { timeoutMs: Number(env.OMNICASA_LEAD_TIMEOUT_MS) || leadTimeoutMs }) : undefined;
}

/** A lead is one small call: an answer slower than this is an outage, and the job waits for the next attempt. */
const leadTimeoutMs = 20_000;
const agendaTimeoutMs = 3_000;

/** The encrypted ids an unsubscribe link of the CRM's own alert mail carries (GetDemandPerson IDCrypt, DemandIDCrypt). */
export type DemandLink = { personIdCrypt: string; demandIdCrypt: string };

export type ProfileUnsubscribe = ({ kind: 'link' } & DemandLink) | { kind: 'site'; requestId: string; email: string; password: string };

/** A search profile as the site compares it with its alerts. */
export type CrmDemand = { email: string; goal: 'sale' | 'rent' | undefined; zips: string[]; priceMin?: number; priceMax?: number; siteRequestId: string | undefined; unsubscribed: boolean };

/*
 * GetDemandPerson and GetDemandList answers were never observed (omnicasa-api.md §7): the demand's
 * fields are those SaveChangedDemandList's entries carry (DemandID, PersonId, Goal, PriceMin,
 * PriceMax, Zip, Comment, IsDeleted), beside the person's, or under Demand / Demands.
 */
const optionalAmount = z.coerce.number().nullish();
const demandFields = {
  Goal: z.coerce.number().int().nullish(),
  PriceMin: optionalAmount,
  PriceMax: optionalAmount,
  Zip: z.union([z.string(), z.number()]).nullish(),
  Zips: z.union([z.string(), z.number()]).nullish(),
  Comment: z.string().nullish(),
  IsUnsubscribed: z.boolean().nullish(),
};
const demandSchema = z.looseObject(demandFields);
const demandPersonSchema = z.looseObject({ ...demandFields, Email: z.email(), Demand: demandSchema.nullish(), Demands: z.array(demandSchema).nullish() });
const demandRowSchema = z.looseObject({ ...demandFields, DemandID: z.coerce.number().int().positive(), PersonId: z.coerce.number().int().positive(), IsDeleted: z.boolean().nullish() });

/** A viewing time as the CRM's agenda has it now, in the site's terms. */
export type AgendaSlot = { id: number; start: string; end: string; capacity: number; booked: number };

/**
 * The listing's viewing times in the CRM's agenda now (GetAppointmentObject), or undefined when no
 * CRM takes the site's requests or it does not answer within 3 s: the visitor is not kept waiting
 * on the CRM, and the pulled catalogue's figures stand.
 */
export async function agendaOf(propertyId: number): Promise<AgendaSlot[] | undefined> {
  return leadSinkFromEnv()?.agenda(propertyId);
}
