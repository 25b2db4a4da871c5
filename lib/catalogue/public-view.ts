import type { Project, Property as PropertyRecord } from './schemas';

/*
 * What a visitor may learn of a listing or a project. The CRM record holds everything; whatever the
 * agency chose to hide on a listing's own page (PublishAddress, PublishPrice, PublicAddress) is
 * removed here, once, so that no page, map, search index, JSON-LD or mail built from the
 * catalogue can leak it.
 */

/**
 * Hidden addresses keep a position at the scale of their town: two decimals are about 1.1 km
 * north–south and 0.7 km east–west in Belgium, a part of town with hundreds of houses.
 */
const townDecimals = 2;
const townScale = 10 ** townDecimals;

function townCoordinate(value: number): number {
  return Math.round(value * townScale) / townScale;
}

const atTown = (value: number | null | undefined) => (value == null ? value : townCoordinate(value));

const hiddenAddress = { Street: '', HouseNumber: '', BoxNr: '' } as const;

/** A listing as the public sees it: Price is null when the price is on demand. */
export type PublicProperty = Omit<PropertyRecord, 'Price'> & { Price: number | null };

export function publicProperty(record: PropertyRecord): PublicProperty {
  const address = record.PublishAddress ? {} : { ...hiddenAddress, GoogleX: atTown(record.GoogleX), GoogleY: atTown(record.GoogleY) };
  // Notary fee, registration duties and VAT are percentages of a sale price, a deposit is months of
  // rent: any of them would give the hidden price away.
  const price = record.PublishPrice ? {} : { Price: null, NotaryFee: null, RegistrationRights: null, VAT: null, Deposit: null };
  return { ...record, ...address, ...price };
}

type PublicProjectUnit = Omit<Project['Units'][number], 'Price'> & { Price: number | null };
export type PublicProject = Omit<Project, 'Units'> & { Units: PublicProjectUnit[] };

/** A project as the public sees it; a unit's price follows its listing's PublishPrice. */
export function publicProject(record: Project, priceHidden: (propertyId: number) => boolean): PublicProject {
  const address = record.PublicAddress ? {} : { ...hiddenAddress, GoogleX: atTown(record.GoogleX), GoogleY: atTown(record.GoogleY) };
  return {
    ...record,
    ...address,
    Units: record.Units.map((unit) => (priceHidden(unit.PropertyID) ? { ...unit, Price: null } : unit)),
  };
}
