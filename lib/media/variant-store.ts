/**
 * Encoded picture variants kept on disk, so that a restart or a second server process does not
 * run sharp again for every card of every list (an encoding costs tens of milliseconds of CPU; a
 * cached file is served in well under one). Server only.
 *
 * A file's name is a hash of what the server itself resolved (the original's real path, size and
 * modification time, the variant's size and format), never anything a request chose, and the
 * folder is bounded in bytes: past the bound, the files used longest ago go first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

type Entry = { bytes: number; usedAt: number };

export class VariantStore {
  private index: Promise<Map<string, Entry>> | undefined;
  private total = 0;
  /** Set when the folder cannot be used: pictures are then encoded every time, never refused. */
  private unusable = false;

  constructor(
    readonly directory: string,
    private readonly maxBytes: number,
  ) {}

  /** The stored bytes of `key`, or undefined when they are not (or no longer) on disk. */
  async get(key: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const index = await this.loadIndex();
    const name = fileName(key);
    if (this.unusable) return undefined;
    try {
      const stored = await readFile(path.join(this.directory, name));
      // Not in our index: written since our scan by another process sharing the folder (the
      // pull makes a new picture's widths ahead of its first visitor); ours to count from now on.
      const entry = index.get(name) ?? this.adopt(index, name, stored.byteLength);
      entry.usedAt = Date.now();
      const body = new Uint8Array(stored.byteLength);
      body.set(stored);
      return body;
    } catch (error) {
      if (!isMissing(error)) throw error;
      // Removed by another process sharing the folder, or by hand.
      this.forget(index, name);
      return undefined;
    }
  }

  /** Whether `key` is stored: by this process's index, else by the folder (no file is read). */
  async has(key: string): Promise<boolean> {
    const index = await this.loadIndex();
    const name = fileName(key);
    if (index.has(name)) return true;
    if (this.unusable) return false;
    // One stat on a miss, which otherwise costs an encoding: another process may have written it.
    const info = await stat(path.join(this.directory, name)).catch(() => undefined);
    if (!info?.isFile()) return false;
    this.adopt(index, name, info.size);
    return true;
  }

  /** Keeps `body` for `key`; a failure to write (disk full, read-only) costs a later encoding only. */
  async set(key: string, body: Uint8Array): Promise<void> {
    const index = await this.loadIndex();
    if (this.unusable || body.byteLength > this.maxBytes) return;
    const name = fileName(key);
    const file = path.join(this.directory, name);
    // Written aside and renamed, so that no reader ever sees half a picture.
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, body);
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      console.error(`Picture variant cache: could not write ${file}`, error);
      return;
    }
    this.forget(index, name);
    index.set(name, { bytes: body.byteLength, usedAt: Date.now() });
    this.total += body.byteLength;
    await this.evict(index);
  }

  /** Bytes the folder holds by this process's count. */
  async size(): Promise<number> {
    await this.loadIndex();
    return this.total;
  }

  private loadIndex(): Promise<Map<string, Entry>> {
    this.index ??= this.scan().catch((error: unknown) => {
      console.error(`Picture variant cache: cannot use ${this.directory}; pictures are encoded on every request`, error);
      this.unusable = true;
      return new Map<string, Entry>();
    });
    return this.index;
  }

  /**
   * What is already on disk, from an earlier run. The leftovers of an interrupted write are
   * removed, but only once they are older than any write takes: another process sharing the
   * folder may be between its write and its rename.
   */
  private async scan(): Promise<Map<string, Entry>> {
    await mkdir(this.directory, { recursive: true });
    const index = new Map<string, Entry>();
    for (const name of await readdir(this.directory)) {
      const temporary = name.endsWith('.tmp');
      // A file the store did not write is neither read nor removed.
      if (!temporary && !storedName.test(name)) continue;
      const file = path.join(this.directory, name);
      const info = await stat(file).catch(() => undefined);
      if (info === undefined || !info.isFile()) continue;
      if (temporary) {
        if (Date.now() - info.mtimeMs > abandonedAfterMs) await unlink(file).catch(() => undefined);
        continue;
      }
      index.set(name, { bytes: info.size, usedAt: info.mtimeMs });
      this.total += info.size;
    }
    await this.evict(index);
    return index;
  }

  private async evict(index: Map<string, Entry>): Promise<void> {
    if (this.total <= this.maxBytes) return;
    const oldestFirst = [...index.entries()].sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [name] of oldestFirst) {
      if (this.total <= this.maxBytes) break;
      this.forget(index, name);
      await unlink(path.join(this.directory, name)).catch((error: unknown) => {
        if (!isMissing(error)) console.error(`Picture variant cache: could not remove ${name}`, error);
      });
    }
  }

  private adopt(index: Map<string, Entry>, name: string, bytes: number): Entry {
    const entry = { bytes, usedAt: Date.now() };
    index.set(name, entry);
    this.total += bytes;
    return entry;
  }

  private forget(index: Map<string, Entry>, name: string): void {
    const entry = index.get(name);
    if (entry === undefined) return;
    this.total -= entry.bytes;
    index.delete(name);
  }
}

const storedName = /^[0-9a-f]{40}$/;
/** A variant is written in milliseconds; a temporary file this old belongs to a write that died. */
const abandonedAfterMs = 10 * 60_000;

function fileName(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 40);
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
