import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { readDataFile, resolveDataDir, type DataIssue } from '../../data-file';
import { endCatalogueRun, lastGoodCatalogueRun, lastReconciliation, releaseLock, renewLock, startCatalogueRun, takeLock, type Store } from '../../db';
import { readCatalogue } from '../load';
import { pulledCataloguesDir } from '../source-dir';
import { catalogueFileSchemas, type City, type Owner, type Project, type Property } from '../schemas';
import { currentVersion, newVersionName, publish, pruneVersions, readVersion, rewriteTemporary, writeTemporary, type CatalogueFiles, type ChangeEntry, type Manifest } from './catalogue-folder';
import type { CatalogueConnector, ListingBatch } from './connector';
import { defaultDownloadLimits, FileFetcher, type DownloadLimits } from './downloads';
import { issueId, projectsFile, propertiesFile } from './map-records';
import { noticeRefusals } from './refusal-notices';
import type { VariantStore } from '../../media/variant-store';

/*
 * One pull of the catalogue from the CRM (npm run catalogue:pull): the first run reads everything,
 * the next ones what changed since the cursor plus the deleted IDs; --full (and, once a day, an ID
 * comparison) catches what a pull API misses. The result is a new version folder checked with
 * readCatalogue, the same checks as check:data, before the pointer names it. A record the checks
 * refuse keeps its last good version (or stays unpublished); a CRM that fails leaves the current
 * version and the cursor where they were.
 */

export type PullOptions = {
  store: Store;
  connector: CatalogueConnector;
  /** Read everything and withdraw what the CRM no longer has. */
  full?: boolean;
  now?: () => Date;
  /** var/catalogue: the versions and the pointer. */
  varDir?: string;
  /** public/: the picture store is its catalogue/crm. */
  publicDir?: string;
  /** The embedded snapshot, whose owners.json serves while the CRM gives no owner list. */
  bundleDir?: string;
  /** ChangeSince is inclusive; the cursor also steps back this much for clocks and slow commits. */
  overlapMs?: number;
  leaseMs?: number;
  /** An incremental run compares every current ID with the CRM when the last comparison is older. */
  reconcileEveryMs?: number;
  limits?: DownloadLimits;
  /** Where new pictures' widths are made: the image route's store (routeVariantStore); none, no widths. */
  variantStore?: VariantStore;
  holder?: string;
  /** The run record's ID, so that the process that started the pull can read its outcome (schedule.ts). */
  runId?: string;
};

export type PullCounts = { added: number; changed: number; withdrawn: number; refused: number };

export type PullResult =
  | { status: 'published' | 'unchanged'; runId: string; kind: 'full' | 'incremental'; version: string; counts: PullCounts; refusals: DataIssue[]; cursor: string | null }
  | { status: 'failed'; runId: string; kind: 'full' | 'incremental'; error: string; counts: PullCounts }
  | { status: 'locked'; holder: string; since: string };

/** The database lock one pull at a time holds, whoever runs it. */
export const pullLockName = 'catalogue-pull';
const defaultOverlapMs = 5 * 60_000;
const defaultLeaseMs = 30 * 60_000;
const defaultReconcileMs = 20 * 60 * 60_000;
const keptVersions = 5;
/** Rounds of "refuse what the whole-catalogue checks name, check again" before a run gives up. */
const checkRounds = 4;

/** An ISO wall-clock time `ms` earlier, still without an offset. */
function earlier(iso: string, ms: number): string {
  return new Date(Date.parse(`${iso}Z`) - ms).toISOString().slice(0, 19);
}

function groupById<T extends { ID: number }>(records: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const record of records) grouped.set(record.ID, [...(grouped.get(record.ID) ?? []), record]);
  return grouped;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const withoutChangeDate = (records: readonly Property[] | undefined) => records?.map(({ LastChangedDate: _, ...rest }) => rest);

