import { z } from 'zod';
import type { DataIssue } from '../../data-file';
import { catalogueLanguages, type CatalogueLanguage, type Property } from '../schemas';
import type { CatalogueConnector, Changes, ListingBatch, Reference } from './connector';
import { checkProjects, checkProperties, checkSlots, checkTypes, documentName, issueId, projectCandidate, propertiesFile, propertyCandidate, slotOf, typeOf, type PictureHosts } from './map-records';
import { listOf, OmnicasaClient, type ClientOptions, type OmnicasaSettings } from './omnicasa-client';
import { crmDateKey, crmDocumentSchema, crmProjectSchema, crmPropertySchema, crmSlotSchema, crmWebIdSchema, type CrmDocument, type CrmProperty } from './omnicasa-records';

/*
 * The catalogue connector on Omnicasa's OmnicasaService API. There is no multi-language record
 * (omnicasa-api.md §4): each list is read once per language, with LanguageId for the labels and
 * DescriptionLanguageId for the descriptions.
 */

/** omnicasa-api.md §4. */
const languageIds: Record<CatalogueLanguage, number> = { nl: 1, fr: 2, en: 3, de: 4 };
/** The main statuses the site shows (§5.3: 1 active, 2 sold, 4 rented); any other means the listing leaves the site. */
const shownStatuses = new Set([1, 2, 4]);
/** IDs per call where a call takes a list of them. */
const idsPerCall = 50;

export type OmnicasaConfig = OmnicasaSettings & { languages: CatalogueLanguage[] };

const languageListSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(catalogueLanguages)).min(1));

/**
 * The Omnicasa account from the environment, or undefined when none is configured (the site then
 * reads its embedded snapshot). A half-configured account is an error naming the variable, never
 * its value.
 */
export function omnicasaConfigFromEnv(env: NodeJS.ProcessEnv, siteLanguages: readonly CatalogueLanguage[]): OmnicasaConfig | undefined {
  const url = env.OMNICASA_URL?.trim();
  if (!url) return undefined;
  const missing = ['OMNICASA_CUSTOMER_NAME', 'OMNICASA_CUSTOMER_PASSWORD'].filter((name) => !env[name]?.trim());
  if (missing.length > 0)
    throw new Error(`OMNICASA_URL is set but ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not: set both, or unset OMNICASA_URL to serve the embedded snapshot`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('OMNICASA_URL is not a URL: write the base URL with its version, such as https://newapi.omnicasa.com/1.12/OmnicasaService.svc/');
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname))) {
    throw new Error('OMNICASA_URL must be https (the credentials travel in the query string); plain http is accepted on loopback only');
  }
  const office = env.OMNICASA_OFFICE_ID?.trim();
  if (office && !/^\d{1,9}$/.test(office)) throw new Error('OMNICASA_OFFICE_ID must be a whole number, such as 12');
  const languages = env.OMNICASA_LANGUAGES?.trim() ? languageListSchema.safeParse(env.OMNICASA_LANGUAGES) : { success: true as const, data: [...siteLanguages] };
  if (!languages.success) throw new Error(`OMNICASA_LANGUAGES must list languages among ${catalogueLanguages.join(', ')}, separated by commas, such as "nl,fr,en"`);
  return {
    baseUrl: url.endsWith('/') ? url : `${url}/`,
    customerName: env.OMNICASA_CUSTOMER_NAME?.trim() ?? '',
    customerPassword: env.OMNICASA_CUSTOMER_PASSWORD ?? '',
    officeId: office ? Number(office) : undefined,
    languages: languages.data,
  };
}

