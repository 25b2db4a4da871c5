import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isJsonObject, type Json, type JsonObject } from '../crm-double/crm-values';
import { OmnicasaDouble, type OmnicasaDoubleOptions } from '../crm-double/omnicasa-double';

/*
 * The loopback Omnicasa the connector is tested against (tests/crm-double): what it answers must be
 * what /work/shared/omnicasa-api.md describes, or the connector's tests prove nothing.
 */

let now = new Date('2026-12-01T09:00:00Z');
const clock = () => now;
const opened: OmnicasaDouble[] = [];

async function startDouble(options: OmnicasaDoubleOptions = {}): Promise<OmnicasaDouble> {
  const double = await OmnicasaDouble.start({ clock, ...options });
  opened.push(double);
  return double;
}

afterAll(async () => {
  await Promise.all(opened.map((double) => double.close()));
});

async function body(double: OmnicasaDouble, endpoint: string, params: JsonObject = {}): Promise<unknown> {
  const response = await fetch(double.url(endpoint, params));
  expect(response.status, `${endpoint} answered HTTP ${response.status}`).toBe(200);
  return response.json();
}

/** The JsonResult of a call: { Code, Message, Success, Value }. */
async function result(double: OmnicasaDouble, endpoint: string, params: JsonObject = {}): Promise<JsonObject> {
  const answer = await body(double, endpoint, params);
  if (!isJsonObject(answer)) throw new Error(`not an object: ${JSON.stringify(answer)}`);
  const inner = answer[`${endpoint}JsonResult`];
  if (!isJsonObject(inner)) throw new Error(`no ${endpoint}JsonResult in ${JSON.stringify(answer)}`);
  return inner;
}

async function value(double: OmnicasaDouble, endpoint: string, params: JsonObject = {}): Promise<Json> {
  const inner = await result(double, endpoint, params);
  expect(inner.Success, `${endpoint} failed: ${String(inner.Message)}`).toBe(true);
  return inner.Value ?? null;
}

async function page(double: OmnicasaDouble, endpoint: string, params: JsonObject = {}) {
  const answer = await value(double, endpoint, params);
  if (!isJsonObject(answer) || !Array.isArray(answer.Items)) throw new Error(`not a page: ${JSON.stringify(answer)}`);
  return { From: answer.From, To: answer.To, RowsCount: answer.RowsCount, Items: answer.Items.filter(isJsonObject), keys: Object.keys(answer) };
}

async function list(double: OmnicasaDouble, endpoint: string, params: JsonObject = {}): Promise<JsonObject[]> {
  const answer = await value(double, endpoint, params);
  if (!Array.isArray(answer)) throw new Error(`not a list: ${JSON.stringify(answer)}`);
  return answer.filter(isJsonObject);
}

async function object(double: OmnicasaDouble, endpoint: string, params: JsonObject = {}): Promise<JsonObject> {
  const answer = await value(double, endpoint, params);
  if (!isJsonObject(answer)) throw new Error(`not an object: ${JSON.stringify(answer)}`);
  return answer;
}

