import { z } from 'zod';

/*
 * The records Omnicasa answers, as far as omnicasa-api.md has seen them. Tolerant on purpose: the
 * shapes are observed, not specified, so unknown fields pass (loose objects), optional fields may
 * be absent or null, and numbers may come as numeric text (§3.2: Price is a string on one site).
 * What the site needs and cannot do without is judged later, by the site's own schemas
 * (map-records.ts); these schemas only keep a broken answer from being read as a record at all.
 */

const crmId = z.coerce.number().int().positive();
const optionalText = z.string().nullish();
const optionalNumber = z.union([z.number(), z.string()]).nullish();

/** A property in one language (LanguageId / DescriptionLanguageId). Every other field is kept as it came. */
export const crmPropertySchema = z.looseObject({
  ID: crmId,
  LastChangedDate: optionalText,
  ProjectID: z.union([z.number(), z.string()]).nullish(),
  Status: optionalNumber,
  Price: optionalNumber,
});
export type CrmProperty = z.infer<typeof crmPropertySchema>;

export const crmProjectSchema = z.looseObject({
  ID: crmId,
  Name: optionalText,
  PublishInternet: z.boolean().nullish(),
  LastChangedDate: optionalText,
  Units: z.array(z.looseObject({ PropertyID: crmId, Floor: optionalNumber, Name: optionalText })).nullish(),
});
export type CrmProject = z.infer<typeof crmProjectSchema>;

/** GetWebIDList item (§3.7): WebID is a number or its text, depending on the client that saw it. */
export const crmWebIdSchema = z.looseObject({
  ID: crmId,
  WebID: z.union([z.number(), z.string()]),
  Name: z.string(),
  ShowOrder: z.number().nullish(),
  Sale: z.boolean().nullish(),
  Rent: z.boolean().nullish(),
});
export type CrmWebId = z.infer<typeof crmWebIdSchema>;

/** GetDocumentList item: shape never observed on OmnicasaService (§7); the double's choice. */
export const crmDocumentSchema = z.looseObject({
  ID: crmId,
  ObjectID: crmId,
  Name: optionalText,
  Url: z.string(),
  FileName: optionalText,
  Publish: z.boolean().nullish(),
});
export type CrmDocument = z.infer<typeof crmDocumentSchema>;

/** GetAppointmentObject item: shape never observed (§7); the double's choice. */
export const crmSlotSchema = z.looseObject({
  ID: crmId,
  ObjectID: crmId,
  StartDate: z.string(),
  EndDate: z.string(),
  Capacity: z.coerce.number().int(),
  Booked: z.coerce.number().int().nullish(),
});
export type CrmSlot = z.infer<typeof crmSlotSchema>;

const textDate = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/;
const wcfDate = /^\/Date\((-?\d+)([+-])(\d{2})(\d{2})\)\/$/;

/**
 * A CRM date (omnicasa-api.md §1: "YYYY-MM-DD HH:MM:SS", or WCF's /Date(<ms><±hhmm>)/) as the
 * site writes dates: the CRM's wall-clock time in ISO form, "2026-03-01T10:00:00", or the date
 * alone for a day (`dayOnly` and midnight). Undefined when it is neither form.
 */
export function siteDateOfCrm(value: string, dayOnly = false): string | undefined {
  let date: string;
  let time: string;
  const text = textDate.exec(value.trim());
  const wcf = wcfDate.exec(value.trim());
  if (text) {
    date = text[1] ?? '';
    time = `${text[2]}:${text[3]}:${text[4]}`;
  } else if (wcf) {
    // The milliseconds are UTC; the offset is the CRM's wall clock at that instant.
    const offset = (wcf[2] === '-' ? -1 : 1) * (Number(wcf[3]) * 60 + Number(wcf[4]));
    const wall = new Date(Number(wcf[1]) + offset * 60_000).toISOString();
    date = wall.slice(0, 10);
    time = wall.slice(11, 19);
  } else if (/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
    date = value.trim();
    time = '00:00:00';
  } else {
    return undefined;
  }
  return dayOnly && time === '00:00:00' ? date : `${date}T${time}`;
}

/** The site's ISO dates compare as text; the CRM's two forms do not, so they are compared this way. */
export function crmDateKey(value: string | null | undefined): string | undefined {
  return value ? siteDateOfCrm(value) : undefined;
}
