import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readDataFile, readRecordsFile } from '../../data-file';
import type { CatalogueSnapshot } from '../load';
import { catalogueFileSchemas, propertySchema } from '../schemas';

/*
 * The pulled catalogues: var/catalogue/<version>/ holds the same files as data/catalogue (and its
 * documents/), plus manifest.json (where each file came from) and changes.json (what this version
 * changed against the one before: the entry phase 2's followers read). var/catalogue/current names
 * the version in use. A file rather than a database row, because the pointer and the folders it
 * names live on one file system: renaming the pointer is atomic, it can never name a folder that
 * is not there, and a build, a static export or check:data read it without a database. The run
 * records in the database name the version too.
 */

/*
 * The folders here are known only at run time (a function's argument): without turbopackIgnore on
 * each path, the build's file tracer took them for the whole project, listed every file of the
 * repository (var/'s uploads, databases and secret too) among each route's files, and failed a build
 * when a file there went while it read (a CI run, as a unit test deleted an upload).
 */

/** A version's records: the snapshot the site reads, file by file. */
export type CatalogueFiles = CatalogueSnapshot;

const fileSourceSchema = z.object({ url: z.string(), path: z.string(), sha256: z.string() });
const manifestSchema = z.object({
  source: z.string(),
  pulledAt: z.string(),
  pictures: z.array(fileSourceSchema),
  documents: z.array(fileSourceSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

export type ChangeEntry = {
  previous: string | null;
  version: string;
  at: string;
  added: number[];
  changed: number[];
  withdrawn: number[];
  projects: { added: number[]; changed: number[]; withdrawn: number[] };
};

const pointerFile = 'current';
const versionPattern = /^\d{8}T\d{6}Z-[0-9a-f]{6}$/;

export function newVersionName(now: Date): string {
  return `${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
}

/** The version var/catalogue/current names, when it names one that is there. */
export function currentVersion(varDir: string): string | undefined {
  try {
    const name = readFileSync(path.join(/* turbopackIgnore: true */ varDir, pointerFile), 'utf8').trim();
    return versionPattern.test(name) && existsSync(path.join(/* turbopackIgnore: true */ varDir, name)) ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The folder of the catalogue in use (lib/catalogue/source-dir.ts points the site at it). */
export function currentCatalogueDir(varDir: string): string | undefined {
  const version = currentVersion(varDir);
  return version ? path.join(/* turbopackIgnore: true */ varDir, version) : undefined;
}

/** A version's files as written (not as readCatalogue shows them, which leaves missing pictures out). */
export function readVersion(dir: string): { files: CatalogueFiles; manifest: Manifest } | undefined {
  const display = 'var/catalogue';
  const properties = readRecordsFile(dir, display, 'properties.json', propertySchema);
  const types = readDataFile(dir, display, 'types.json', catalogueFileSchemas['types.json']);
  const cities = readDataFile(dir, display, 'cities.json', catalogueFileSchemas['cities.json']);
  const projects = readDataFile(dir, display, 'projects.json', catalogueFileSchemas['projects.json']);
  const slots = readDataFile(dir, display, 'appointment-slots.json', catalogueFileSchemas['appointment-slots.json']);
  const owners = readDataFile(dir, display, 'owners.json', catalogueFileSchemas['owners.json']);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(readFileSync(path.join(/* turbopackIgnore: true */ dir, 'manifest.json'), 'utf8')));
  } catch {
    return undefined;
  }
  if (!properties.ok || !types.ok || !cities.ok || !projects.ok || !slots.ok || !owners.ok) return undefined;
  const { all, sale, rent } = cities.data;
  return { files: { properties: properties.data, types: types.data, cities: { all, sale, rent }, projects: projects.data, appointmentSlots: slots.data, owners: owners.data }, manifest };
}

const idList = z.array(z.number().int());
const changeEntrySchema = z.object({
  previous: z.string().nullable(),
  version: z.string(),
  added: idList,
  changed: idList,
  withdrawn: idList,
  projects: z.object({ added: idList, changed: idList, withdrawn: idList }),
});

/** The listings and projects a run of versions touched; `everything` when a link of the chain is gone. */
export type VersionChanges = { everything: false; listings: number[]; projects: number[] } | { everything: true };

/** Whether a name is a version's (a pointer or a database row could hold anything). */
export function isVersionName(name: string): boolean {
  return versionPattern.test(name);
}

/**
 * What changed from version `from` to version `to`, following each changes.json's `previous`
 * back from `to`. A version pruned or unreadable on the way, or no `from`, is everything.
 */
export function changesBetween(varDir: string, from: string | undefined, to: string, maxSteps = 50): VersionChanges {
  const listings = new Set<number>();
  const projects = new Set<number>();
  let version: string | null = to;
  for (let step = 0; version !== from; step += 1) {
    if (version === null || from === undefined || step >= maxSteps || !isVersionName(version)) return { everything: true };
    let entry: z.infer<typeof changeEntrySchema>;
    try {
      entry = changeEntrySchema.parse(JSON.parse(readFileSync(path.join(/* turbopackIgnore: true */ varDir, version, 'changes.json'), 'utf8')));
    } catch {
      return { everything: true };
    }
    for (const id of [...entry.added, ...entry.changed, ...entry.withdrawn]) listings.add(id);
    for (const id of [...entry.projects.added, ...entry.projects.changed, ...entry.projects.withdrawn]) projects.add(id);
    version = entry.previous;
  }
  return { everything: false, listings: [...listings], projects: [...projects] };
}

/** Writes a catalogue into a new temporary folder under varDir; returns its path. */
export function writeTemporary(varDir: string, version: string, files: CatalogueFiles, manifest: Manifest, changes: ChangeEntry): string {
  const dir = path.join(/* turbopackIgnore: true */ varDir, `.tmp-${version}`);
  mkdirSync(path.join(/* turbopackIgnore: true */ dir, 'documents'), { recursive: true });
  rewriteTemporary(dir, files, manifest, changes);
  return dir;
}

export function rewriteTemporary(dir: string, files: CatalogueFiles, manifest: Manifest, changes: ChangeEntry): void {
  const write = (name: string, value: unknown) => writeFileSync(path.join(/* turbopackIgnore: true */ dir, name), `${JSON.stringify(value, null, 1)}\n`);
  write('properties.json', files.properties);
  write('types.json', files.types);
  write('cities.json', files.cities);
  write('projects.json', files.projects);
  write('appointment-slots.json', files.appointmentSlots);
  write('owners.json', files.owners);
  write('manifest.json', manifest);
  write('changes.json', changes);
}

/** The temporary folder becomes the version, then the pointer names it (each step a rename). */
export function publish(varDir: string, temporary: string, version: string): void {
  renameSync(temporary, path.join(/* turbopackIgnore: true */ varDir, version));
  const pointer = path.join(/* turbopackIgnore: true */ varDir, `${pointerFile}.${randomBytes(4).toString('hex')}.tmp`);
  writeFileSync(pointer, `${version}\n`);
  renameSync(pointer, path.join(/* turbopackIgnore: true */ varDir, pointerFile));
}

/** Keeps the newest `keep` versions (the current one always) and no temporary folders of runs that ended. */
export function pruneVersions(varDir: string, keep: number, activeTemporary?: string): void {
  const current = currentVersion(varDir);
  const entries = readdirSync(varDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const versions = entries
    .map((entry) => entry.name)
    .filter((name) => versionPattern.test(name))
    .sort()
    .reverse();
  for (const name of versions.slice(keep)) if (name !== current) rmSync(path.join(/* turbopackIgnore: true */ varDir, name), { recursive: true, force: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.tmp-') && path.join(/* turbopackIgnore: true */ varDir, entry.name) !== activeTemporary)
      rmSync(path.join(/* turbopackIgnore: true */ varDir, entry.name), { recursive: true, force: true });
  }
}
