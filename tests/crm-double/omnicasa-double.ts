import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { CrmParams, crmDateOfIso, crmDateTime, crmLanguages, isDateField, isJsonObject, languageOfId, ParamError, wcfDate, type CrmLanguage, type Json, type JsonObject } from './crm-values';
import { crmState, documentsDir, picturesDir, snapshotRecords, type CrmSlot, type CrmState, type SiteRecords, type Versions } from './snapshot-seed';

/*
 * A loopback Omnicasa (OmnicasaService, JSON endpoints) for the connector's tests, following
 * /work/shared/omnicasa-api.md: GET <base>/<version>/OmnicasaService.svc/<Endpoint>Json?json=<params>,
 * the { <Endpoint>JsonResult: { Code, Message, Success, Value } } envelope (keys in the order WCF
 * writes them, as in fw4's fixtures), paging with 1-based inclusive Limit1/Limit2 where `To` echoes
 * Limit2. Where the doc says a shape was never observed, the choice made here is said where it is made.
 */

export type Fault =
  /** Never answers; the socket stays open until the double closes. */
  | { kind: 'timeout' }
  /** A write is stored (its call counts as a success), then the answer never comes: the lost answer of a retry's duplicate. */
  | { kind: 'storeThenTimeout' }
  /** A write refused for one of its fields: Success:false, Code 500, a message naming the field; nothing stored. */
  | { kind: 'refuseField'; field: string }
  | { kind: 'http'; status: 500 | 503 }
  /** The connection is closed with no answer, as a host closes a kept-alive socket just as it is reused (a write is not stored). */
  | { kind: 'dropped' }
  /** fw4's error fixture, word for word. */
  | { kind: 'error600' }
  | { kind: 'wrongCredentials' }
  /** Before answering, a listing is inserted before (or the first one removed from) the rows already paged. */
  | { kind: 'shiftRows'; change: 'insert' | 'remove' }
  /** The answer's records (those of `ids`, or all) get fields set (a Price "abc", an unknown field) or dropped. */
  | { kind: 'alterRecords'; ids?: number[]; set?: JsonObject; drop?: string[] };

/** Which calls of the endpoint, counted from when the fault was set (1-based), and how many times at most. */
export interface FaultWhen {
  calls?: number[];
  times?: number;
}

export type PictureFault =
  | { kind: 'missing' }
  | { kind: 'huge'; bytes?: number }
  | { kind: 'slow'; stallMs: number }
  /** The connection closed with no answer, `times` times (then the picture is served): a kept-alive socket the host closed as it was reused. */
  | { kind: 'dropped'; times: number };

export interface CallRecord {
  endpoint: string;
  params: CrmParams;
  /** The double's clock at the call, in the CRM's form. */
  time: string;
  fault?: Fault['kind'];
  /** The envelope's Success; undefined when no envelope was sent (timeout, 5xx, bad request). */
  success?: boolean;
}

export interface OmnicasaDoubleOptions {
  /** 0 (default): an ephemeral port. */
  port?: number;
  version?: string;
  customerName?: string;
  customerPassword?: string;
  /** Site-format records to seed with; the embedded snapshot (data/catalogue) by default. */
  records?: SiteRecords;
  clock?: () => Date;
  /** Date fields as "YYYY-MM-DD HH:MM:SS" (default) or WCF's /Date(ms+0100)/. */
  dates?: 'text' | 'wcf';
  /**
   * fw4 takes `<Endpoint>JsonResult` or else the whole body, and returns it as is when it is an
   * array: the deleted IDs as the result (default), as the whole body ('top'), or inside Value.
   */
  deletedIds?: 'bare' | 'top' | 'value';
  /** Non-paged lists: Value as a bare array (default) or as { Items } (the doc has seen both). */
  simpleLists?: 'array' | 'items';
  credentialsError?: { Code: number; Message: string };
}

const writeEndpoints = ['ContactOnMe', 'ContactOnMeProject', 'DemandRegister2', 'UnsubscribeDemandPerson', 'AddPersonToAppointment', 'CreateHistory'] as const;

/*
 * The doc has no answer for refused credentials. fw4's only error fixture is a ValidateCustomer
 * call answering Code 600 "Error", so a refusal is taken to be a 600 too, with a message that
 * says what was refused.
 */
const defaultCredentialsError = { Code: 600, Message: 'Invalid CustomerName or CustomerPassword' };

class CrmError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface FaultEntry {
  endpoint: string;
  fault: Fault;
  when: FaultWhen;
  seen: number;
  fired: number;
}

interface Picture {
  bytes: Buffer;
  type: string;
}

const zeroChunk = Buffer.alloc(64 * 1024);

function hugeStream(total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(zeroChunk.length, total - sent);
      sent += size;
      this.push(size === zeroChunk.length ? zeroChunk : zeroChunk.subarray(0, size));
    },
  });
}

function compare(a: Json | undefined, b: Json | undefined): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function numberField(record: JsonObject, name: string): number | undefined {
  const value = record[name];
  return typeof value === 'number' ? value : undefined;
}

/** A person with search profiles, as DemandRegister2 made them. */
interface DemandPerson {
  ID: number;
  Email: string;
  Password: string | undefined;
  Name: string | undefined;
  FirstName: string | undefined;
}

/** One search profile; Zip is the comma-joined Zips it was registered with. */
export interface Demand {
  DemandID: number;
  PersonId: number;
  Goal: number | null;
  PriceMin: number | null;
  PriceMax: number | null;
  Zip: string;
  Comment: string;
  IsUnsubscribed: boolean;
}

/**
 * The encrypted ids of the CRM's mail links (GetDemandPerson IDCrypt / DemandIDCrypt): opaque text
 * with the characters base64 brings (+, /, =), so that a site that does not encode them breaks here too.
 */
