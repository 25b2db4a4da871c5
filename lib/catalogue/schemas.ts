import { z } from 'zod';
import { isoDateProblem } from '../data-file/dates';

/*
 * The catalogue snapshot mirrors the Omnicasa CRM web API: PascalCase field names, one record per
 * language version of a listing. Objects are strict so that a misspelt field in a hand edit fails
 * validation instead of silently disappearing from the site.
 */

export const catalogueLanguages = ['nl', 'fr', 'en', 'de'] as const;
const catalogueLanguageSchema = z.enum(catalogueLanguages);
export type CatalogueLanguage = z.infer<typeof catalogueLanguageSchema>;

const text = z.string().trim().min(1);
const optionalText = text.nullish();
const optionalNumber = z.number().finite().nullish();
const nonNegative = z.number().finite().nonnegative();
const optionalCount = z.number().int().nonnegative().nullish();
const optionalSurface = nonNegative.nullish();
const optionalBoolean = z.boolean().nullish();
/** ISO 8601 date or date-time, as the CRM exports it ("2026-03-01" or "2026-03-01T10:00:00"). */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/, 'expected a date written yyyy-mm-dd, such as "2026-03-01" (a time may follow: "2026-03-01T10:00:00")')
  // The calendar rule is data/site's too (lib/data-file/dates); the CRM's narrower shape is the regex above.
  .refine((value) => isoDateProblem(value) === undefined, 'this date does not exist in the calendar (check the month, 01 to 12, and the day of that month)')
  .describe('A date written yyyy-mm-dd, such as "2026-03-01", optionally followed by a time: "2026-03-01T10:00:00".');
const optionalIsoDate = isoDate.nullish();
const id = z.number().int().positive();
const zipSchema = z
  .string()
  .regex(/^\d{4}$/, 'a Belgian or Luxembourg postcode has exactly 4 digits, in double quotes, such as "7000"')
  .describe('The postcode: 4 digits in double quotes, such as "7000".');
