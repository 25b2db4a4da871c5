/** A town as a listing or a project names it, in the record's language. */
export type Town = { name: string; zip: string; country: { code: 'BE' | 'LU'; name: string } };

/** "7000 Mons"; a town abroad also names its country, "8001 Strassen, Luxemburg" (in the record's language). */
export function townLine(town: Town): string {
  const line = `${town.zip} ${town.name}`;
  return town.country.code === 'BE' ? line : `${line}, ${town.country.name}`;
}
