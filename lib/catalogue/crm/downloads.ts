import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { DataIssue } from '../../data-file';
import { originalWidth, responsiveWidths } from '../../media/image-url';
import { prepareVariants } from '../../media/resize';
import type { VariantStore } from '../../media/variant-store';
import type { PictureItem, Property } from '../schemas';
import { readBounded, withDeadline } from './omnicasa-client';
import { propertiesFile } from './map-records';

/*
 * The files a CRM record names: pictures (into the site's picture store, public/catalogue/crm,
 * named by their content's SHA-256, so that an instance sharing the folder never sees half a
 * file and a changed picture gets a new name) and documents (into the pulled version's folder,
 * where the site's document links read them). Each is fetched once per URL: a URL the last good
 * catalogue already holds is not fetched again. Every download is bounded in size and time, and
 * only a real picture (WebP, JPEG, PNG) or PDF is kept: nothing a CRM sends can become a script.
 * A new picture gets its fixed widths at once, into the image route's store (IMAGE_CACHE_DIR), so
 * that its first visitor waits for no resize; the original stays as fetched ("the largest is
 * unchanged", spec §7).
 */

/** `maxPixels`: a small file can still decode to gigabytes (a decompression bomb); its header says so first. */
export type DownloadLimits = { maxBytes: number; timeoutMs: number; picturesPerListing: number; maxPixels: number };
export const defaultDownloadLimits: DownloadLimits = { maxBytes: 15 * 1024 * 1024, timeoutMs: 20_000, picturesPerListing: 60, maxPixels: 40_000_000 };

/**
 * The variants the pages ask of a catalogue picture: the responsive widths below the original
 * (cards, gallery, placeholder) and the map pins' 250, in WebP; of each picture those narrower
 * than itself (a wider one is the same pixels, left to the route). The mails' PNG and the social
 * card are rare and made on their first request.
 */
export const pulledVariants = [...new Set([...responsiveWidths.filter((width) => width < originalWidth), 250])].sort((a, b) => a - b).map((width) => ({ width, format: 'webp' as const }));

/** Where a pulled file came from and where it is now; kept in each version's manifest. */
export type FileSource = { url: string; path: string; sha256: string };