const url = z.string().refine((value) => /^(https?:)?\/\//.test(value) || value.startsWith('/'), 'expected an absolute URL or a path starting with /');

const pictureItemSchema = z.strictObject({
  ID: id,
  Url: url,
  Width: z.number().int().positive(),
  Height: z.number().int().positive(),
  Name: z.string(),
});
export type PictureItem = z.infer<typeof pictureItemSchema>;

/**
 * A document of a listing. Url is the CRM's address of the file; the site keeps the file of that
 * name in data/catalogue/documents and hands it out only through signed links (lib/catalogue/documents).
 */
const documentSchema = z.strictObject({
  ID: id,
  Name: text,
  Url: url,
});

const pointOfInterestSchema = z.strictObject({
  Category: text,
  Name: text,
  /** Distance in metres. */
  Distance: nonNegative,
});

const mobilityScoreSchema = z.strictObject({
  /** Overall score out of 10. */
  Score: z.number().min(0).max(10),
  Categories: z.array(z.strictObject({ Name: text, Score: z.number().min(0).max(10) })),
});

const lifeAnnuitySchema = z.strictObject({
  /** Lump sum paid at signature. */
  Bouquet: nonNegative,
  MonthlyAnnuity: nonNegative,
  AnnuitantAges: z.array(z.number().int().min(18).max(120)).min(1),
  Occupied: z.boolean(),
  IndexLinked: z.boolean(),
});

/** Address and position, shared by listings and projects (GoogleX is the latitude, GoogleY the longitude). */
const addressFields = {
  Street: z.string(),
  HouseNumber: z.string(),
  BoxNr: z.string(),
  Zip: zipSchema,
  City: text,
  CountryID: z.union([z.literal(10), z.literal(50)]),
  CountryName: text,
  GoogleX: z.number().min(-90).max(90).nullish(),
  GoogleY: z.number().min(-180).max(180).nullish(),
};

export const propertySchema = z
  .strictObject({
    // Identity and price
    ID: id,
    language: catalogueLanguageSchema,
    WebID: z.number().int().positive(),
    /** Comma-separated type ids, the main WebID among them. */
    WebIDs: z.string().regex(/^\d+(,\d+)*$/, 'expected the type numbers separated by commas, without spaces, in double quotes, such as "1,3"'),
    Goal: z.union([z.literal(0), z.literal(1)]),
    /** Omnicasa main status: 1 active, 2 sold, 4 rented. */
    Status: z.union([z.literal(1), z.literal(2), z.literal(4)]),
    Price: nonNegative,
    PublishPrice: z.boolean(),
    PriceUnit: z.number().int().nonnegative(),
    PriceUnitText: z.string(),
    Marquee: z.number().int().min(0).max(4),
    MarqueeName: z.string(),
    // Address
    ...addressFields,
    PublishAddress: z.boolean(),
    // Texts
    TypeDescription: text,
    MainTypeName: text,
    DescriptionA: z.string(),
    RecordFile: optionalText,
    ProjectID: id.nullish(),
    // Pictures
    SmallPictureItem: pictureItemSchema.nullable(),
    XLargePictureItem: pictureItemSchema.nullable(),
    SmallPictureItems: z.array(pictureItemSchema),
    XLargePictureItems: z.array(pictureItemSchema),
    // Rooms and parking
    NumberOfBedRooms: optionalCount,
    NumberOfBathRooms: optionalCount,
    NumberOfShowerRooms: optionalCount,
    NumberOfToilets: optionalCount,
    NumberOfGarages: optionalCount,
    NumberOfParkings: optionalCount,
    NumberOfFloors: optionalCount,
    Floor: z.number().int().nullish(),
    // Surfaces (m²) and widths (m)
    SurfaceTotal: optionalSurface,
    SurfaceLiving: optionalSurface,
    SurfaceGround: optionalSurface,
    SurfaceGarden: optionalSurface,
    SurfaceTerrace: optionalSurface,
    SurfaceOffice: optionalSurface,
    SurfaceConstructed: optionalSurface,
    PlotWidth: optionalSurface,
    FrontWidth: optionalSurface,
    // Building
    /** 2 closed, 3 half-open, 4 open. */
    Facades: z.union([z.literal(2), z.literal(3), z.literal(4)]).nullish(),
    ConstructionYear: z.number().int().min(1500).max(2100).nullish(),
    RenovationYear: z.number().int().min(1500).max(2100).nullish(),
    CadastralIncome: optionalSurface,
    // Energy
    EnergyPerformance: optionalNumber,
    EPCLabelText: optionalText,
    EnergyConsumptionTotal: optionalSurface,
    CO2Emission: optionalSurface,
    ELevel: optionalNumber,
    EPCReference: optionalText,
    EPCValidUntil: optionalIsoDate,
    // Flood
    FloodRisk: optionalText,
    FloodZone: optionalText,
    RiverbankZone: optionalBoolean,
    GScore: z.enum(['A', 'B', 'C', 'D']).nullish(),
    PScore: z.enum(['A', 'B', 'C', 'D']).nullish(),
    // Asbestos
    AsbestosType: optionalText,
    AsbestosDate: optionalIsoDate,
    // Comfort and building
    Heating: optionalText,
    Glazing: optionalText,
    WindowFrame: optionalText,
    Kitchen: optionalText,
    ComfortInterior: optionalText,
    ComfortExterior: optionalText,
    RoofMaterial: optionalText,
    RoofCondition: optionalText,
    // Legal
    BuildingPermit: optionalBoolean,
    AllotmentPermit: optionalBoolean,
    PreemptionRight: optionalBoolean,
    Summons: optionalBoolean,
    JudicialDecision: optionalBoolean,
    PlanningInformation: optionalText,
    AreaApplication: optionalText,
    // Costs
    ChargesOwner: optionalSurface,
    ChargesRenter: optionalSurface,
    NotaryFee: optionalSurface,
    RegistrationRights: optionalSurface,
    VAT: optionalSurface,
    Deposit: optionalSurface,
    RenterAgencyCost: optionalSurface,
    InventoryCost: optionalSurface,
    // Life annuity (viager)
    LifeAnnuity: lifeAnnuitySchema.nullish(),
    // Media and surroundings
    Documents: z.array(documentSchema),
    VideoLinks: z.array(url),
    VirtualTour: url.nullish(),
    PointsOfInterest: z.array(pointOfInterestSchema),
    MobilityScore: mobilityScoreSchema.nullish(),
    // Manager (agent) shown as contact
    ManagerName: text,
    ManagerEmail: z.email(),
    ManagerDirectPhone: optionalText,
    ManagerMobilePhone: optionalText,
    // Dates
    CreatedDate: isoDate,
    LastChangedDate: isoDate,
    DateFree: optionalIsoDate,
  })
  .refine((property) => property.LastChangedDate >= property.CreatedDate, { message: 'LastChangedDate is before CreatedDate', path: ['LastChangedDate'] });
export type Property = z.infer<typeof propertySchema>;

const propertyTypeSchema = z.strictObject({
  ID: id,
  WebID: z.string().regex(/^\d+$/, 'a type WebID is a number written as a string, such as "1"'),
  Name: text,
  ShowOrder: z.number().int().min(0).max(6),
  Sale: z.boolean(),
  Rent: z.boolean(),
  language: catalogueLanguageSchema,
});
export type PropertyType = z.infer<typeof propertyTypeSchema>;

const citySchema = z.strictObject({
  Name: text,
  Zip: zipSchema,
  CountryID: z.enum(['10', '50']),
  CountryName: text,
  /** Informational only: the site computes counts from the properties. */
  PropertyCount: z.number().int().nonnegative(),
  language: catalogueLanguageSchema,
});
export type City = z.infer<typeof citySchema>;

const citiesFileSchema = z.strictObject({
  /** Where editors find the file's JSON Schema (data/schemas/cities.schema.json); the site ignores it. */
  $schema: z.string().optional(),
  all: z.array(citySchema),
  sale: z.array(citySchema),
  rent: z.array(citySchema),
});

const projectUnitSchema = z.strictObject({
  PropertyID: id,
  Floor: z.number().int(),
  Name: text,
  Price: nonNegative,
  Sold: z.boolean(),
});

const projectSchema = z.strictObject({
  ID: id,
  language: catalogueLanguageSchema,
  Name: text,
  DescriptionA: z.string(),
  ExternalWeb: url.nullish(),
  PublicAddress: z.boolean(),
  ...addressFields,
  SmallPictureItem: pictureItemSchema.nullable(),
  XLargePictureItem: pictureItemSchema.nullable(),
  XLargePictureItems: z.array(pictureItemSchema),
  Units: z.array(projectUnitSchema).min(1),
  ManagerEmail: z.email(),
  CreatedDate: isoDate,
  LastChangedDate: isoDate,
});
export type Project = z.infer<typeof projectSchema>;

const appointmentSlotSchema = z
  .strictObject({
    ID: id,
    PropertyID: id,
    Start: isoDate,
    End: isoDate,
    Capacity: z.number().int().positive(),
    Booked: z.number().int().nonnegative(),
  })
  .refine((slot) => slot.Booked <= slot.Capacity, { message: 'Booked cannot exceed Capacity', path: ['Booked'] })
  .refine((slot) => Date.parse(slot.End) > Date.parse(slot.Start), { message: 'End must be after Start', path: ['End'] });
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;

/**
 * `VisitorConsent`: the agency recorded in its CRM that the visitor this entry names agreed to be
 * named to the owner. Without it the portal shows the entry's kind, date and status only.
 */
const crmCalendarEventSchema = z.strictObject({
  Date: isoDate,
  Type: text,
  Subject: text,
  Status: text,
  VisitorConsent: z.boolean().optional(),
});

const crmCommunicationSchema = z.strictObject({
  Date: isoDate,
  Type: text,
  Contact: text,
  Subject: text,
  Comment: z.string(),
  Status: text,
  VisitorConsent: z.boolean().optional(),
});

const crmOnlineMediaSchema = z.strictObject({
  Name: text,
  Url: url,
  PublishedDate: isoDate,
});

const crmSourceSchema = z.strictObject({
  Name: text,
  Count: z.number().int().nonnegative(),
});

const ownerSchema = z.strictObject({
  ID: id,
  Email: z.email(),
  FirstName: text,
  LastName: text,
  Language: catalogueLanguageSchema,
  PropertyIDs: z.array(id).min(1),
  History: z.array(
    z.strictObject({
      PropertyID: id,
      Calendar: z.array(crmCalendarEventSchema),
      Communications: z.array(crmCommunicationSchema),
      OnlineMedia: z.array(crmOnlineMediaSchema),
      Sources: z.array(crmSourceSchema),
    }),
  ),
});
export type Owner = z.infer<typeof ownerSchema>;

/** One entry per file of data/catalogue; the key is the file name. */
export const catalogueFileSchemas = {
  'properties.json': z.array(propertySchema),
  'types.json': z.array(propertyTypeSchema),
  'cities.json': citiesFileSchema,
  'projects.json': z.array(projectSchema),
  'appointment-slots.json': z.array(appointmentSlotSchema),
  'owners.json': z.array(ownerSchema),
} as const;
