import type { DataIssue } from '../data-file';
import { regionOf } from '../epc';
import type { Property } from './schemas';

/*
 * What a Flemish advertisement must show, checked as warnings (the build goes on; the agency
 * completes the listing in the CRM): the flood scores of the "watertoets" (P and G, integral water
 * policy's information duty since 2023), the EPC's unique code (the Flemish energy decree), and for
 * a home built before 2001, whether it has an asbestos certificate (asbestos decree, sales from
 * 23 November 2022). The listing page shows them when present (components/catalogue/property-facts.tsx).
 * Wallonia has no such duty for advertisements yet, nor Brussels.
 */

/** The CRM's WebIDs of homes: a house, a studio, an apartment. */
const homeTypes = new Set([1, 2, 3]);
/** The asbestos certificate is asked of buildings built before this year. */
const asbestosBefore = 2001;

function isFlemish(property: Property): boolean {
  try {
    return regionOf(property.Zip, property.CountryID) === 'flanders';
  } catch {
    // A postcode the region table does not know is another check's error (checks.ts).
    return false;
  }
}

/** One warning per listing and missing fact, on the listing's first record (its languages share these facts). */
export function flemishAdvertWarnings(properties: readonly Property[], file: string): DataIssue[] {
  const warnings: DataIssue[] = [];
  const seen = new Set<number>();
  properties.forEach((property, index) => {
    if (seen.has(property.ID) || !isFlemish(property)) return;
    seen.add(property.ID);
    const record = { index, label: `ID ${property.ID}, ${property.language}` };
    const where = `a listing in Flanders (${property.Zip} ${property.City})`;
    const warn = (field: string, message: string) => warnings.push({ file, record, field, severity: 'warning', message: `${where} ${message}` });
    for (const [field, name] of [
      ['PScore', 'P-score (parcel)'],
      ['GScore', 'G-score (building)'],
    ] as const) {
      if (!property[field]) warn(field, `must show its flood ${name} in every advertisement, and has none: write it (A to D) from the property's "watertoets" on waterinfo.be`);
    }
    if (!property.EPCReference?.trim()) warn('EPCReference', "must show its EPC's unique code in every advertisement, and has none: write the certificate's code, such as 20190619-0009581474-RES-1");
    const year = property.ConstructionYear;
    const home = homeTypes.has(property.WebID);
    if (home && (year === null || year === undefined || year < asbestosBefore) && !property.AsbestosType?.trim() && !property.AsbestosDate) {
      const built = year === null || year === undefined ? 'has no ConstructionYear (a home built before 2001 needs an asbestos certificate)' : `was built in ${year}, before 2001`;
      warn(
        'AsbestosType',
        `${built}: its advertisement must say whether it has an asbestos certificate, and AsbestosType and AsbestosDate are empty; write the certificate's result and date, or the year it was built`,
      );
    }
  });
  return warnings;
}