const pictureKinds: ReadonlyArray<{ ext: string; test: (bytes: Buffer) => boolean }> = [
  { ext: 'webp', test: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP' },
  { ext: 'jpg', test: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  { ext: 'png', test: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
];

class DownloadProblem extends Error {}

async function download(url: string, limits: DownloadLimits): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DownloadProblem('is not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new DownloadProblem('is not an http(s) URL');
  return withDeadline(
    limits.timeoutMs,
    async (signal) => {
      let response: Response | undefined;
      // A connection closed with no answer is asked once more at once: it is most often a kept-alive
      // socket the host closed as it was reused (the pull's calls precede the pictures on one host),
      // and a picture given up is given up for every listing that shares it (thousands of copies).
      for (let attempt = 1; !response; attempt += 1) {
        try {
          response = await fetch(parsed, { signal, redirect: 'follow' });
        } catch (error) {
          if (signal.aborted) throw error;
          if (attempt >= 2) throw new DownloadProblem('could not be fetched (no answer)');
        }
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new DownloadProblem(`could not be fetched (HTTP ${response.status})`);
      }
      return readBounded(response, limits.maxBytes, () => new DownloadProblem(`is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB`));
    },
    () => new DownloadProblem(`took longer than ${limits.timeoutMs / 1000} s`),
  );
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Writes beside the target, then renames: a reader sees the whole file or none. */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

/** What holds pictures: a listing, or a project (which has no small gallery). */
type PictureRecord = Pick<Property, 'ID' | 'language' | 'SmallPictureItem' | 'XLargePictureItem' | 'XLargePictureItems'> & { SmallPictureItems?: PictureItem[] };

type Slot = { field: string; item: PictureItem; set: (item: PictureItem | null) => void };

export class FileFetcher {
  /** Source URL → what it became, for this run; seeded with the last good catalogue's. */
  private readonly pictures = new Map<string, Promise<FileSource | string>>();
  readonly pictureSources = new Map<string, FileSource>();
  readonly documentSources = new Map<string, FileSource>();

  constructor(
    private readonly publicDir: string,
    private readonly limits: DownloadLimits,
    known: { pictures: readonly FileSource[] },
    /** Where new pictures' widths go (the image route's store); none: no widths are made. */
    private readonly variants: VariantStore | undefined = undefined,
  ) {
    for (const source of known.pictures) this.pictures.set(source.url, Promise.resolve(source));
  }

  /** One picture's widths at a time: sharp already spreads one over its threads, and memory stays one decode. */
  private encoding: Promise<unknown> = Promise.resolve();
  private prepare(site: string, width: number): Promise<void> {
    const store = this.variants;
    if (!store) return Promise.resolve();
    const next = this.encoding.then(async () => {
      await prepareVariants(
        site,
        pulledVariants.filter((variant) => variant.width < width),
        { publicDir: this.publicDir, store },
      );
    });
    this.encoding = next.catch(() => undefined);
    return next;
  }

  private picture(url: string): Promise<FileSource | string> {
    let pending = this.pictures.get(url);
    if (!pending) {
      pending = (async () => {
        try {
          const bytes = await download(url, this.limits);
          const kind = pictureKinds.find((candidate) => candidate.test(bytes));
          if (!kind) return 'is not a WebP, JPEG or PNG picture';
          const size = await sharp(bytes)
            .metadata()
            .catch(() => undefined);
          if (!size?.width || !size.height) return 'is not a picture that can be read';
          if (size.width * size.height > this.limits.maxPixels)
            return `is ${size.width} × ${size.height} pixels, more than the ${Math.round(this.limits.maxPixels / 1_000_000)} million the site takes`;
          const sha256 = createHash('sha256').update(bytes).digest('hex');
          const site = `/catalogue/crm/${sha256.slice(0, 2)}/${sha256}.${kind.ext}`;
          const file = path.join(this.publicDir, ...site.split('/').filter(Boolean));
          if (!(await exists(file))) await writeAtomically(file, bytes);
          // A file the route could not resize either would show visitors a broken picture.
          if (
            !(await this.prepare(site, size.width).then(
              () => true,
              () => false,
            ))
          )
            return 'cannot be resized';
          return { url, path: site, sha256 };
        } catch (error) {
          if (error instanceof DownloadProblem) return error.message;
          throw error;
        }
      })();
      this.pictures.set(url, pending);
    }
    return pending;
  }

  /**
   * The listing with its pictures in the site's store. A picture that cannot be fetched keeps its
   * last good file when the listing had it (same picture ID), and is left out otherwise; each is
   * reported, and `failed` tells the pull to fetch the listing again next run.
   */
  async localisePictures<T extends PictureRecord>(record: T, previous: T | undefined, file: string): Promise<{ record: T; issues: DataIssue[]; failed: boolean }> {
    const issues: DataIssue[] = [];
    const label = { index: 0, label: `ID ${record.ID}, ${record.language}` };
    const result: T = { ...record, SmallPictureItems: record.SmallPictureItems ? [...record.SmallPictureItems] : undefined, XLargePictureItems: [...record.XLargePictureItems] };
    for (const field of ['SmallPictureItems', 'XLargePictureItems'] as const) {
      const list = result[field];
      if (list && list.length > this.limits.picturesPerListing) {
        issues.push({ file, record: label, field, severity: 'warning', message: `${list.length} pictures: the site keeps the first ${this.limits.picturesPerListing}` });
        result[field] = list.slice(0, this.limits.picturesPerListing);
      }
    }
    const slots: Slot[] = [];
    const main = (field: 'SmallPictureItem' | 'XLargePictureItem') => {
      const item = result[field];
      if (item) slots.push({ field, item, set: (value) => (result[field] = value) });
    };
    main('SmallPictureItem');
    main('XLargePictureItem');
    for (const field of ['SmallPictureItems', 'XLargePictureItems'] as const) {
      const list = result[field];
      list?.forEach((item, index) => slots.push({ field: `${field}.${index}`, item, set: (value) => (list[index] = value ?? item) }));
    }
    const dropped = new Set<PictureItem>();
    let failed = false;
    await Promise.all(
      slots.map(async (slot) => {
        if (!/^https?:\/\//i.test(slot.item.Url)) return;
        const outcome = await this.picture(slot.item.Url);
        if (typeof outcome !== 'string') {
          this.pictureSources.set(outcome.url, outcome);
          slot.set({ ...slot.item, Url: outcome.path });
          return;
        }
        failed = true;
        const before = previousPicture(previous, slot.field, slot.item.ID);
        issues.push({
          file,
          record: label,
          field: `${slot.field}.Url`,
          severity: 'warning',
          message: `the picture ${slot.item.Url} ${outcome}: ${before ? 'the site keeps showing the previous one' : 'the site leaves it out'}; the next pull tries again`,
        });
        if (before) slot.set(before);
        else if (slot.field.includes('.')) dropped.add(slot.item);
        else slot.set(null);
      }),
    );
    if (result.SmallPictureItems) result.SmallPictureItems = result.SmallPictureItems.filter((item) => !dropped.has(item));
    result.XLargePictureItems = result.XLargePictureItems.filter((item) => !dropped.has(item));
    result.SmallPictureItem ??= result.SmallPictureItems?.[0] ?? null;
    result.XLargePictureItem ??= result.XLargePictureItems[0] ?? null;
    return { record: result, issues, failed };
  }

  /**
   * Puts each document of the listings into `versionDir/documents`: copied from the last good
   * version when its URL is the same, fetched otherwise. A document that cannot be fetched is
   * left out of its listing and reported.
   */
  async placeDocuments(
    records: Property[],
    sourceOf: (id: number, name: string) => string | undefined,
    previous: { dir: string; sources: readonly FileSource[] } | undefined,
    versionDir: string,
  ): Promise<{ records: Property[]; issues: DataIssue[]; failedIds: Set<number> }> {
    const issues: DataIssue[] = [];
    const failedIds = new Set<number>();
    const known = new Map((previous?.sources ?? []).map((source) => [source.url, source]));
    const placed = new Map<string, Promise<string | undefined>>();
    const place = (name: string, url: string) => {
      let pending = placed.get(name);
      if (!pending) {
        pending = (async () => {
          const target = path.join(versionDir, 'documents', name);
          if (await exists(target)) return undefined;
          const before = known.get(url);
          if (before && previous && (await exists(path.join(previous.dir, 'documents', path.posix.basename(before.path))))) {
            await mkdir(path.dirname(target), { recursive: true });
            await copyFile(path.join(previous.dir, 'documents', path.posix.basename(before.path)), target);
            this.documentSources.set(url, before);
            return undefined;
          }
          try {
            const bytes = await download(url, this.limits);
            if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return 'is not a PDF file';
            await writeAtomically(target, bytes);
            this.documentSources.set(url, { url, path: `/catalogue/documents/${name}`, sha256: createHash('sha256').update(bytes).digest('hex') });
            return undefined;
          } catch (error) {
            if (error instanceof DownloadProblem) return error.message;
            throw error;
          }
        })();
        placed.set(name, pending);
      }
      return pending;
    };
    const result: Property[] = [];
    for (const record of records) {
      const kept: Property['Documents'] = [];
      for (const [index, document] of record.Documents.entries()) {
        const name = path.posix.basename(document.Url);
        const url = sourceOf(record.ID, name);
        // A name check:data refuses (not a plain PDF name) is left for it to report with the record.
        if (!url || !/^[A-Za-z0-9][A-Za-z0-9_-]{0,120}\.pdf$/.test(name)) {
          kept.push(document);
          continue;
        }
        const problem = await place(name, url);
        if (problem) {
          failedIds.add(record.ID);
          issues.push({
            file: propertiesFile,
            record: { index: 0, label: `ID ${record.ID}, ${record.language}` },
            field: `Documents.${index}.Url`,
            severity: 'warning',
            message: `the document ${url} ${problem}: the site leaves it out; the next pull tries again`,
          });
        } else kept.push(document);
      }
      result.push({ ...record, Documents: kept });
    }
    return { records: result, issues, failedIds };
  }
}

function previousPicture(previous: PictureRecord | undefined, field: string, id: number): PictureItem | undefined {
  if (!previous) return undefined;
  const [name] = field.split('.');
  if (name === 'SmallPictureItem' || name === 'XLargePictureItem') return previous[name] ?? undefined;
  if (name === 'SmallPictureItems' || name === 'XLargePictureItems') return previous[name]?.find((item) => item.ID === id);
  return undefined;
}
