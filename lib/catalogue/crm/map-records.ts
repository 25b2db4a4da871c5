import path from 'node:path';
import { z } from 'zod';
import { validateData, type DataIssue } from '../../data-file';
import { rewriteLegacyHost } from '../../media/legacy-host';
import { catalogueFileSchemas, propertySchema, type AppointmentSlot, type CatalogueLanguage, type Project, type Property, type PropertyType } from '../schemas';
import { siteDateOfCrm, type CrmDocument, type CrmProject, type CrmProperty, type CrmSlot, type CrmWebId } from './omnicasa-records';

/*
 * CRM records → the site's own records (lib/catalogue/schemas), one per language. The snapshot's
 * format already mirrors Omnicasa's field names, so most fields pass as they are; what differs is
 * said where it is done. Fields the site does not know are left out (the site's schemas are strict
 * against typos in hand edits; a CRM sends more than the site shows). A record the site cannot
 * show is refused with the DataIssue check:data would give for the same record in the file.
 */

export const propertiesFile = 'data/catalogue/properties.json';
export const projectsFile = 'data/catalogue/projects.json';
const slotsFile = 'data/catalogue/appointment-slots.json';

/** Where pictures may be rewritten to (spec §7: old CRM image hosts → the CDN host). */
export type PictureHosts = { cdnHost: string; legacyHosts: readonly string[] };

const dayFields = new Set(['DateFree', 'EPCValidUntil', 'AsbestosDate']);
const timeFields = new Set(['CreatedDate', 'LastChangedDate']);

type Shape = Record<string, z.core.$ZodType>;

/** Whether a field of the site's schema holds a number (through optional/nullable wrappers). */
function expectsNumber(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def;
  if (def.type === 'number') return true;
  if ((def.type === 'optional' || def.type === 'nullable') && 'innerType' in def && def.innerType instanceof z.ZodType) return expectsNumber(def.innerType);
  if (def.type === 'union' && 'options' in def && Array.isArray(def.options)) return def.options.every((option: unknown) => option instanceof z.ZodLiteral && typeof option.value === 'number');
  return false;
}

const numericText = /^-?\d+(\.\d+)?$/;

function siteValue(field: string, value: unknown, schema: z.core.$ZodType): unknown {
  if (typeof value === 'string' && (dayFields.has(field) || timeFields.has(field))) return siteDateOfCrm(value, dayFields.has(field)) ?? value;
  // A number written as text (omnicasa-api.md §3.2, §3.3) is the number; any other text stays, to be refused.
  if (typeof value === 'string' && numericText.test(value.trim()) && expectsNumber(schema)) return Number(value.trim());
  return value;
}

function pictureUrls(value: unknown, hosts: PictureHosts): unknown {
  if (Array.isArray(value)) return value.map((item) => pictureUrls(item, hosts));
  if (typeof value !== 'object' || value === null) return value;
  const item: Record<string, unknown> = { ...value };
  if (typeof item.Url === 'string') item.Url = rewriteLegacyHost(item.Url, hosts.cdnHost, hosts.legacyHosts);
  return item;
}

/** The fields of `raw` the site's schema has, converted; absent ones stay absent (the schema says which may be). */
function pick(raw: Record<string, unknown>, shape: Shape, hosts: PictureHosts): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(shape)) {
    if (!(field in raw)) continue;
    const value = raw[field];
    record[field] = /Picture(Item|Items)$/.test(field) ? pictureUrls(value, hosts) : siteValue(field, value, schema);
  }
  return record;
}

/** The site's name for a document's file: the CRM's file name, in the folder the site serves documents from. */
export const documentName = (document: CrmDocument): string => document.FileName ?? decodeURIComponent(path.posix.basename(new URL(document.Url, 'http://crm.invalid').pathname));
const documentUrl = (document: CrmDocument) => `/catalogue/documents/${documentName(document)}`;

/** One listing in one language, not yet validated. */
export function propertyCandidate(raw: CrmProperty, language: CatalogueLanguage, documents: readonly CrmDocument[], hosts: PictureHosts): Record<string, unknown> {
  const record = pick(raw, propertySchema.shape, hosts);
  record.language = language;
  // 0 or null: no project (omnicasa-api.md §3.1).
  if (record.ProjectID === 0 || record.ProjectID === '0') record.ProjectID = null;
  if (Array.isArray(record.WebIDs)) record.WebIDs = record.WebIDs.join(',');
  // Documents come from GetDocumentList, not the record; only those published on the web.
  record.Documents = documents
    .filter((document) => document.ObjectID === raw.ID && document.Publish !== false)
    .map((document) => ({ ID: document.ID, Name: document.Name ?? '', Url: documentUrl(document) }));
  return record;
}