function citiesOf(properties: readonly Property[]): CatalogueFiles['cities'] {
  const list = (keep: (property: Property) => boolean) => {
    const towns = new Map<string, City>();
    for (const property of properties) {
      if (!keep(property)) continue;
      const key = `${property.Zip}/${property.City}/${property.language}`;
      const town = towns.get(key) ?? {
        Name: property.City,
        Zip: property.Zip,
        CountryID: property.CountryID === 50 ? '50' : '10',
        CountryName: property.CountryName,
        PropertyCount: 0,
        language: property.language,
      };
      town.PropertyCount += 1;
      towns.set(key, town);
    }
    return [...towns.values()].sort((a, b) => a.language.localeCompare(b.language) || a.Zip.localeCompare(b.Zip) || a.Name.localeCompare(b.Name));
  };
  return { all: list(() => true), sale: list((property) => property.Goal === 0), rent: list((property) => property.Goal === 1) };
}

/** The bundled owners, with only the listings the pulled catalogue has (an owner left with none is left out). */
function ownersOf(bundleDir: string, ids: ReadonlySet<number>): Owner[] {
  const owners = readDataFile(bundleDir, 'data/catalogue', 'owners.json', catalogueFileSchemas['owners.json']);
  if (!owners.ok) return [];
  return owners.data
    .map((owner) => ({ ...owner, PropertyIDs: owner.PropertyIDs.filter((id) => ids.has(id)), History: owner.History.filter((entry) => ids.has(entry.PropertyID)) }))
    .filter((owner) => owner.PropertyIDs.length > 0);
}

function projectsWithUnits(projects: readonly Project[], ids: ReadonlySet<number>): Project[] {
  return projects.map((project) => ({ ...project, Units: project.Units.filter((unit) => ids.has(unit.PropertyID)) })).filter((project) => project.Units.length > 0);
}