const ids = (rows: JsonObject[]) => rows.map((row) => row.ID);
const crmDate = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('the Omnicasa double', () => {
  let double: OmnicasaDouble;
  beforeAll(async () => {
    double = await startDouble();
  });
  beforeEach(() => {
    double.clearFaults();
    now = new Date(now.getTime() + 60_000);
  });

  describe('transport and envelope', () => {
    it('answers GET <base>/<version>/OmnicasaService.svc/<Endpoint>Json?json=… in the JsonResult envelope, keys in WCF order', async () => {
      expect(double.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/1\.12\/OmnicasaService\.svc\/$/);
      const answer = await body(double, 'ValidateCustomer');
      expect(answer).toEqual({ ValidateCustomerJsonResult: { Code: 0, Message: '', Success: true, Value: true } });
      expect(Object.keys(await result(double, 'ValidateCustomer'))).toEqual(['Code', 'Message', 'Success', 'Value']);
    });

    it('takes parameter names in any case and lists comma-joined or as JSON arrays', async () => {
      const json = encodeURIComponent(JSON.stringify({ customername: double.customerName, CUSTOMERPASSWORD: double.customerPassword, ids: '4000002,4000003', limit1: 1, LIMIT2: 10 }));
      const answer: unknown = await (await fetch(`${double.baseUrl}GetPropertyListJson?json=${json}`)).json();
      expect(JSON.stringify(answer)).toContain('"RowsCount":2');
      const joined = await page(double, 'GetPropertyList', { IDs: '4000002,4000003' });
      const array = await page(double, 'GetPropertyList', { IDs: [4000002, 4000003] });
      expect(ids(joined.Items)).toEqual([4000002, 4000003]);
      expect(ids(array.Items)).toEqual(ids(joined.Items));
    });

    it('answers what WCF would for an unknown endpoint, another version, a body that is not JSON and another method', async () => {
      expect((await fetch(double.url('GetNothing'))).status).toBe(404);
      expect((await fetch(double.url('GetPropertyList').replace('/1.12/', '/1.13/'))).status).toBe(404);
      expect((await fetch(`${double.baseUrl}GetPropertyListJson?json=%7Bnot`)).status).toBe(400);
      expect((await fetch(double.url('ValidateCustomer'), { method: 'POST' })).status).toBe(405);
    });

    it('refuses wrong credentials with Success:false and no value', async () => {
      const refused = await body(double, 'GetPropertyList', { CustomerPassword: 'guess' });
      expect(refused).toEqual({ GetPropertyListJsonResult: { Code: 600, Message: 'Invalid CustomerName or CustomerPassword', Success: false, Value: null } });
    });
  });

  describe('paging', () => {
    it('answers rows Limit1 to Limit2 (1-based, inclusive), To echoing Limit2 on the last page, RowsCount the whole', async () => {
      const first = await page(double, 'GetPropertyList', { Limit1: 1, Limit2: 50 });
      expect(first.keys).toEqual(['From', 'Items', 'RowsCount', 'To']);
      expect({ From: first.From, To: first.To, RowsCount: first.RowsCount, rows: first.Items.length }).toEqual({ From: 1, To: 50, RowsCount: 57, rows: 50 });
      const last = await page(double, 'GetPropertyList', { Limit1: 51, Limit2: 100 });
      expect({ From: last.From, To: last.To, RowsCount: last.RowsCount, rows: last.Items.length }).toEqual({ From: 51, To: 100, RowsCount: 57, rows: 7 });
      expect(new Set([...ids(first.Items), ...ids(last.Items)]).size).toBe(57);
      const middle = await page(double, 'GetPropertyList', { Limit1: 3, Limit2: 4 });
      expect(ids(middle.Items)).toEqual(ids(first.Items).slice(2, 4));
      expect((await page(double, 'GetPropertyList', { Limit1: 101, Limit2: 150 })).Items).toEqual([]);
      const whole = await page(double, 'GetPropertyList');
      expect({ From: whole.From, To: whole.To, rows: whole.Items.length }).toEqual({ From: 1, To: 57, rows: 57 });
    });

    it('refuses a range that is no range', async () => {
      expect((await result(double, 'GetPropertyList', { Limit1: 0, Limit2: 10 })).Success).toBe(false);
      expect((await result(double, 'GetPropertyList', { Limit1: 10, Limit2: 2 })).Success).toBe(false);
      expect((await result(double, 'GetPropertyList', { Limit1: 'one' })).Success).toBe(false);
    });
  });

  describe('filters and languages', () => {
    it('filters on Goal, Status, StatusList, IDs and ProjectID, and sorts on SortFields', async () => {
      expect((await page(double, 'GetPropertyList', { Goal: 1 })).RowsCount).toBe(18);
      expect((await page(double, 'GetPropertyList', { Status: 2 })).RowsCount).toBe(5);
      expect((await page(double, 'GetPropertyList', { StatusList: '2,4' })).RowsCount).toBe(9);
      expect(ids((await page(double, 'GetPropertyList', { ProjectID: 5000001 })).Items)).toEqual([4000002, 4000003, 4000004, 4000005]);
      const byPrice = (await page(double, 'GetPropertyList', { SortFields: 'Price DESC', Goal: 0 })).Items.map((row) => Number(row.Price));
      expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a));
    });

    it('answers labels in LanguageId (1 nl, 2 fr, 3 en, 4 de) and descriptions in DescriptionLanguageId', async () => {
      const titles = [];
      for (const LanguageId of [1, 2, 3, 4]) titles.push((await object(double, 'GetProperty', { ID: 4000002, LanguageId })).TypeDescription);
      expect(titles).toEqual(['Appartement met 1 slaapkamer', 'Appartement 1 chambre', '1-bedroom apartment', 'Wohnung mit 1 Schlafzimmer']);
      const mixed = await object(double, 'GetProperty', { ID: 4000002, LanguageId: 3, DescriptionLanguageId: 2 });
      expect(mixed.TypeDescription).toBe('1-bedroom apartment');
      expect(mixed.DescriptionA).toBe((await object(double, 'GetProperty', { ID: 4000002, LanguageId: 2 })).DescriptionA);
      expect(mixed).not.toHaveProperty('language');
    });

    it('writes dates "YYYY-MM-DD HH:MM:SS" and points pictures at itself', async () => {
      const record = await object(double, 'GetProperty', { ID: 4000001 });
      expect(record.LastChangedDate).toMatch(crmDate);
      expect(record.CreatedDate).toMatch(crmDate);
      expect(JSON.stringify(record.XLargePictureItems)).toContain(`"${double.host}/pictures/4000001/1-xl.webp"`);
      expect(record).not.toHaveProperty('Documents');
    });

    it('keeps only DisplayFields (and the ID)', async () => {
      const record = await object(double, 'GetProperty', { ID: 4000001, DisplayFields: 'Price,city' });
      expect(Object.keys(record).sort()).toEqual(['City', 'ID', 'Price']);
    });
  });

  describe('changes', () => {
    it('answers since ChangeSince what changed, with LastChangedDate from its clock', async () => {
      const before = (await page(double, 'GetPropertyList', { ChangeSince: '2026-11-30 00:00:00' })).RowsCount;
      now = new Date('2026-12-02T10:15:30Z');
      double.changeProperty(4000010, { Price: 199000 });
      const changed = await page(double, 'GetPropertyList', { ChangeSince: '2026-12-02 11:15:30', LanguageId: 3 });
      expect(ids(changed.Items)).toEqual([4000010]);
      expect(changed.Items[0]).toMatchObject({ Price: 199000, LastChangedDate: '2026-12-02 11:15:30' });
      expect((await page(double, 'GetPropertyList', { ChangeSince: '2026-12-02T11:15:31' })).RowsCount).toBe(0);
      expect(before).toBe(0);
      expect((await result(double, 'GetPropertyList', { ChangeSince: 'yesterday' })).Success).toBe(false);
    });

    it('sets a status, adds and copies listings, each bumping LastChangedDate', async () => {
      double.setStatus(4000011, 2);
      expect(await object(double, 'GetProperty', { ID: 4000011 })).toMatchObject({ Status: 2, LastChangedDate: double.property(4000011)?.LastChangedDate });
      double.copyProperty(4000012, { ID: 4000900, Price: 100000 });
      const added = await object(double, 'GetProperty', { ID: 4000900, LanguageId: 2 });
      expect(added).toMatchObject({ ID: 4000900, Price: 100000, TypeDescription: double.property(4000012, 'fr')?.TypeDescription });
      expect((await page(double, 'GetPropertyList')).RowsCount).toBe(58);
      double.deleteProperty(4000900);
    });

    it('moves a deleted listing to GetDeletedPropertyIDs, a bare array, and out of every list', async () => {
      double.deleteProperty(4000020);
      expect(await body(double, 'GetDeletedPropertyIDs')).toEqual({ GetDeletedPropertyIDsJsonResult: [4000900, 4000020] });
      expect(await value(double, 'GetProperty', { ID: 4000020 })).toBeNull();
      expect(ids((await page(double, 'GetPropertyList')).Items)).not.toContain(4000020);
      double.deleteProject(5000003);
      expect(await body(double, 'GetDeletedProjectIDs')).toEqual({ GetDeletedProjectIDsJsonResult: [5000003] });
    });

    it('gives a changed picture a new URL serving new, decodable bytes', async () => {
      const before = double.property(4000001)?.LastChangedDate;
      now = new Date(now.getTime() + 3_600_000);
      const { largeUrl } = await double.changePicture(4000001, 102);
      const pictures = (await page(double, 'GetPropertyPictureList', { ObjectID: 4000001 })).Items;
      expect(pictures.map((picture) => picture.Url)).toEqual([`${double.host}/pictures/4000001/1-xl.webp`, largeUrl, `${double.host}/pictures/4000001/3-xl.webp`]);
      expect(pictures[1]).toMatchObject({ ID: 102, ObjectID: 4000001, ShowOrder: 2 });
      const bytes = Buffer.from(await (await fetch(largeUrl)).arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1360, height: 907 });
      expect(double.property(4000001)?.LastChangedDate).not.toBe(before);
    });
  });

  describe('the other read endpoints', () => {
    it('answers types, towns, documents, slots, projects and listings by ID', async () => {
      const types = (await page(double, 'GetWebIDList', { LanguageId: 2 })).Items;
      expect(types[0]).toMatchObject({ WebID: '1', Sale: true, Rent: true });
      expect(new Set(types.map((type) => type.Name)).size).toBe(types.length);
      const towns = await list(double, 'GetCityListOfObjects', { Goal: 0 });
      expect(towns.reduce((sum, town) => sum + Number(town.PropertyCount), 0)).toBe((await page(double, 'GetPropertyList', { Goal: 0 })).RowsCount);
      const documents = (await page(double, 'GetDocumentList', { ObjectIDs: '4000001', LanguageId: 3 })).Items;
      expect(documents.map((document) => document.Name)).toEqual(['EPC certificate', 'Cadastral extract']);
      expect((await fetch(String(documents[0]?.Url))).headers.get('content-type')).toBe('application/pdf');
      const slots = await list(double, 'GetAppointmentObject', { ObjectID: 4000001 });
      expect(slots.map((slot) => slot.ID)).toEqual([1, 2, 3]);
      expect(slots[0]).toMatchObject({ ObjectID: 4000001, StartDate: '2026-11-04 16:30:00', Capacity: 4, Booked: 4 });
      expect((await page(double, 'GetProjectList')).RowsCount).toBe(2);
      expect((await object(double, 'GetProject', { ID: 5000001, LanguageId: 3 })).Name).toBeTruthy();
      expect(ids(await list(double, 'GetPropertiesByIDs', { IDs: '4000003,4000001' }))).toEqual([4000001, 4000003]);
    });

    it('answers the owner portal calls', async () => {
      const owned = (await page(double, 'GetRelatedProperties', { Email: 'JeanMarc.Dupont@example.be' })).Items;
      expect(ids(owned)).toEqual([4000001, 4000010]);
      const calendar = (await page(double, 'GetCalendarHistories', { ObjectID: 4000001 })).Items;
      expect(calendar).toHaveLength(4);
      expect(calendar[0]).toMatchObject({ ObjectID: 4000001, TypeName: 'Valuation', Date: '2026-01-10 10:25:00' });
      expect(await list(double, 'GetAppointmentOfStatisticsGraphList', { ObjectIDs: '4000001' })).toEqual([{ Date: '2026-02-01 00:00:00', Count: 1 }]);
      expect(await object(double, 'GetMatchingStatisticOfProperty', { ID: 4000001 })).toEqual({ ID: 4000001, NumberOfMatchingDemands: 0 });
    });
  });

  describe('writes', () => {
    it('records each write in the call log with its parameters and time, and answers true', async () => {
      const callsBefore = double.writes().length;
      expect(await value(double, 'ContactOnMe', { ObjectID: 4000001, Email: 'a@example.be', Content: 'Hello [request 12]' })).toBe(true);
      expect(await value(double, 'ContactOnMeProject', { ProjectIDs: '5000001', Email: 'b@example.be' })).toBe(true);
      expect(await value(double, 'DemandRegister2', { Email: 'c@example.be', Goal: 0, PriceMax: 500000 })).toBe(true);
      expect((await object(double, 'GetMatchingStatisticOfProperty', { ID: 4000001 })).NumberOfMatchingDemands).toBe(1);
      const [demand] = double.demands('c@example.be');
      expect(await value(double, 'UnsubscribeDemandPerson', { ID: demand!.PersonId, DemandID: demand!.DemandID })).toBe(true);
      expect(typeof (await value(double, 'CreateHistory', { ObjectId: 4000001, TypeId: 11, Subject: 'Web' }))).toBe('number');
      const writes = double.writes().slice(callsBefore);
      expect(writes.map((call) => call.endpoint)).toEqual(['ContactOnMe', 'ContactOnMeProject', 'DemandRegister2', 'UnsubscribeDemandPerson', 'CreateHistory']);
      expect(writes[0]?.params.get('content')).toBe('Hello [request 12]');
      expect(writes[0]?.time).toMatch(crmDate);
      expect(writes.every((call) => call.success === true)).toBe(true);
      // An unsubscribed profile matches nothing any more.
      expect((await object(double, 'GetMatchingStatisticOfProperty', { ID: 4000001 })).NumberOfMatchingDemands).toBe(0);
    });

    it("keeps search profiles: read by the mail link's encrypted ids or by the person's login, unsubscribed by either", async () => {
      expect(await value(double, 'DemandRegister2', { Email: 'e@example.be', Password: 'pw-e', Goal: 1, Zips: '7000,7011', PriceMax: 900, Comment: 'Site request r-1' })).toBe(true);
      const [demand] = double.demands('e@example.be');
      const link = double.demandLink(demand!.DemandID);
      expect(link.personIdCrypt).not.toBe(String(demand!.PersonId));
      const person = await object(double, 'GetDemandPerson', { IDCrypt: link.personIdCrypt, DemandIDCrypt: link.demandIdCrypt });
      expect(person).toMatchObject({ Email: 'e@example.be', IsUnsubscribed: false, Demand: { DemandID: demand!.DemandID, Goal: 1, Zip: '7000,7011', PriceMax: 900, Comment: 'Site request r-1' } });
      // A forged pair names nothing; unsubscribing it is refused.
      expect(await value(double, 'GetDemandPerson', { IDCrypt: link.personIdCrypt, DemandIDCrypt: `${link.demandIdCrypt}x` })).toBeNull();
      expect((await result(double, 'UnsubscribeDemandPerson', { PersonIDEncrypt: 'forged', DemandIDEncrypt: link.demandIdCrypt })).Success).toBe(false);
      // The login of DemandRegister2's password lists the person's demands; another password is refused.
      expect((await result(double, 'GetDemandList', { Email: 'e@example.be', Password: 'wrong' })).Success).toBe(false);
      expect((await object(double, 'GetDemandList', { Email: 'e@example.be', Password: 'pw-e' })).Items).toEqual([
        expect.objectContaining({ DemandID: demand!.DemandID, PersonId: demand!.PersonId, IsUnsubscribed: false }),
      ]);
      expect(await value(double, 'UnsubscribeDemandPerson', { PersonIDEncrypt: link.personIdCrypt, DemandIDEncrypt: link.demandIdCrypt })).toBe(true);
      expect(await value(double, 'UnsubscribeDemandPerson', { PersonIDEncrypt: link.personIdCrypt, DemandIDEncrypt: link.demandIdCrypt })).toBe(true);
      expect(double.demands('e@example.be')[0]?.IsUnsubscribed).toBe(true);
      expect(await object(double, 'GetDemandPerson', { ID: demand!.PersonId, DemandID: demand!.DemandID })).toMatchObject({ IsUnsubscribed: true });
    });

    it('books a slot through ContactOnMe or AddPersonToAppointment, and refuses a full one', async () => {
      expect(double.slot(2)).toMatchObject({ Capacity: 3, Booked: 0 });
      expect(await value(double, 'ContactOnMe', { ObjectID: 4000001, AppointmentID: 2, Email: 'd@example.be' })).toBe(true);
      expect(typeof (await value(double, 'AddPersonToAppointment', { PersonID: 7, AppointmentID: 2 }))).toBe('number');
      expect(double.slot(2)?.Booked).toBe(2);
      double.fillSlot(2);
      expect(await result(double, 'ContactOnMe', { ObjectID: 4000001, AppointmentID: 2 })).toMatchObject({ Success: false, Code: 600, Value: null });
      expect((await result(double, 'AddPersonToAppointment', { PersonID: 7, AppointmentID: 2 })).Success).toBe(false);
      expect((await result(double, 'ContactOnMe', { ObjectID: 4000002, AppointmentID: 3 })).Success).toBe(false);
      const added = double.addSlot({ ObjectID: 4000001, StartDate: '2027-01-05T10:00:00', EndDate: '2027-01-05 10:30:00', Capacity: 1 });
      expect((await list(double, 'GetAppointmentObject', { ObjectID: 4000001 })).find((slot) => slot.ID === added)).toMatchObject({
        StartDate: '2027-01-05 10:00:00',
        EndDate: '2027-01-05 10:30:00',
        Booked: 0,
      });
      expect(double.writes('ContactOnMe').at(-1)?.success).toBe(false);
    });
  });

  describe('faults', () => {
    it("answers 500 or 503, or fw4's Code 600 error, on the calls chosen", async () => {
      double.setFault('GetPropertyList', { kind: 'http', status: 503 }, { calls: [2] });
      expect((await fetch(double.url('GetPropertyList'))).status).toBe(200);
      expect((await fetch(double.url('GetPropertyList'))).status).toBe(503);
      expect((await fetch(double.url('GetPropertyList'))).status).toBe(200);
      double.setFault('*', { kind: 'http', status: 500 }, { times: 1 });
      expect((await fetch(double.url('GetProject', { ID: 5000001 }))).status).toBe(500);
      expect((await fetch(double.url('GetProject', { ID: 5000001 }))).status).toBe(200);
      double.setFault('GetProperty', { kind: 'error600' });
      expect(await body(double, 'GetProperty', { ID: 4000001 })).toEqual({ GetPropertyJsonResult: { Code: 600, Message: 'Error', Success: false, Value: null } });
      double.setFault('ValidateCustomer', { kind: 'wrongCredentials' });
      expect(await result(double, 'ValidateCustomer')).toMatchObject({ Success: false, Message: 'Invalid CustomerName or CustomerPassword' });
      expect(double.calls.at(-1)).toMatchObject({ endpoint: 'ValidateCustomer', fault: 'wrongCredentials', success: false });
    });

    it('shifts rows between page 1 and page 2 of one paging run: an inserted row repeats, a removed one is skipped', async () => {
      const first = await page(double, 'GetPropertyList', { Limit1: 1, Limit2: 50 });
      double.setFault('GetPropertyList', { kind: 'shiftRows', change: 'insert' }, { calls: [1] });
      const second = await page(double, 'GetPropertyList', { Limit1: 51, Limit2: 100 });
      expect(second.RowsCount).toBe(Number(first.RowsCount) + 1);
      expect(second.Items[0]?.ID).toBe(first.Items[49]?.ID);

      const again = await page(double, 'GetPropertyList', { Limit1: 1, Limit2: 50 });
      double.setFault('GetPropertyList', { kind: 'shiftRows', change: 'remove' }, { calls: [1] });
      const after = await page(double, 'GetPropertyList', { Limit1: 51, Limit2: 100 });
      expect(after.RowsCount).toBe(Number(again.RowsCount) - 1);
      const seen = new Set([...ids(again.Items), ...ids(after.Items)]);
      expect(seen.size).toBe(Number(again.RowsCount) - 1);
      const lowest = again.Items[0]?.ID;
      expect(await body(double, 'GetDeletedPropertyIDs')).toMatchObject({ GetDeletedPropertyIDsJsonResult: expect.arrayContaining([lowest]) });
    });

    it('sends an invalid record, unknown fields, or a record lacking a field', async () => {
      double.setFault('GetPropertyList', { kind: 'alterRecords', ids: [4000003], set: { Price: 'abc', Goal: 7, NewCrmField: { Nested: true } }, drop: ['Zip', 'BoxNr'] });
      const rows = (await page(double, 'GetPropertyList', { IDs: '4000003,4000004' })).Items;
      expect(rows[0]).toMatchObject({ ID: 4000003, Price: 'abc', Goal: 7, NewCrmField: { Nested: true } });
      expect(rows[0]).not.toHaveProperty('Zip');
      expect(rows[0]).not.toHaveProperty('BoxNr');
      expect(rows[1]).toHaveProperty('Zip');
      expect(double.property(4000003)?.Price).not.toBe('abc');
    });
  });

  describe('pictures', () => {
    const file = path.resolve(__dirname, '../../public/catalogue/4000001/1-xl.webp');

    it("serves the snapshot's pictures, a missing one as 404 and nothing outside the pictures", async () => {
      const served = Buffer.from(await (await fetch(`${double.host}/pictures/4000001/1-xl.webp`)).arrayBuffer());
      expect(served.equals(readFileSync(file))).toBe(true);
      double.setPictureFault(`${double.host}/pictures/4000001/1-xl.webp`, { kind: 'missing' });
      expect((await fetch(`${double.host}/pictures/4000001/1-xl.webp`)).status).toBe(404);
      expect((await fetch(`${double.host}/pictures/..%2F..%2Fpackage.json`)).status).toBe(404);
    });

    it('streams a 50 MB picture', async () => {
      double.setPictureFault('4000001/2-xl.webp', { kind: 'huge' });
      const response = await fetch(`${double.host}/pictures/4000001/2-xl.webp`);
      expect(response.headers.get('content-length')).toBe(String(50 * 1024 * 1024));
      let total = 0;
      const reader = response.body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        total += chunk.value.length;
      }
      expect(total).toBe(50 * 1024 * 1024);
    });

    it('stalls a slow picture after its first bytes', async () => {
      double.setPictureFault('4000001/3-xl.webp', { kind: 'slow', stallMs: 300 });
      const started = performance.now();
      const response = await fetch(`${double.host}/pictures/4000001/3-xl.webp`);
      const headersAfter = performance.now() - started;
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(headersAfter).toBeLessThan(300);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(bytes.equals(readFileSync(path.resolve(__dirname, '../../public/catalogue/4000001/3-xl.webp')))).toBe(true);
    });
  });
});

