import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/*
 * What an export changed since the last one (issue 36 item 7): a static host that takes only what
 * changed (rsync, an object store, a CDN purge) is given the list. Each export keeps, beside its
 * folder (which the next export empties), the hash of every file it wrote; the next compares.
 */

/** Site path of a file in the export ('nl/te-koop/index.html') → its SHA-256, hex. */
export type FileManifest = Record<string, string>;
export type FileChanges = { added: string[]; changed: string[]; removed: string[] };

const manifestSchema = z.record(z.string().max(4096), z.string().regex(/^[0-9a-f]{64}$/));

/** The hashes of every file under `dir`, by path relative to it with forward slashes. */
function manifestOf(dir: string): FileManifest {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  const manifest: FileManifest = {};
  for (const file of entries.sort()) {
    manifest[path.relative(dir, file).split(path.sep).join('/')] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return manifest;
}

/** Files added, changed and removed from one manifest to the next; without a previous one, every file is added. */
export function compareManifests(previous: FileManifest | undefined, current: FileManifest): FileChanges {
  const before = previous ?? {};
  const added = Object.keys(current).filter((file) => before[file] === undefined);
  const changed = Object.keys(current).filter((file) => before[file] !== undefined && before[file] !== current[file]);
  const removed = Object.keys(before).filter((file) => current[file] === undefined);
  return { added: added.sort(), changed: changed.sort(), removed: removed.sort() };
}

/** The manifest a previous export left, or undefined when there is none or it cannot be read (every file then counts as added). */
export function readManifest(file: string): FileManifest | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** One line per file, its change first ('+', '~', '-'), in the order a host applies them. */
function changesText(changes: FileChanges): string {
  const lines = [...changes.added.map((file) => `+ ${file}`), ...changes.changed.map((file) => `~ ${file}`), ...changes.removed.map((file) => `- ${file}`)];
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/**
 * Compares the export in `outDir` with the previous one and keeps its manifest for the next:
 * `<outDir>.manifest.json` and the list `<outDir>.changes.txt`, beside the folder.
 */
export function recordExportChanges(outDir: string): FileChanges & { previous: boolean; listFile: string } {
  const manifestFile = `${outDir}.manifest.json`;
  const listFile = `${outDir}.changes.txt`;
  const previous = readManifest(manifestFile);
  const current = manifestOf(outDir);
  const changes = compareManifests(previous, current);
  writeFileSync(listFile, changesText(changes));
  writeFileSync(manifestFile, `${JSON.stringify(current)}\n`);
  return { ...changes, previous: previous !== undefined, listFile };
}
