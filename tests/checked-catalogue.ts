import { readCatalogue, type CatalogueSnapshot } from '@/lib/catalogue/load';

let snapshot: CatalogueSnapshot | undefined;

/**
 * The catalogue's records as the data check validates them (missing pictures left out): what the
 * server keeps compressed in its listing store, for tests that edit or compare records.
 */
export function checkedCatalogue(): CatalogueSnapshot {
  if (snapshot) return snapshot;
  const result = readCatalogue();
  if (!result.ok) throw new Error(`data/catalogue does not pass the data check: ${result.issues.map((issue) => issue.message).join('; ')}`);
  snapshot = result.snapshot;
  return snapshot;
}