const projectShape: Shape = catalogueFileSchemas['projects.json'].element.shape;

/** A project in one language; its units are ordinary listings (ProjectID), their names from the project's Units when it has them. */
export function projectCandidate(raw: CrmProject, language: CatalogueLanguage, units: readonly Property[], hosts: PictureHosts): Record<string, unknown> {
  const record = pick(raw, projectShape, hosts);
  record.language = language;
  const named = new Map((raw.Units ?? []).map((unit) => [unit.PropertyID, unit]));
  const ownUnits = units.filter((unit) => unit.ProjectID === raw.ID && unit.language === language);
  // A unit's price and whether it is sold are the unit listing's own, as pulled now.
  record.Units = ownUnits
    .map((unit) => {
      const named_ = named.get(unit.ID);
      return { PropertyID: unit.ID, Floor: Number(named_?.Floor ?? unit.Floor ?? 0), Name: named_?.Name ?? unit.RecordFile ?? unit.TypeDescription, Price: unit.Price, Sold: unit.Status !== 1 };
    })
    .sort((a, b) => orderOf(raw, a.PropertyID) - orderOf(raw, b.PropertyID));
  return record;
}

function orderOf(raw: CrmProject, id: number): number {
  const index = (raw.Units ?? []).findIndex((unit) => unit.PropertyID === id);
  return index < 0 ? Number.MAX_SAFE_INTEGER - 1e6 + (id % 1e6) : index;
}

export function typeOf(raw: CrmWebId, language: CatalogueLanguage): Record<string, unknown> {
  return { ID: raw.ID, WebID: String(raw.WebID), Name: raw.Name, ShowOrder: raw.ShowOrder ?? 0, Sale: raw.Sale ?? false, Rent: raw.Rent ?? false, language };
}

export function slotOf(raw: CrmSlot): Record<string, unknown> {
  return {
    ID: raw.ID,
    PropertyID: raw.ObjectID,
    Start: siteDateOfCrm(raw.StartDate) ?? raw.StartDate,
    End: siteDateOfCrm(raw.EndDate) ?? raw.EndDate,
    Capacity: raw.Capacity,
    Booked: raw.Booked ?? 0,
  };
}

export type Checked<T> = { records: T[]; issues: DataIssue[] };

/**
 * Validates candidates one by one with the site's schema for their file: the valid ones, and the
 * issues of the others in check:data's words (file, record, field, message).
 */
function checkEach<T>(file: string, candidates: readonly Record<string, unknown>[], schema: z.ZodType<T[]>): Checked<T> {
  const whole = validateData(file, candidates, schema);
  if (whole.ok) return { records: whole.data, issues: [] };
  const bad = new Set(whole.issues.map((issue) => issue.record?.index));
  const good = validateData(
    file,
    candidates.filter((_, index) => !bad.has(index)),
    schema,
  );
  return { records: good.ok ? good.data : [], issues: whole.issues };
}

export const checkProperties = (candidates: readonly Record<string, unknown>[]): Checked<Property> => checkEach(propertiesFile, candidates, catalogueFileSchemas['properties.json']);
export const checkProjects = (candidates: readonly Record<string, unknown>[]): Checked<Project> => checkEach(projectsFile, candidates, catalogueFileSchemas['projects.json']);
export const checkTypes = (candidates: readonly Record<string, unknown>[]): Checked<PropertyType> => checkEach('data/catalogue/types.json', candidates, catalogueFileSchemas['types.json']);
export const checkSlots = (candidates: readonly Record<string, unknown>[]): Checked<AppointmentSlot> => checkEach(slotsFile, candidates, catalogueFileSchemas['appointment-slots.json']);

/** The listing ID an issue names ("ID 4000012, nl"), if it names one. */
export function issueId(issue: DataIssue): number | undefined {
  const match = /^ID (\d+)/.exec(issue.record?.label ?? '');
  return match ? Number(match[1]) : undefined;
}