const crypt = (kind: 'person' | 'demand', id: number) => Buffer.from(`omnicasa-double:${kind}:${id}:${(id * 7919) % 10007}`).toString('base64');
const uncrypt = (kind: 'person' | 'demand', value: string | undefined): number | undefined => {
  if (!value) return undefined;
  const match = /^omnicasa-double:(person|demand):(\d+):(\d+)$/.exec(Buffer.from(value, 'base64').toString('utf8'));
  const id = Number(match?.[2]);
  return match && match[1] === kind && crypt(kind, id) === value ? id : undefined;
};

export class OmnicasaDouble {
  readonly calls: CallRecord[] = [];
  /** Every picture asked for, by its path under /pictures/, in order. */
  readonly pictureRequests: string[] = [];
  private readonly server: http.Server;
  private state!: CrmState;
  private readonly deletedProperties: number[] = [];
  private readonly deletedProjects: number[] = [];
  private readonly faults: FaultEntry[] = [];
  private readonly pictureFaults = new Map<string, PictureFault>();
  private readonly generatedPictures = new Map<string, Picture>();
  private readonly held: http.ServerResponse[] = [];
  private readonly heldWaiters: { count: number; resolve: () => void }[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private nextId = 9_000_000;
  /** Search profiles (DemandRegister2), with their persons: what GetDemandPerson, GetDemandList and UnsubscribeDemandPerson read. */
  private readonly demandPersons: DemandPerson[] = [];
  private readonly demandsById = new Map<number, Demand>();
  private pictureVersion = 0;
  private origin = '';
  private readonly clock: () => Date;

  private constructor(private readonly options: OmnicasaDoubleOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.server = http.createServer((request, response) => {
      this.route(request, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
    });
  }

  static async start(options: OmnicasaDoubleOptions = {}): Promise<OmnicasaDouble> {
    const double = new OmnicasaDouble(options);
    await new Promise<void>((resolve) => double.server.listen(options.port ?? 0, '127.0.0.1', resolve));
    const address: AddressInfo | string | null = double.server.address();
    if (address === null || typeof address === 'string') throw new Error('the double has no TCP address');
    double.origin = `http://127.0.0.1:${address.port}`;
    double.state = crmState(options.records ?? snapshotRecords(), double.origin);
    return double;
  }

  get version(): string {
    return this.options.version ?? '1.12';
  }

  get customerName(): string {
    return this.options.customerName ?? 'immo-hainaut';
  }

  get customerPassword(): string {
    return this.options.customerPassword ?? 'double-password';
  }

  /** http://127.0.0.1:<port>, where the pictures and documents are too. */
  get host(): string {
    return this.origin;
  }

  /** <host>/<version>/OmnicasaService.svc/, as https://newapi.omnicasa.com/1.12/OmnicasaService.svc/ in production. */
  get baseUrl(): string {
    return `${this.origin}/${this.version}/OmnicasaService.svc/`;
  }

  /** The site's settings that point its connector at this double (lib/catalogue/crm reads them from the environment). */
  get env(): { OMNICASA_URL: string; OMNICASA_CUSTOMER_NAME: string; OMNICASA_CUSTOMER_PASSWORD: string } {
    return { OMNICASA_URL: this.baseUrl, OMNICASA_CUSTOMER_NAME: this.customerName, OMNICASA_CUSTOMER_PASSWORD: this.customerPassword };
  }

  /** The URL of one call with this double's credentials. */
  url(endpoint: string, params: JsonObject = {}): string {
    const json = JSON.stringify({ CustomerName: this.customerName, CustomerPassword: this.customerPassword, ...params });
    return `${this.baseUrl}${endpoint}Json?json=${encodeURIComponent(json)}`;
  }

  writes(endpoint?: string): CallRecord[] {
    return this.calls.filter((call) => (endpoint ? call.endpoint === endpoint : writeEndpoints.some((name) => name === call.endpoint)));
  }

  // ---- faults ------------------------------------------------------------------------------

  /** `endpoint` is an endpoint name without "Json", or '*' for every endpoint. */
  setFault(endpoint: string, fault: Fault, when: FaultWhen = {}): void {
    this.faults.push({ endpoint, fault, when, seen: 0, fired: 0 });
  }

  clearFaults(): void {
    this.faults.length = 0;
    this.pictureFaults.clear();
  }

  /** A fault on one picture, named by its URL or its path under /pictures/. */
  setPictureFault(urlOrPath: string, fault: PictureFault | null): void {
    const key = this.picturePath(urlOrPath);
    if (fault) this.pictureFaults.set(key, fault);
    else this.pictureFaults.delete(key);
  }

  /** Calls held by a timeout fault right now. */
  get heldCalls(): number {
    return this.held.filter((response) => !response.writableEnded && !response.destroyed).length;
  }

  /** Resolves once `count` calls are held by a timeout fault: the signal that a call is in the double's hands. */
  whenHeld(count = 1): Promise<void> {
    if (this.heldCalls >= count) return Promise.resolve();
    return new Promise((resolve) => this.heldWaiters.push({ count, resolve }));
  }

  // ---- control API ------------------------------------------------------------------------

  private now(): string {
    return crmDateTime(this.clock());
  }

  private versionsOf(id: number): Versions {
    const versions = this.state.properties.get(id);
    if (!versions) throw new Error(`the double holds no property ${id}`);
    return versions;
  }

  private touch(versions: Versions): void {
    const now = this.now();
    for (const record of versions.values()) record.LastChangedDate = now;
  }

  /** The property as the CRM holds it in one language (a copy), or undefined once deleted. */
  property(id: number, language: CrmLanguage = 'nl'): JsonObject | undefined {
    const versions = this.state.properties.get(id);
    const record = versions?.get(language) ?? versions?.get('nl');
    return record ? structuredClone(record) : undefined;
  }

  propertyIds(): number[] {
    return [...this.state.properties.keys()];
  }

  /** A new listing, one CRM record per language (the fields of the snapshot's records, less `language`). */
  addProperty(versions: Partial<Record<CrmLanguage, JsonObject>>): number {
    const records = new Map<CrmLanguage, JsonObject>();
    for (const [language, record] of Object.entries(versions)) {
      const known = crmLanguages.find((candidate) => candidate === language);
      if (known && record) records.set(known, structuredClone(record));
    }
    const first = records.values().next().value;
    const id = first ? numberField(first, 'ID') : undefined;
    if (id === undefined) throw new Error('a new property needs a numeric ID');
    const now = this.now();
    for (const record of records.values()) {
      record.CreatedDate ??= now;
      record.LastChangedDate = now;
    }
    this.state.properties.set(id, records);
    const deleted = this.deletedProperties.indexOf(id);
    if (deleted >= 0) this.deletedProperties.splice(deleted, 1);
    return id;
  }

  /** A new listing made of an existing one: its versions with `fields` (ID included) over them. */
  copyProperty(fromId: number, fields: JsonObject & { ID: number }): number {
    const versions: Partial<Record<CrmLanguage, JsonObject>> = {};
    for (const [language, record] of this.versionsOf(fromId)) versions[language] = { ...structuredClone(record), ...fields, CreatedDate: this.now() };
    return this.addProperty(versions);
  }

  /** Changes fields in every language, or in one; any JSON goes, an invalid value included. */
  changeProperty(id: number, fields: JsonObject, language?: CrmLanguage): void {
    const versions = this.versionsOf(id);
    for (const [lang, record] of versions) if (!language || lang === language) Object.assign(record, structuredClone(fields));
    this.touch(versions);
  }

  /**
   * The same listing answered with its fields, and those of its pictures, in another order (JSON
   * objects have none): nothing changes in the CRM, LastChangedDate included.
   */
  reorderFields(id: number): void {
    const reversed = (value: Json): Json =>
      Array.isArray(value)
        ? value.map(reversed)
        : isJsonObject(value)
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([key, item]) => [key, reversed(item)]),
            )
          : value;
    const versions = this.versionsOf(id);
    for (const [language, record] of versions) {
      const turned = reversed(record);
      if (isJsonObject(turned)) versions.set(language, turned);
    }
  }