describe('the Omnicasa double, other answer forms', () => {
  it('writes dates in the WCF form with the Brussels offset of the day, on request', async () => {
    const double = await startDouble({ dates: 'wcf', deletedIds: 'value', simpleLists: 'items' });
    now = new Date('2026-07-01T08:00:00Z');
    double.changeProperty(4000001, { Price: 1 });
    const summer = await object(double, 'GetProperty', { ID: 4000001 });
    expect(summer.LastChangedDate).toBe(`/Date(${Date.parse('2026-07-01T08:00:00Z')}+0200)/`);
    double.changeProperty(4000002, { CreatedDate: '2026-01-15 10:00:00', DateFree: '2026-10-25 02:30:00' });
    const winter = await object(double, 'GetProperty', { ID: 4000002 });
    expect(winter.CreatedDate).toBe(`/Date(${Date.parse('2026-01-15T09:00:00Z')}+0100)/`);
    // The night summer time ends 02:30 happens twice; .NET takes such a time as standard time, +0100.
    expect(winter.DateFree).toBe(`/Date(${Date.parse('2026-10-25T01:30:00Z')}+0100)/`);
    expect(winter.Price).toBe((await object(double, 'GetProperty', { ID: 4000002, DisplayFields: 'Price' })).Price);
    double.deleteProperty(4000002);
    expect(await value(double, 'GetDeletedPropertyIDs')).toEqual([4000002]);
    const byIds = await value(double, 'GetPropertiesByIDs', { IDs: '4000001' });
    expect(isJsonObject(byIds) && Array.isArray(byIds.Items) && byIds.Items.length).toBe(1);
  });

  it('answers the deleted IDs as the whole body, on request', async () => {
    const double = await startDouble({ deletedIds: 'top' });
    double.deleteProperty(4000057);
    double.deleteProject(5000002);
    expect(await body(double, 'GetDeletedPropertyIDs')).toEqual([4000057]);
    expect(await body(double, 'GetDeletedProjectIDs')).toEqual([5000002]);
  });

  it('holds a call under a timeout fault until it closes, then ends every socket', async () => {
    const double = await startDouble({ records: { properties: [] } });
    double.setFault('GetPropertyList', { kind: 'timeout' });
    const pending = fetch(double.url('GetPropertyList')).then(
      () => 'answered',
      () => 'closed',
    );
    await double.whenHeld(1);
    expect(double.heldCalls).toBe(1);
    expect(double.calls.at(-1)).toMatchObject({ endpoint: 'GetPropertyList', fault: 'timeout' });
    expect(double.calls.at(-1)?.success).toBeUndefined();
    await double.close();
    expect(await pending).toBe('closed');
  });
});