function diff<T>(before: Map<number, T[]>, after: Map<number, T[]>) {
  const added = [...after.keys()].filter((id) => !before.has(id));
  const withdrawn = [...before.keys()].filter((id) => !after.has(id));
  const changed = [...after.keys()].filter((id) => before.has(id) && !same(before.get(id), after.get(id)));
  return { added, changed, withdrawn };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function pullCatalogue(options: PullOptions): Promise<PullResult> {
  const { store, connector } = options;
  const now = options.now ?? (() => new Date());
  const varDir = options.varDir ?? pulledCataloguesDir();
  const publicDir = options.publicDir ?? resolveDataDir(undefined, 'public');
  const bundleDir = options.bundleDir ?? resolveDataDir(process.env.CATALOGUE_DIR, 'data/catalogue');
  const leaseMs = options.leaseMs ?? defaultLeaseMs;
  const holder = options.holder ?? `${hostname()} pid ${process.pid} (${randomUUID().slice(0, 8)})`;

  const lock = await takeLock(store, pullLockName, holder, leaseMs, now());
  if (!lock.ok) return { status: 'locked', holder: lock.holder, since: lock.since };
  const renew = async () => {
    if (!(await renewLock(store, pullLockName, holder, leaseMs, now()))) throw new Error('the pull lost its lock (its lease ran out while it worked); nothing was published');
  };

  const startedAt = now();
  const good = await lastGoodCatalogueRun(store, connector.name);
  const current = currentVersion(varDir);
  const base = current ? readVersion(path.join(/* turbopackIgnore: true */ varDir, current)) : undefined;
  const incremental = !options.full && base !== undefined && good?.version === current && typeof good?.cursor_after === 'string';
  const kind = incremental ? 'incremental' : 'full';
  const cursorBefore = incremental ? (good?.cursor_after ?? null) : null;
  const runId = options.runId ?? randomUUID();
  const counts: PullCounts = { added: 0, changed: 0, withdrawn: 0, refused: 0 };
  await startCatalogueRun(store, { id: runId, source: connector.name, kind, started_at: startedAt.toISOString(), cursor_before: cursorBefore });
  let temporary: string | undefined;
  try {
    await connector.validate();
    const changes = await connector.changedSince(cursorBefore ?? undefined);
    const answered = new Set(changes.answered);
    const retryIds = incremental ? retryIdsOf(good?.retry_ids).filter((id) => Number.isInteger(id) && !answered.has(id)) : [];
    const batches: ListingBatch[] = [changes];
    if (retryIds.length > 0) batches.push(await connector.fetch(retryIds));
    const reconcileAfter = options.reconcileEveryMs ?? defaultReconcileMs;
    const lastCompared = incremental ? await lastReconciliation(store, connector.name) : undefined;
    const compareIds = incremental && (!lastCompared || startedAt.getTime() - Date.parse(lastCompared) >= reconcileAfter);
    const currentIds = compareIds ? new Set(await connector.currentIds()) : undefined;
    await renew();

    const refusals: DataIssue[] = batches.flatMap((batch) => batch.refusals);
    const baseListings = groupById(base?.files.properties ?? []);
    const listings = new Map(incremental ? baseListings : []);
    const slotsOf = groupBy(base?.files.appointmentSlots ?? [], (slot) => slot.PropertyID);
    const refusedIds = new Set(
      refusals
        .filter((issue) => issue.file === propertiesFile && issue.severity !== 'warning')
        .map(issueId)
        .filter((id): id is number => id !== undefined),
    );
    const documentUrls: Record<string, string> = Object.assign({}, ...batches.map((batch) => batch.documentUrls));
    const fresh = new Map<number, Property[]>();
    for (const batch of batches) {
      for (const id of batch.unpublished) {
        listings.delete(id);
        slotsOf.delete(id);
      }
      for (const [id, versions] of groupById(batch.properties)) fresh.set(id, versions);
      for (const id of batch.answered)
        if (!batch.unpublished.includes(id) && !refusedIds.has(id))
          slotsOf.set(
            id,
            batch.slots.filter((slot) => slot.PropertyID === id),
          );
    }
    for (const id of refusedIds) {
      // A refused record keeps its last good version; a new one stays unpublished.
      const before = baseListings.get(id);
      if (before) listings.set(id, before);
    }
    for (const id of changes.deletedIds) listings.delete(id);
    if (currentIds) for (const id of [...listings.keys()]) if (!currentIds.has(id) && !fresh.has(id)) listings.delete(id);

    const fetcher = new FileFetcher(publicDir, options.limits ?? defaultDownloadLimits, { pictures: base?.manifest.pictures ?? [] }, options.variantStore);
    const retryNext = new Set<number>(refusedIds);
    for (const [id, versions] of fresh) {
      const before = baseListings.get(id);
      const localised: Property[] = [];
      let failed = false;
      for (const version of versions) {
        const previous = before?.find((record) => record.language === version.language);
        const outcome = await fetcher.localisePictures(version, previous, propertiesFile);
        refusals.push(...outcome.issues);
        failed ||= outcome.failed;
        localised.push(outcome.record);
      }
      if (failed) retryNext.add(id);
      localised.sort((a, b) => a.language.localeCompare(b.language));
      // Only a picture that could not be fetched changed: the listing stays as it was, and is fetched again next run.
      listings.set(id, failed && before && same(withoutChangeDate(before), withoutChangeDate(localised)) ? before : localised);
    }
    await renew();

    const withUnits = () => [...listings.values()].flat();
    const reference = await connector.reference(withUnits());
    refusals.push(...reference.refusals);
    const baseProjects = groupById(base?.files.projects ?? []);
    const projects = new Map<number, Project[]>();
    const refusedProjects = new Set(
      reference.refusals
        .filter((issue) => issue.file === projectsFile && issue.severity !== 'warning')
        .map(issueId)
        .filter((id): id is number => id !== undefined),
    );
    for (const [id, versions] of groupById(reference.projects)) {
      if (refusedProjects.has(id)) continue;
      const localised: Project[] = [];
      for (const version of versions) {
        const outcome = await fetcher.localisePictures(
          version,
          baseProjects.get(id)?.find((record) => record.language === version.language),
          projectsFile,
        );
        refusals.push(...outcome.issues);
        localised.push(outcome.record);
      }
      projects.set(id, localised);
    }
    for (const id of refusedProjects) {
      const before = baseProjects.get(id);
      if (before && reference.projectIds.includes(id)) projects.set(id, before);
    }

    const version = newVersionName(now());
    // A listing this run did not read keeps the documents of its last good version.
    const baseDocuments = new Map((base?.manifest.documents ?? []).map((source) => [path.posix.basename(source.path), source.url]));
    const documentsOf = (records: Property[]) =>
      fetcher.placeDocuments(
        records,
        (id, name) => documentUrls[`${id}/${name}`] ?? baseDocuments.get(name),
        base && current ? { dir: path.join(/* turbopackIgnore: true */ varDir, current), sources: base.manifest.documents } : undefined,
        path.join(/* turbopackIgnore: true */ varDir, `.tmp-${version}`),
      );

    const assemble = async (): Promise<CatalogueFiles> => {
      const properties = [...listings.values()].flat().sort((a, b) => a.ID - b.ID || a.language.localeCompare(b.language));
      const ids = new Set(properties.map((property) => property.ID));
      return {
        properties,
        types: reference.types,
        cities: citiesOf(properties),
        projects: projectsWithUnits([...projects.values()].flat(), ids).sort((a, b) => a.ID - b.ID || a.language.localeCompare(b.language)),
        appointmentSlots: [...slotsOf]
          .filter(([id]) => ids.has(id))
          .flatMap(([, slots]) => slots)
          .sort((a, b) => a.ID - b.ID),
        owners: ownersOf(bundleDir, ids),
      };
    };
    const manifest = (): Manifest => {
      const used = new Set(
        [...listings.values(), ...projects.values()]
          .flat()
          .flatMap((record) =>
            [record.SmallPictureItem, record.XLargePictureItem, ...(('SmallPictureItems' in record ? record.SmallPictureItems : undefined) ?? []), ...record.XLargePictureItems].map(
              (item) => item?.Url,
            ),
          ),
      );
      const pictures = new Map([...(base?.manifest.pictures ?? []), ...fetcher.pictureSources.values()].map((source) => [source.url, source]));
      return { source: connector.name, pulledAt: now().toISOString(), pictures: [...pictures.values()].filter((source) => used.has(source.path)), documents: [...fetcher.documentSources.values()] };
    };
    const changeEntry = (files: CatalogueFiles): ChangeEntry => {
      const listingDiff = diff(baseListings, groupById(files.properties));
      return { previous: current ?? null, version, at: now().toISOString(), ...listingDiff, projects: diff(baseProjects, groupById(files.projects)) };
    };

    let files = await assemble();
    temporary = writeTemporary(varDir, version, files, manifest(), changeEntry(files));
    const placed = await documentsOf(files.properties);
    refusals.push(...placed.issues);
    for (const id of placed.failedIds) retryNext.add(id);
    files = { ...files, properties: placed.records };
    rewriteTemporary(temporary, files, manifest(), changeEntry(files));

    // The whole-catalogue checks (relations, facts, pictures, documents) name records too: those
    // fall back to their last good version and the catalogue is checked again.
    let checked = readCatalogue(temporary, { publicDir });
    for (let round = 1; !checked.ok && round < checkRounds; round += 1) {
      const named = checked.issues.map((issue) => ({ issue, id: issueId(issue) }));
      if (named.some(({ id, issue }) => id === undefined || (issue.file !== propertiesFile && issue.file !== projectsFile))) break;
      for (const { issue, id } of named) {
        if (id === undefined) continue;
        refusals.push(issue);
        if (issue.file === propertiesFile) {
          refusedIds.add(id);
          retryNext.add(id);
          const before = baseListings.get(id);
          if (before && !same(before, listings.get(id))) listings.set(id, before);
          else listings.delete(id);
        } else {
          const before = baseProjects.get(id);
          if (before && !same(before, projects.get(id))) projects.set(id, before);
          else projects.delete(id);
        }
      }
      files = await assemble();
      const replaced = await documentsOf(files.properties);
      files = { ...files, properties: replaced.records };
      rewriteTemporary(temporary, files, manifest(), changeEntry(files));
      checked = readCatalogue(temporary, { publicDir });
    }
    if (!checked.ok)
      throw new Error(
        `the pulled catalogue fails the site's checks where no single record can be set aside: ${checked.issues
          .slice(0, 5)
          .map((issue) => `${issue.file}${issue.field ? ` field ${issue.field}` : ''}: ${issue.message}`)
          .join('; ')}`,
      );

    const entry = changeEntry(files);
    counts.added = entry.added.length;
    counts.changed = entry.changed.length;
    counts.withdrawn = entry.withdrawn.length;
    counts.refused = refusedIds.size;
    const highWater = changes.highWater ? [changes.highWater, connector.wallClock(startedAt)].sort()[0] : undefined;
    const stepped = highWater ? earlier(highWater, options.overlapMs ?? defaultOverlapMs) : undefined;
    const cursorAfter =
      [cursorBefore, stepped]
        .filter((value): value is string => value !== null && value !== undefined)
        .sort()
        .pop() ?? null;
    const unchanged = base !== undefined && current !== undefined && same(base.files, files) && entry.projects.added.length + entry.projects.changed.length + entry.projects.withdrawn.length === 0;
    await renew();
    let published: string;
    if (unchanged && current) {
      rmSync(/* turbopackIgnore: true */ temporary, { recursive: true, force: true });
      published = current;
    } else {
      publish(varDir, temporary, version);
      published = version;
    }
    temporary = undefined;
    pruneVersions(varDir, keptVersions);
    const status = unchanged ? 'unchanged' : 'published';
    const shownRefusals = uniqueIssues(refusals);
    await endCatalogueRun(store, runId, {
      status,
      ended_at: now().toISOString(),
      cursor_after: cursorAfter,
      version: published,
      ...counts,
      reconciled_at: kind === 'full' || currentIds ? startedAt.toISOString() : null,
      errors: [],
      refusals: shownRefusals,
      retryIds: [...retryNext],
    });
    // Every refused record is read again each run (retry_ids), so this run's refusals are all the
    // problems there are now: new ones are mailed once, corrected ones forgotten.
    await noticeRefusals(store, connector.name, shownRefusals, now()).catch((error: unknown) =>
      console.error(`[catalogue] the agency could not be told of the refused records (the next run tries again): ${errorText(error)}`),
    );
    return { status, runId, kind, version: published, counts, refusals: shownRefusals, cursor: cursorAfter };
  } catch (error) {
    if (temporary) rmSync(/* turbopackIgnore: true */ temporary, { recursive: true, force: true });
    await endCatalogueRun(store, runId, {
      status: 'failed',
      ended_at: now().toISOString(),
      cursor_after: cursorBefore,
      version: current ?? null,
      ...counts,
      reconciled_at: null,
      errors: [errorText(error)],
      refusals: [],
      retryIds: [],
    });
    return { status: 'failed', runId, kind, error: errorText(error), counts };
  } finally {
    await releaseLock(store, pullLockName, holder);
  }
}

function retryIdsOf(json: string | undefined): number[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const item of items) grouped.set(key(item), [...(grouped.get(key(item)) ?? []), item]);
  return grouped;
}

/** One line per record, field and message: the same problem in four languages is one refusal with its languages. */
function uniqueIssues(issues: readonly DataIssue[]): DataIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = JSON.stringify([issue.file, issue.record?.label, issue.field, issue.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