  /** Omnicasa main status (§5.3): 2 sold, 4 rented, 1 active… */
  setStatus(id: number, status: number): void {
    this.changeProperty(id, { Status: status });
  }

  deleteProperty(id: number): void {
    this.versionsOf(id);
    this.state.properties.delete(id);
    if (!this.deletedProperties.includes(id)) this.deletedProperties.push(id);
  }

  changeProject(id: number, fields: JsonObject, language?: CrmLanguage): void {
    const versions = this.state.projects.get(id);
    if (!versions) throw new Error(`the double holds no project ${id}`);
    for (const [lang, record] of versions) if (!language || lang === language) Object.assign(record, structuredClone(fields));
    this.touch(versions);
  }

  deleteProject(id: number): void {
    if (!this.state.projects.delete(id)) throw new Error(`the double holds no project ${id}`);
    if (!this.deletedProjects.includes(id)) this.deletedProjects.push(id);
  }

  /**
   * Gives one picture of a listing new bytes at a new URL, in both sizes the records carry: real
   * WebP images (the connector resizes them), `bytes` if given for the large one.
   */
  async changePicture(id: number, pictureId: number, options: { bytes?: Buffer; Name?: string } = {}): Promise<{ smallUrl: string; largeUrl: string }> {
    const versions = this.versionsOf(id);
    this.pictureVersion += 1;
    const stem = `changed/${id}/${pictureId}-v${this.pictureVersion}`;
    const background = { r: (pictureId * 37) % 256, g: (this.pictureVersion * 91) % 256, b: 160 };
    const image = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background } })
        .webp()
        .toBuffer();
    this.generatedPictures.set(`${stem}-sm.webp`, { bytes: await image(250, 167), type: 'image/webp' });
    this.generatedPictures.set(`${stem}-xl.webp`, { bytes: options.bytes ?? (await image(1360, 907)), type: 'image/webp' });
    const smallUrl = `${this.origin}/pictures/${stem}-sm.webp`;
    const largeUrl = `${this.origin}/pictures/${stem}-xl.webp`;
    let found = false;
    for (const record of versions.values()) {
      for (const [field, value] of Object.entries(record)) {
        if (!/PictureItems?$/.test(field)) continue;
        const url = field.startsWith('Small') ? smallUrl : largeUrl;
        for (const item of Array.isArray(value) ? value : [value]) {
          if (!isJsonObject(item) || item.ID !== pictureId) continue;
          item.Url = url;
          if (options.Name !== undefined) item.Name = options.Name;
          found = true;
        }
      }
    }
    if (!found) throw new Error(`property ${id} has no picture ${pictureId}`);
    this.touch(versions);
    return { smallUrl, largeUrl };
  }

  slot(id: number): CrmSlot | undefined {
    const slot = this.state.slots.get(id);
    return slot ? { ...slot } : undefined;
  }

  slotsOf(propertyId: number): CrmSlot[] {
    return [...this.state.slots.values()].filter((slot) => slot.ObjectID === propertyId).map((slot) => ({ ...slot }));
  }

  /** A visit slot in the listing's agenda (dates in the CRM's form or ISO). Bumps the listing's LastChangedDate. */
  addSlot(slot: { ObjectID: number; StartDate: string; EndDate: string; Capacity: number; Booked?: number }): number {
    const versions = this.versionsOf(slot.ObjectID);
    const id = Math.max(0, ...this.state.slots.keys()) + 1;
    const normal = (date: string) => (date.includes('T') || date.length === 10 ? crmDateOfIso(date) : date);
    this.state.slots.set(id, { ID: id, ObjectID: slot.ObjectID, StartDate: normal(slot.StartDate), EndDate: normal(slot.EndDate), Capacity: slot.Capacity, Booked: slot.Booked ?? 0 });
    this.touch(versions);
    return id;
  }

  fillSlot(id: number): void {
    const slot = this.state.slots.get(id);
    if (!slot) throw new Error(`the double has no slot ${id}`);
    slot.Booked = slot.Capacity;
    this.touch(this.versionsOf(slot.ObjectID));
  }

  /**
   * Makes the CRM's owner of a listing the owner with this e-mail (GetRelatedProperties), taking it
   * from whoever owned it; an e-mail the double does not know becomes a new owner.
   */
  setOwnerOf(propertyId: number, email: string): void {
    this.versionsOf(propertyId);
    for (const owner of this.state.owners) owner.PropertyIDs = owner.PropertyIDs.filter((id) => id !== propertyId);
    const owner = this.state.owners.find((candidate) => candidate.Email.toLowerCase() === email.toLowerCase());
    if (owner) owner.PropertyIDs.push(propertyId);
    else this.state.owners.push({ ID: Math.max(0, ...this.state.owners.map((candidate) => candidate.ID)) + 1, Email: email, PropertyIDs: [propertyId], History: [] });
  }

  /** An entry in a listing's agenda (GetCalendarHistories, and GetAppointmentOfStatisticsGraphList for a 'Visit'); the date ISO. */
  addCalendarEntry(propertyId: number, entry: { Date: string; Type: string; Subject: string; Status: string; VisitorConsent?: boolean }): void {
    this.versionsOf(propertyId);
    const owner = this.state.owners.find((candidate) => candidate.PropertyIDs.includes(propertyId));
    if (!owner) throw new Error(`the double has no owner of ${propertyId}`);
    let history = owner.History.find((item) => item.PropertyID === propertyId);
    if (!history) {
      history = { PropertyID: propertyId, Calendar: [], Communications: [], OnlineMedia: [], Sources: [] };
      owner.History.push(history);
    }
    history.Calendar.push({ ...entry });
  }

  /** The search profiles the double holds (DemandRegister2), unsubscribed ones included; copies. */
  demands(email?: string): (Demand & { Email: string })[] {
    return this.demandPersons
      .filter((person) => email === undefined || person.Email.toLowerCase() === email.toLowerCase())
      .flatMap((person) => [...this.demandsById.values()].filter((demand) => demand.PersonId === person.ID).map((demand) => ({ ...demand, Email: person.Email })));
  }

  /** The encrypted ids the CRM's own alert mail puts in its unsubscribe link, for one profile. */
  demandLink(demandId: number): { personIdCrypt: string; demandIdCrypt: string } {
    const demand = this.demandsById.get(demandId);
    if (!demand) throw new Error(`the double has no demand ${demandId}`);
    return { personIdCrypt: crypt('person', demand.PersonId), demandIdCrypt: crypt('demand', demandId) };
  }

  /** An agent's edit of a profile's comment in the CRM. */
  changeDemandComment(demandId: number, comment: string): void {
    const demand = this.demandsById.get(demandId);
    if (!demand) throw new Error(`the double has no demand ${demandId}`);
    demand.Comment = comment;
  }

  /** An unsubscribe made in the CRM itself (an agent, or Omnicasa's own page). */
  unsubscribeDemand(demandId: number): void {
    const demand = this.demandsById.get(demandId);
    if (!demand) throw new Error(`the double has no demand ${demandId}`);
    demand.IsUnsubscribed = true;
  }

  /** Closes every socket, held calls and pictures still streaming included. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  // ---- HTTP --------------------------------------------------------------------------------

  private picturePath(urlOrPath: string): string {
    const pathname = urlOrPath.startsWith('http') ? new URL(urlOrPath).pathname : urlOrPath;
    return pathname.replace(/^\/?(pictures\/)?/, '');
  }

  private async route(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    if (request.method !== 'GET') {
      response.writeHead(405, { allow: 'GET', 'content-type': 'text/plain' }).end('Method not allowed');
      return;
    }
    if (url.pathname.startsWith('/pictures/')) {
      const relative = decodeURIComponent(url.pathname.slice('/pictures/'.length));
      this.pictureRequests.push(relative);
      return this.servePicture(relative, response);
    }
    if (url.pathname.startsWith('/documents/')) return this.serveDocument(decodeURIComponent(url.pathname.slice('/documents/'.length)), response);
    const match = new RegExp(`^/${this.version.replace('.', '\\.')}/OmnicasaService\\.svc/([A-Za-z0-9]+)Json$`).exec(url.pathname);
    const handler = match?.[1] ? this.handlers[match[1]] : undefined;
    if (!match?.[1] || !handler) {
      // What WCF answers for an operation it does not have.
      response.writeHead(404, { 'content-type': 'text/html' }).end('<p>Endpoint not found.</p>');
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(url.searchParams.get('json') ?? '{}');
    } catch {
      raw = undefined;
    }
    if (!isJsonObject(raw)) {
      response.writeHead(400, { 'content-type': 'text/html' }).end('<p>The server encountered an error processing the request.</p>');
      return;
    }
    const endpoint = match[1];
    const params = new CrmParams(raw);
    const call: CallRecord = { endpoint, params, time: this.now() };
    this.calls.push(call);
    const fault = this.faultFor(endpoint);
    call.fault = fault?.kind;
    if (fault?.kind === 'timeout') {
      this.hold(response);
      return;
    }
    if (fault?.kind === 'dropped') {
      call.success = false;
      response.socket?.destroy();
      return;
    }
    if (fault?.kind === 'http') {
      response.writeHead(fault.status, { 'content-type': 'text/html' }).end(`<p>${fault.status === 503 ? 'Service Unavailable' : 'Internal Server Error'}</p>`);
      return;
    }
    const send = (result: JsonObject | Json[]) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ [`${endpoint}JsonResult`]: result }));
    };
    const fail = (code: number, message: string) => {
      call.success = false;
      send({ Code: code, Message: message, Success: false, Value: null });
    };
    if (fault?.kind === 'error600') return fail(600, 'Error');
    if (fault?.kind === 'refuseField') return fail(500, `The value of ${fault.field} is not valid`);
    const credentialsError = this.options.credentialsError ?? defaultCredentialsError;
    if (fault?.kind === 'wrongCredentials' || params.text('CustomerName') !== this.customerName || params.text('CustomerPassword') !== this.customerPassword) {
      return fail(credentialsError.Code, credentialsError.Message);
    }
    if (fault?.kind === 'shiftRows') this.shiftRows(endpoint, fault.change);
    let value: Json;
    try {
      value = handler(params);
    } catch (error) {
      if (error instanceof CrmError) return fail(error.code, error.message);
      if (error instanceof ParamError) return fail(600, error.message);
      throw error;
    }
    if (fault?.kind === 'storeThenTimeout') {
      call.success = true;
      this.hold(response);
      return;
    }
    if (fault?.kind === 'alterRecords') value = alterRecords(value, fault);
    if (this.options.dates === 'wcf') value = wcfDates(value);
    call.success = true;
    if ((endpoint === 'GetDeletedPropertyIDs' || endpoint === 'GetDeletedProjectIDs') && this.options.deletedIds !== 'value' && Array.isArray(value)) {
      if (this.options.deletedIds !== 'top') return send(value);
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value));
      return;
    }
    send({ Code: 0, Message: '', Success: true, Value: value });
  }

  /** A call that gets no answer until the double closes; whoever waits for held calls hears of it. */
  private hold(response: http.ServerResponse): void {
    this.held.push(response);
    for (const waiter of [...this.heldWaiters]) {
      if (this.heldCalls < waiter.count) continue;
      this.heldWaiters.splice(this.heldWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  private faultFor(endpoint: string): Fault | undefined {
    let chosen: Fault | undefined;
    for (const entry of this.faults) {
      if (entry.endpoint !== endpoint && entry.endpoint !== '*') continue;
      entry.seen += 1;
      if (chosen) continue;
      if (entry.when.calls && !entry.when.calls.includes(entry.seen)) continue;
      if (entry.when.times !== undefined && entry.fired >= entry.when.times) continue;
      entry.fired += 1;
      chosen = entry.fault;
    }
    return chosen;
  }

  private shiftRows(endpoint: string, change: 'insert' | 'remove'): void {
    const projects = endpoint === 'GetProjectList';
    const ids = [...(projects ? this.state.projects : this.state.properties).keys()].sort((a, b) => a - b);
    const first = ids[0];
    if (first === undefined) return;
    if (projects) {
      if (change === 'remove') this.deleteProject(first);
      else {
        const copy = new Map([...(this.state.projects.get(first) ?? [])].map(([lang, record]) => [lang, { ...structuredClone(record), ID: first - 1 }]));
        this.state.projects.set(first - 1, copy);
        this.touch(copy);
      }
      return;
    }
    if (change === 'remove') this.deleteProperty(first);
    else this.copyProperty(first, { ID: first - 1 });
  }

  private servePicture(relative: string, response: http.ServerResponse): void {
    const fault = this.pictureFaults.get(relative);
    const file = path.resolve(picturesDir, relative);
    const inside = file.startsWith(picturesDir + path.sep) && existsSync(file) && statSync(file).isFile();
    const generated = this.generatedPictures.get(relative);
    const type = relative.endsWith('.webp') ? 'image/webp' : relative.endsWith('.png') ? 'image/png' : 'image/jpeg';
    if (fault?.kind === 'dropped' && fault.times > 0) {
      fault.times -= 1;
      response.socket?.destroy();
      return;
    }
    if (fault?.kind === 'huge') {
      const total = fault.bytes ?? 50 * 1024 * 1024;
      response.writeHead(200, { 'content-type': type, 'content-length': total });
      hugeStream(total).pipe(response);
      return;
    }
    if (fault?.kind === 'missing' || (!generated && !inside)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (fault?.kind === 'slow') {
      // Headers and the first bytes at once, the rest after the stall: a download that hangs midway.
      const bytes = generated?.bytes ?? readFileSync(file);
      response.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
      const cut = Math.min(16, bytes.length);
      response.write(bytes.subarray(0, cut));
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        response.end(bytes.subarray(cut));
      }, fault.stallMs);
      this.timers.add(timer);
      return;
    }
    if (generated) {
      response.writeHead(200, { 'content-type': generated.type, 'content-length': generated.bytes.length }).end(generated.bytes);
      return;
    }
    response.writeHead(200, { 'content-type': type, 'content-length': statSync(file).size });
    createReadStream(file).pipe(response);
  }

  private serveDocument(name: string, response: http.ServerResponse): void {
    const file = path.resolve(documentsDir, name);
    if (!file.startsWith(documentsDir + path.sep) || !existsSync(file)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': statSync(file).size });
    createReadStream(file).pipe(response);
  }

  // ---- endpoints ---------------------------------------------------------------------------

  private languages(params: CrmParams): { language: CrmLanguage; description: CrmLanguage } {
    // An id the snapshot has no version for (5 Spanish, 6 Catalan) falls back to Dutch, the clients' default.
    const language = languageOfId(params.int('LanguageId')) ?? 'nl';
    return { language, description: languageOfId(params.int('DescriptionLanguageId')) ?? language };
  }

  private view(versions: Versions, params: CrmParams): JsonObject {
    const { language, description } = this.languages(params);
    const record = versions.get(language) ?? versions.get('nl') ?? versions.values().next().value ?? {};
    const texts = versions.get(description) ?? record;
    const result: JsonObject = structuredClone(record);
    for (const field of ['DescriptionA', 'DescriptionB']) if (field in texts) result[field] = structuredClone(texts[field] ?? null);
    return pick(result, params.list('DisplayFields'));
  }

  /** One page of rows; only the rows of the page are rendered, so paging 5,000 listings stays cheap. */
  private page<T>(rows: readonly T[], params: CrmParams, render: (row: T) => Json): JsonObject {
    const limit1 = params.int('Limit1');
    const limit2 = params.int('Limit2');
    const from = limit1 ?? 1;
    // Without Limit2 the whole rest is answered; `To` then says where it ends (the doc only shows To echoing a given Limit2).
    const to = limit2 ?? Math.max(rows.length, from - 1);
    if (from < 1 || to < from - 1) throw new CrmError(600, `Invalid Limit1/Limit2: ${from}-${to}`);
    return { From: from, Items: rows.slice(from - 1, to).map(render), RowsCount: rows.length, To: to };
  }

  private simpleList(items: Json[]): Json {
    return this.options.simpleLists === 'items' ? { Items: items } : items;
  }

  /** The listings a property search matches, in its order, not yet rendered (see `view`). */
  private propertyRows(params: CrmParams, filter: (record: JsonObject) => boolean = () => true): Versions[] {
    const ids = params.intList('IDs');
    const goal = params.int('Goal');
    const statuses = [...(params.intList('Status') ?? []), ...(params.intList('StatusList') ?? [])];
    const projectId = params.int('ProjectID');
    const webIds = params.intList('WebIDs');
    const since = params.dateTime('ChangeSince');
    const { language } = this.languages(params);
    const rows: Versions[] = [];
    for (const versions of this.state.properties.values()) {
      const record = versions.get(language) ?? versions.get('nl') ?? versions.values().next().value;
      if (!record) continue;
      const id = numberField(record, 'ID');
      if (ids && (id === undefined || !ids.includes(id))) continue;
      if (goal !== undefined && record.Goal !== goal) continue;
      if (statuses.length > 0 && !statuses.some((status) => status === record.Status)) continue;
      if (projectId !== undefined && record.ProjectID !== projectId) continue;
      if (
        webIds &&
        !webIds.some(
          (webId) =>
            record.WebID === webId ||
            String(record.WebIDs ?? '')
              .split(',')
              .includes(String(webId)),
        )
      )
        continue;
      // ChangeSince is taken as inclusive: a cursor at the second of a change reads it again rather than missing it.
      if (since !== undefined && !(typeof record.LastChangedDate === 'string' && record.LastChangedDate >= since)) continue;
      if (!filter(record)) continue;
      rows.push(versions);
    }
    return sortRows(rows, params.list('SortFields'), (versions) => versions.get(language) ?? versions.get('nl') ?? {});
  }

  private projectRows(params: CrmParams): Versions[] {
    const publish = params.bool('IsPublishInternet') ?? params.bool('IsPublishWebsite');
    const { language } = this.languages(params);
    const recordOf = (versions: Versions) => versions.get(language) ?? versions.get('nl') ?? {};
    const rows = [...this.state.projects.values()].filter((versions) => publish === undefined || recordOf(versions).PublishInternet === publish);
    return sortRows(rows, params.list('SortFields'), recordOf);
  }

  private owner(params: CrmParams) {
    const email = params.text('Email')?.toLowerCase();
    return this.state.owners.find((owner) => owner.Email.toLowerCase() === email);
  }

  private calendar(objectIds: number[] | undefined): JsonObject[] {
    let next = 1;
    const entries: JsonObject[] = [];
    for (const owner of this.state.owners) {
      for (const history of owner.History) {
        for (const event of history.Calendar) {
          const id = next++;
          if (objectIds && !objectIds.includes(history.PropertyID)) continue;
          entries.push({
            ID: id,
            ObjectID: history.PropertyID,
            Date: crmDateOfIso(event.Date),
            TypeName: event.Type,
            Subject: event.Subject,
            Status: event.Status,
            VisitorConsent: event.VisitorConsent ?? false,
          });
        }
      }
    }
    return entries;
  }

  private book(slotId: number, objectId: number | undefined): CrmSlot {
    const slot = this.state.slots.get(slotId);
    if (!slot || (objectId !== undefined && slot.ObjectID !== objectId)) throw new CrmError(600, `Appointment ${slotId} not found`);
    if (slot.Booked >= slot.Capacity) throw new CrmError(600, `Appointment ${slotId} is full`);
    slot.Booked += 1;
    return slot;
  }

  private registerDemand(params: CrmParams): void {
    const email = params.text('Email');
    if (!email) throw new CrmError(600, 'Email is required');
    let person = this.demandPersons.find((candidate) => candidate.Email.toLowerCase() === email.toLowerCase());
    if (!person) {
      person = { ID: this.nextId++, Email: email, Password: undefined, Name: undefined, FirstName: undefined };
      this.demandPersons.push(person);
    }
    // DemandRegister2 creates or updates the person: a password given is the person's from then on.
    person.Password = params.text('Password') ?? person.Password;
    person.Name = params.text('Name') ?? person.Name;
    person.FirstName = params.text('FirstName') ?? person.FirstName;
    const number = (name: string) => {
      const value = params.get(name);
      return typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
    };
    const id = this.nextId++;
    this.demandsById.set(id, {
      DemandID: id,
      PersonId: person.ID,
      Goal: params.int('Goal') ?? null,
      PriceMin: number('PriceMin'),
      PriceMax: number('PriceMax'),
      Zip: (params.list('Zips') ?? []).join(','),
      Comment: params.text('Comment') ?? '',
      IsUnsubscribed: false,
    });
  }

  /** The profile of a call: by ID and DemandID, or by the mail link's encrypted pair (`crypt` names the fields). */
  private demandOf(params: CrmParams, crypted: { person: string; demand: string }): { person: DemandPerson; demand: Demand } | undefined {
    const personId = params.int('ID') ?? uncrypt('person', params.text(crypted.person));
    const demandId = params.int('DemandID') ?? uncrypt('demand', params.text(crypted.demand));
    const demand = demandId === undefined ? undefined : this.demandsById.get(demandId);
    const person = this.demandPersons.find((candidate) => candidate.ID === personId);
    return demand && person && demand.PersonId === person.ID ? { person, demand } : undefined;
  }

  private readonly handlers: Record<string, (params: CrmParams) => Json> = {
    ValidateCustomer: () => true,
    GetPropertyList: (params) => this.page(this.propertyRows(params), params, (versions) => this.view(versions, params)),
    GetPropertiesByIDs: (params) => this.simpleList(this.propertyRows(params).map((versions) => this.view(versions, params))),
    GetProperty: (params) => {
      const versions = this.state.properties.get(params.int('ID') ?? 0);
      return versions ? this.view(versions, params) : null;
    },
    GetDeletedPropertyIDs: () => [...this.deletedProperties],
    GetProjectList: (params) => this.page(this.projectRows(params), params, (versions) => this.view(versions, params)),
    GetProject: (params) => {
      const versions = this.state.projects.get(params.int('ID') ?? 0);
      return versions ? this.view(versions, params) : null;
    },
    GetDeletedProjectIDs: () => [...this.deletedProjects],
    GetWebIDList: (params) => {
      const webIds = params.intList('WebIDs');
      const forSale = params.bool('ForSale');
      const forRent = params.bool('ForRent');
      const goal = params.int('PropertyGoal');
      const types = this.state.types.get(this.languages(params).language) ?? this.state.types.get('nl') ?? [];
      const rows = types
        .filter((type) => !webIds || webIds.includes(Number(type.WebID)))
        .filter((type) => (forSale === undefined || type.Sale === forSale) && (forRent === undefined || type.Rent === forRent))
        .filter((type) => goal === undefined || (goal === 0 ? type.Sale : type.Rent))
        .map((type): JsonObject => ({ ID: type.ID, WebID: type.WebID, Name: type.Name, ShowOrder: type.ShowOrder, Sale: type.Sale, Rent: type.Rent }));
      return this.page(sortRows(rows, params.list('SortFields') ?? ['ShowOrder'], same), params, same);
    },
    // Item shape not observed (doc §3.7): the fields of the site's cities.json, counted from the listings held now.
    GetCityListOfObjects: (params) => {
      const statuses = params.intList('StatusList');
      const cities = new Map<string, JsonObject>();
      for (const versions of this.propertyRows(params, (record) => !statuses || statuses.some((status) => status === record.Status))) {
        const record = this.view(versions, params);
        const key = `${String(record.Zip)} ${String(record.City)}`;
        const city = cities.get(key) ?? { Name: record.City ?? null, Zip: record.Zip ?? null, CountryID: record.CountryID ?? null, CountryName: record.CountryName ?? null, PropertyCount: 0 };
        city.PropertyCount = (numberField(city, 'PropertyCount') ?? 0) + 1;
        cities.set(key, city);
      }
      return this.simpleList(sortRows([...cities.values()], params.list('SortFields') ?? ['Zip'], same));
    },
    // Item shape chosen: the large picture with its small twin, in the order of the record.
    GetPropertyPictureList: (params) => {
      const objectId = params.int('ObjectID');
      const pictureIds = params.intList('IDs');
      const rows: JsonObject[] = [];
      const only = objectId === undefined ? undefined : this.state.properties.get(objectId);
      const candidates = objectId === undefined ? [...this.state.properties.values()] : only ? [only] : [];
      for (const versions of candidates) {
        const record = this.view(versions, params);
        const large = Array.isArray(record.XLargePictureItems) ? record.XLargePictureItems.filter(isJsonObject) : [];
        const small = Array.isArray(record.SmallPictureItems) ? record.SmallPictureItems.filter(isJsonObject) : [];
        large.forEach((item, index) => {
          if (pictureIds && !pictureIds.some((id) => id === item.ID)) return;
          const twin = small.find((candidate) => candidate.ID === item.ID);
          rows.push({
            ID: item.ID ?? null,
            ObjectID: record.ID ?? null,
            ShowOrder: index + 1,
            Name: item.Name ?? '',
            Url: item.Url ?? null,
            Width: item.Width ?? null,
            Height: item.Height ?? null,
            SmallUrl: twin?.Url ?? null,
          });
        });
      }
      return this.page(rows, params, same);
    },
    // Item shape not observed on OmnicasaService (doc §7): ID, ObjectID, Name, Url, FileName, Publish.
    GetDocumentList: (params) => {
      const ids = params.intList('IDs');
      const objectIds = params.intList('ObjectIDs');
      const publish = params.bool('Publish');
      const { language } = this.languages(params);
      const rows = [...this.state.documents.values()]
        .filter((document) => this.state.properties.has(document.ObjectID))
        .filter((document) => (!ids || ids.includes(document.ID)) && (!objectIds || objectIds.includes(document.ObjectID)) && (publish === undefined || document.Publish === publish))
        .map((document): JsonObject => ({
          ID: document.ID,
          ObjectID: document.ObjectID,
          Name: document.Names[language] ?? document.Names.nl ?? document.FileName,
          Url: `${this.origin}/documents/${encodeURIComponent(document.FileName)}`,
          FileName: document.FileName,
          Publish: document.Publish,
        }));
      return this.page(rows, params, same);
    },
    // Item shape not observed: a slot of the agenda with its capacity and the places taken.
    GetAppointmentObject: (params) => {
      const objectId = params.int('ObjectID');
      const slots = [...this.state.slots.values()].filter((slot) => objectId === undefined || slot.ObjectID === objectId);
      return this.simpleList(slots.map((slot): JsonObject => ({ ...slot })));
    },
    GetRelatedProperties: (params) => {
      const owner = this.owner(params);
      return this.page(owner ? this.propertyRows(params, (record) => owner.PropertyIDs.some((id) => id === record.ID)) : [], params, (versions) => this.view(versions, params));
    },
    // Owner-portal shapes are not documented (doc §2.7): chosen from the site's owners.json.
    GetCalendarHistories: (params) => {
      const objectId = params.int('ObjectID');
      const projectId = params.int('ProjectID');
      const unitIds = projectId === undefined ? undefined : this.propertyRows(new CrmParams({ ProjectID: projectId })).map((versions) => numberField(versions.get('nl') ?? {}, 'ID') ?? 0);
      const from = params.dateTime('FromDate');
      const to = params.dateTime('ToDate');
      const objectIds = objectId !== undefined ? [objectId] : unitIds;
      const rows = this.calendar(objectIds).filter((entry) => typeof entry.Date === 'string' && (!from || entry.Date >= from) && (!to || entry.Date <= to));
      return this.page(rows, params, same);
    },
    // One row per month holding visits: { Date: first of the month, Count }.
    GetAppointmentOfStatisticsGraphList: (params) => {
      const from = params.dateTime('StartDate');
      const to = params.dateTime('EndDate');
      const counts = new Map<string, number>();
      for (const entry of this.calendar(params.intList('ObjectIDs'))) {
        if (entry.TypeName !== 'Visit' || typeof entry.Date !== 'string' || (from && entry.Date < from) || (to && entry.Date > to)) continue;
        const month = `${entry.Date.slice(0, 7)}-01 00:00:00`;
        counts.set(month, (counts.get(month) ?? 0) + 1);
      }
      return this.simpleList([...counts].sort(([a], [b]) => a.localeCompare(b)).map(([month, count]) => ({ Date: month, Count: count })));
    },
    // { ID, NumberOfMatchingDemands }: the subscribed demands registered here (DemandRegister2) whose goal and budget fit.
    GetMatchingStatisticOfProperty: (params) => {
      const id = params.int('ID');
      const record = this.state.properties.get(id ?? 0)?.get('nl');
      if (!record) return null;
      const price = numberField(record, 'Price') ?? 0;
      const matching = [...this.demandsById.values()].filter(
        (demand) => !demand.IsUnsubscribed && (demand.Goal === null || demand.Goal === record.Goal) && (demand.PriceMax === null || demand.PriceMax >= price),
      );
      return { ID: id ?? null, NumberOfMatchingDemands: matching.length };
    },
    // Shape never observed (doc §7): the person's fields and the one demand asked for, under Demand;
    // null for ids that name nothing (a forged or mistyped link). IsUnsubscribed, a request field in
    // fw4, is taken as a filter's flag and ignored; the answer carries the state itself.
    GetDemandPerson: (params) => {
      const found = this.demandOf(params, { person: 'IDCrypt', demand: 'DemandIDCrypt' });
      if (!found) return null;
      const { person, demand } = found;
      return { ID: person.ID, Email: person.Email, Name: person.Name ?? null, FirstName: person.FirstName ?? null, IsUnsubscribed: demand.IsUnsubscribed, Demand: { ...demand } };
    },
    // The demands of a person who logs in with Email and Password (doc §2.6), as SaveChangedDemandList's entries name their fields.
    GetDemandList: (params) => {
      const email = params.text('Email')?.toLowerCase();
      const person = this.demandPersons.find((candidate) => candidate.Email.toLowerCase() === email);
      if (!person || person.Password === undefined || person.Password !== params.text('Password')) throw new CrmError(600, 'Invalid Email or Password');
      const rows = [...this.demandsById.values()].filter((demand) => demand.PersonId === person.ID).map((demand): JsonObject => ({ ...demand, IsDeleted: false }));
      return this.page(rows, params, same);
    },
    ContactOnMe: (params) => {
      const appointment = params.int('AppointmentID');
      if (appointment !== undefined) this.book(appointment, params.int('ObjectID'));
      return true;
    },
    ContactOnMeProject: () => true,
    DemandRegister2: (params) => {
      this.registerDemand(params);
      return true;
    },
    // Unsubscribing twice answers true again: the state asked for holds.
    UnsubscribeDemandPerson: (params) => {
      const found = this.demandOf(params, { person: 'PersonIDEncrypt', demand: 'DemandIDEncrypt' });
      if (!found) throw new CrmError(600, 'Demand not found');
      found.demand.IsUnsubscribed = true;
      return true;
    },
    AddPersonToAppointment: (params) => {
      this.book(params.int('AppointmentID') ?? 0, undefined);
      return this.nextId++;
    },
    CreateHistory: () => this.nextId++,
  };
}

function pick(record: JsonObject, fields: string[] | undefined): JsonObject {
  if (!fields) return record;
  const wanted = new Set(['id', ...fields.map((field) => field.toLowerCase())]);
  return Object.fromEntries(Object.entries(record).filter(([key]) => wanted.has(key.toLowerCase())));
}

const same = <T>(row: T): T => row;

/** SortFields: "Field", "Field ASC" or "Field DESC", comma-separated (the doc gives no syntax); ID ascending otherwise. */
function sortRows<T>(rows: readonly T[], sortFields: string[] | undefined, recordOf: (row: T) => JsonObject): T[] {
  const keys = (sortFields ?? []).map((entry) => {
    const [field = '', direction = 'ASC'] = entry.trim().split(/\s+/);
    return { field, sign: direction.toUpperCase() === 'DESC' ? -1 : 1 };
  });
  keys.push({ field: 'ID', sign: 1 });
  return [...rows].sort((a, b) => {
    const left = recordOf(a);
    const right = recordOf(b);
    for (const { field, sign } of keys) {
      const order = compare(left[field], right[field]);
      if (order !== 0) return sign * order;
    }
    return 0;
  });
}

function alterRecord(record: Json, fault: Extract<Fault, { kind: 'alterRecords' }>): Json {
  if (!isJsonObject(record) || typeof record.ID !== 'number' || (fault.ids && !fault.ids.includes(record.ID))) return record;
  const result: JsonObject = { ...record, ...structuredClone(fault.set ?? {}) };
  for (const field of fault.drop ?? []) delete result[field];
  return result;
}

function alterRecords(value: Json, fault: Extract<Fault, { kind: 'alterRecords' }>): Json {
  if (Array.isArray(value)) return value.map((item) => alterRecord(item, fault));
  if (isJsonObject(value) && Array.isArray(value.Items)) return { ...value, Items: value.Items.map((item) => alterRecord(item, fault)) };
  return alterRecord(value, fault);
}

function wcfDates(value: Json): Json {
  if (Array.isArray(value)) return value.map(wcfDates);
  if (!isJsonObject(value)) return value;
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(value)) result[key] = isDateField(key) && typeof item === 'string' ? wcfDate(item) : wcfDates(item);
  return result;
}
