/** Omnicasa's CountryID of Belgium, the agency's own country. */
const homeCountryId = 10;

type Place = { Zip: string; City: string; CountryID: number; CountryName: string };

/** "7000 Mons"; a town abroad also names its country, "8001 Strassen, Luxemburg" (in the record's language). */
export function townLine(place: Place): string {
  const town = `${place.Zip} ${place.City}`;
  return place.CountryID === homeCountryId ? town : `${town}, ${place.CountryName}`;
}