const brussels = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A cursor (ISO, the CRM's wall clock) as the CRM's DateTime parameter. */
const crmDateTime = (iso: string) => iso.replace('T', ' ').slice(0, 19);

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

type Parsed<T> = { records: T[]; issues: DataIssue[] };

/** Items of a CRM list that are not records at all are refused here; the site's schemas judge the rest. */
function parseItems<T>(items: readonly unknown[], schema: z.ZodType<T>, file: string): Parsed<T> {
  const records: T[] = [];
  const issues: DataIssue[] = [];
  items.forEach((item, index) => {
    const result = schema.safeParse(item);
    if (result.success) records.push(result.data);
    else
      issues.push({
        file,
        record: { index, label: typeof item === 'object' && item !== null && 'ID' in item ? `ID ${String(item.ID)}` : undefined },
        message: `the CRM answered a record the site cannot read: ${result.error.issues[0]?.message ?? 'not a record'}`,
      });
  });
  return { records, issues };
}

export class OmnicasaConnector implements CatalogueConnector {
  readonly name = 'Omnicasa';
  private readonly client: OmnicasaClient;

  constructor(
    private readonly config: OmnicasaConfig,
    private readonly hosts: PictureHosts,
    options: ClientOptions = {},
  ) {
    this.client = new OmnicasaClient(config, options);
  }

  /** The CRM is a Belgian one: its DateTime fields are Brussels wall-clock times without an offset. */
  wallClock(instant: Date): string {
    const parts = brussels.formatToParts(instant);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '00';
    return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
  }

  validate(): Promise<void> {
    return this.client.validate();
  }

  private languageParams(language: CatalogueLanguage) {
    return { LanguageId: languageIds[language], DescriptionLanguageId: languageIds[language] };
  }

  async changedSince(cursor: string | undefined): Promise<Changes> {
    const versions = new Map<number, Map<CatalogueLanguage, CrmProperty>>();
    const issues: DataIssue[] = [];
    for (const language of this.config.languages) {
      const items = await this.client.all('GetPropertyList', { ...this.languageParams(language), ChangeSince: cursor ? crmDateTime(cursor) : undefined });
      const parsed = parseItems(items, crmPropertySchema, propertiesFile);
      issues.push(...parsed.issues);
      for (const record of parsed.records) versions.set(record.ID, (versions.get(record.ID) ?? new Map()).set(language, record));
    }
    const deletedIds = cursor ? await this.client.deletedIds('GetDeletedPropertyIDs') : [];
    const batch = await this.complete(versions, issues);
    let highWater: string | undefined;
    for (const languages of versions.values()) {
      for (const record of languages.values()) {
        const key = crmDateKey(record.LastChangedDate);
        if (key && (!highWater || key > highWater)) highWater = key;
      }
    }
    return { ...batch, deletedIds, highWater };
  }

  async fetch(ids: readonly number[]): Promise<ListingBatch> {
    const versions = new Map<number, Map<CatalogueLanguage, CrmProperty>>();
    const issues: DataIssue[] = [];
    for (const language of this.config.languages) await this.readByIds(ids, language, versions, issues);
    return this.complete(versions, issues);
  }

  async currentIds(): Promise<number[]> {
    const items = await this.client.all('GetPropertyList', { LanguageId: languageIds[this.config.languages[0] ?? 'nl'], DisplayFields: 'ID,Status' });
    return parseItems(items, crmPropertySchema, propertiesFile)
      .records.filter((record) => record.Status === undefined || record.Status === null || shownStatuses.has(Number(record.Status)))
      .map((record) => record.ID);
  }

  async reference(units: readonly Property[]): Promise<Reference> {
    const types: Record<string, unknown>[] = [];
    const projects: Record<string, unknown>[] = [];
    const issues: DataIssue[] = [];
    const projectIds = new Set<number>();
    for (const language of this.config.languages) {
      const webIds = parseItems(await this.client.all('GetWebIDList', { LanguageId: languageIds[language] }), crmWebIdSchema, 'data/catalogue/types.json');
      issues.push(...webIds.issues);
      types.push(...webIds.records.map((record) => typeOf(record, language)));
      const list = parseItems(await this.client.all('GetProjectList', this.languageParams(language)), crmProjectSchema, 'data/catalogue/projects.json');
      issues.push(...list.issues);
      for (const project of list.records) {
        if (project.PublishInternet === false) continue;
        projectIds.add(project.ID);
        projects.push(projectCandidate(project, language, units, this.hosts));
      }
    }
    const checkedTypes = checkTypes(types);
    const checkedProjects = checkProjects(projects);
    return {
      types: checkedTypes.records,
      projects: checkedProjects.records,
      projectIds: [...projectIds],
      deletedProjectIds: await this.client.deletedIds('GetDeletedProjectIDs'),
      refusals: [...issues, ...checkedTypes.issues, ...checkedProjects.issues],
    };
  }

  private async readByIds(ids: readonly number[], language: CatalogueLanguage, into: Map<number, Map<CatalogueLanguage, CrmProperty>>, issues: DataIssue[]): Promise<void> {
    for (const part of chunks(ids, idsPerCall)) {
      const value = await this.client.call('GetPropertiesByIDs', { ...this.languageParams(language), IDs: part.join(',') });
      const parsed = parseItems(listOf(value), crmPropertySchema, propertiesFile);
      issues.push(...parsed.issues);
      for (const record of parsed.records) into.set(record.ID, (into.get(record.ID) ?? new Map()).set(language, record));
    }
  }

  /** Fills the languages a list missed, reads documents and slots, maps and checks every version. */
  private async complete(versions: Map<number, Map<CatalogueLanguage, CrmProperty>>, issues: DataIssue[]): Promise<ListingBatch> {
    for (const language of this.config.languages) {
      const missing = [...versions].filter(([, languages]) => !languages.has(language)).map(([id]) => id);
      if (missing.length > 0) await this.readByIds(missing, language, versions, issues);
    }
    const unpublished: number[] = [];
    const shown = new Map<number, Map<CatalogueLanguage, CrmProperty>>();
    for (const [id, languages] of versions) {
      const status = Number([...languages.values()][0]?.Status);
      if (shownStatuses.has(status)) shown.set(id, languages);
      else unpublished.push(id);
    }
    const ids = [...shown.keys()];
    const documents = new Map<CatalogueLanguage, CrmDocument[]>();
    for (const language of this.config.languages) {
      const found: CrmDocument[] = [];
      for (const part of chunks(ids, idsPerCall)) {
        const items = await this.client.all('GetDocumentList', { LanguageId: languageIds[language], ObjectIDs: part.join(','), Publish: true });
        found.push(...parseItems(items, crmDocumentSchema, propertiesFile).records);
      }
      documents.set(language, found);
    }
    const slotCandidates: Record<string, unknown>[] = [];
    for (const id of ids) {
      const items = listOf(await this.client.call('GetAppointmentObject', { ObjectID: id, LanguageId: languageIds[this.config.languages[0] ?? 'nl'] }));
      const parsed = parseItems(items, crmSlotSchema, 'data/catalogue/appointment-slots.json');
      issues.push(...parsed.issues);
      slotCandidates.push(...parsed.records.filter((slot) => slot.ObjectID === id).map(slotOf));
    }
    const candidates: Record<string, unknown>[] = [];
    for (const [id, languages] of shown) {
      for (const language of this.config.languages) {
        const record = languages.get(language);
        if (record) candidates.push(propertyCandidate(record, language, documents.get(language) ?? [], this.hosts));
        else
          issues.push({
            file: propertiesFile,
            record: { index: candidates.length, label: `ID ${id}, ${language}` },
            message: `the CRM has no ${language} version of this listing: every listing needs one record per language`,
          });
      }
    }
    const checked = checkProperties(candidates);
    const slots = checkSlots(slotCandidates);
    const allIssues = [...issues, ...checked.issues, ...slots.issues];
    // One refused version refuses the listing: the site shows a listing in every language or not at all.
    const refused = new Set(
      allIssues
        .filter((issue) => issue.file === propertiesFile)
        .map(issueId)
        .filter((id): id is number => id !== undefined && shown.has(id)),
    );
    const documentUrls: Record<string, string> = {};
    for (const list of documents.values()) for (const document of list) documentUrls[`${document.ObjectID}/${documentName(document)}`] = document.Url;
    return {
      documentUrls,
      properties: checked.records.filter((record) => !refused.has(record.ID)),
      slots: slots.records.filter((slot) => !refused.has(slot.PropertyID)),
      answered: [...versions.keys()],
      unpublished,
      refusals: allIssues,
    };
  }
}
