import type { Town } from '../catalogue';

/** "7000 Mons"; a town abroad also names its country, "8001 Strassen, Luxemburg" (in the record's language). */
export function townLine(town: Town): string {
  const line = `${town.zip} ${town.name}`;
  return town.country.code === 'BE' ? line : `${line}, ${town.country.name}`;
}
