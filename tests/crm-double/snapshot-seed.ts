import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { catalogueFileSchemas, type AppointmentSlot, type Owner, type Project, type Property, type PropertyType } from '@/lib/catalogue/schemas';
import { crmDateOfIso, isJsonObject, type CrmLanguage, type Json, type JsonObject } from './crm-values';

/*
 * The site's snapshot (data/catalogue) mapped back to what Omnicasa would hold. The snapshot already
 * uses Omnicasa's field names, one record per language version; the CRM holds one record per
 * listing and answers it in the language asked for, so the versions are grouped by ID. What differs:
 * - `language` is the Gatsby sites' addition, not an API field: dropped.
 * - dates are the CRM's "YYYY-MM-DD HH:MM:SS" instead of ISO.
 * - picture and document URLs point at the double itself (`<origin>/pictures/…`, `<origin>/documents/…`).
 * - `Documents` leave the property record: on the API they come from GetDocumentList.
 * - a project keeps the snapshot's `Units` (name, floor) beside the units' own records, which carry
 *   `ProjectID`: the doc shows units only as properties, but nothing else holds a unit's name.
 */

export type Versions = Map<CrmLanguage, JsonObject>;

export interface CrmSlot {
  ID: number;
  ObjectID: number;
  StartDate: string;
  EndDate: string;
  Capacity: number;
  Booked: number;
}

interface CrmDocument {
  ID: number;
  ObjectID: number;
  /** The document's title per language (GetDocumentList answers it in the call's LanguageId). */
  Names: Partial<Record<CrmLanguage, string>>;
  /** The file's name under data/catalogue/documents (or a generated one). */
  FileName: string;
  Publish: boolean;
}

interface CrmOwner {
  ID: number;
  Email: string;
  PropertyIDs: number[];
  History: Owner['History'];
}

export interface CrmState {
  properties: Map<number, Versions>;
  projects: Map<number, Versions>;
  types: Map<CrmLanguage, PropertyType[]>;
  slots: Map<number, CrmSlot>;
  documents: Map<number, CrmDocument>;
  owners: CrmOwner[];
}

/** Records in the site's own format to seed the double with instead of the snapshot. */
export interface SiteRecords {
  properties: Property[];
  projects?: Project[];
  types?: PropertyType[];
  slots?: AppointmentSlot[];
  owners?: Owner[];
}

const root = path.resolve(__dirname, '../..');
const catalogueDir = path.join(root, 'data/catalogue');
export const documentsDir = path.join(catalogueDir, 'documents');
export const picturesDir = path.join(root, 'public/catalogue');

function recordsOf(name: keyof typeof catalogueFileSchemas): unknown {
  const json: unknown = JSON.parse(readFileSync(path.join(catalogueDir, name), 'utf8'));
  return z.object({ records: z.unknown() }).parse(json).records;
}

/** The embedded snapshot, read and checked with the site's own schemas. */
export function snapshotRecords(): SiteRecords {
  return {
    properties: catalogueFileSchemas['properties.json'].parse(recordsOf('properties.json')),
    projects: catalogueFileSchemas['projects.json'].parse(recordsOf('projects.json')),
    types: catalogueFileSchemas['types.json'].parse(recordsOf('types.json')),
    slots: catalogueFileSchemas['appointment-slots.json'].parse(recordsOf('appointment-slots.json')),
    owners: catalogueFileSchemas['owners.json'].parse(recordsOf('owners.json')),
  };
}

const siteDateFields = new Set(['CreatedDate', 'LastChangedDate', 'DateFree', 'AsbestosDate', 'EPCValidUntil']);

function toJson(value: unknown): Json {
  if (value === undefined) return null;
  const json: unknown = JSON.parse(JSON.stringify(value));
  if (json === null || typeof json === 'string' || typeof json === 'number' || typeof json === 'boolean') return json;
  if (Array.isArray(json)) return json.map(toJson);
  if (isJsonObject(json)) return json;
  return null;
}

/** Rewrites the site's /catalogue/… picture paths to the double's own picture URLs. */
function pictureUrls(value: Json, origin: string): Json {
  if (Array.isArray(value)) return value.map((item) => pictureUrls(item, origin));
  if (!isJsonObject(value)) return value;
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = key === 'Url' && typeof item === 'string' && item.startsWith('/catalogue/') ? `${origin}/pictures/${item.slice('/catalogue/'.length)}` : pictureUrls(item, origin);
  }
  return result;
}

function crmRecord(record: Property | Project, origin: string, drop: readonly string[]): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'language' || drop.includes(key)) continue;
    result[key] = siteDateFields.has(key) && typeof value === 'string' ? crmDateOfIso(value) : pictureUrls(toJson(value), origin);
  }
  return result;
}

function group<T extends { ID: number; language: CrmLanguage }>(records: readonly T[], map: (record: T) => JsonObject): Map<number, Versions> {
  const grouped = new Map<number, Versions>();
  for (const record of records) {
    const versions = grouped.get(record.ID) ?? new Map<CrmLanguage, JsonObject>();
    versions.set(record.language, map(record));
    grouped.set(record.ID, versions);
  }
  return grouped;
}

export function crmState(records: SiteRecords, origin: string): CrmState {
  const documents = new Map<number, CrmDocument>();
  for (const property of records.properties) {
    for (const document of property.Documents) {
      const known = documents.get(document.ID) ?? { ID: document.ID, ObjectID: property.ID, Names: {}, FileName: path.posix.basename(document.Url), Publish: true };
      known.Names[property.language] = document.Name;
      documents.set(document.ID, known);
    }
  }
  const types = new Map<CrmLanguage, PropertyType[]>();
  for (const type of records.types ?? []) types.set(type.language, [...(types.get(type.language) ?? []), type]);
  return {
    properties: group(records.properties, (property) => crmRecord(property, origin, ['Documents'])),
    projects: group(records.projects ?? [], (project) => ({ ...crmRecord(project, origin, []), PublishInternet: true })),
    types,
    slots: new Map(
      (records.slots ?? []).map((slot) => [
        slot.ID,
        { ID: slot.ID, ObjectID: slot.PropertyID, StartDate: crmDateOfIso(slot.Start), EndDate: crmDateOfIso(slot.End), Capacity: slot.Capacity, Booked: slot.Booked },
      ]),
    ),
    documents,
    owners: (records.owners ?? []).map((owner) => ({ ID: owner.ID, Email: owner.Email, PropertyIDs: [...owner.PropertyIDs], History: structuredClone(owner.History) })),
  };
}
