import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DataIssue } from '../data-file';
import type { PictureItem, Project, Property } from './schemas';

/*
 * The pictures of listings and projects are files of the site, under public/catalogue. A path
 * that cannot be a file there (../, //, another folder, not a picture) is refused. A picture whose
 * file is missing is a warning, not a refusal: the loader leaves it out of the snapshot, so every
 * page, card, map popup, search result, social card, JSON-LD and mail built from the snapshot
 * skips it, and a listing left with no picture shows the "no photo" view the pages already have
 * for listings without pictures. A missing photo should not stop the agency from publishing a
 * price change; a broken image on the site would be worse.
 *
 * Pictures on another host (an old CRM image host) are checked with the site's settings in
 * lib/data-check, which knows siteInfo.legacyImageHosts.
 */

/** The folder under public/ that holds catalogue pictures (the image route serves it). */
const pictureFolder = '/catalogue/';
const pictureExtensions = ['.webp', '.jpg', '.jpeg', '.png'];
const example = '/catalogue/4000001/1-xl.webp';

export const isAbsolutePictureUrl = (url: string): boolean => /^([a-z][a-z\d+.-]*:)?\/\//i.test(url);

/** Why a site path cannot be a picture file of public/catalogue, or undefined when it can. */
export function picturePathProblem(url: string): string | undefined {
  const file = url.split(/[?#]/, 1)[0] ?? url;
  if (file.includes('\\')) return `"${url}" contains a backslash: write the path with forward slashes, such as ${example}`;
  if (file.split('/').some((segment) => segment === '..' || segment === '.')) return `"${url}" contains "../" or "./": write the path from the site's root, such as ${example}`;
  if (file.slice(1).includes('//')) return `"${url}" contains "//": write the path with single slashes, such as ${example}`;
  if (!file.startsWith(pictureFolder))
    return `"${url}" is not in the site's picture folder: catalogue pictures are files under public${pictureFolder}, written from ${pictureFolder}, such as ${example}`;
  if (!pictureExtensions.includes(path.posix.extname(file).toLowerCase())) return `"${url}" is not a picture file: write the path of a .webp, .jpg or .png file, such as ${example}`;
  return undefined;
}

type PictureSlot = { field: string; picture: PictureItem };

function slotsOf(record: Property | Project): PictureSlot[] {
  const slots: PictureSlot[] = [];
  if (record.SmallPictureItem) slots.push({ field: 'SmallPictureItem.Url', picture: record.SmallPictureItem });
  if (record.XLargePictureItem) slots.push({ field: 'XLargePictureItem.Url', picture: record.XLargePictureItem });
  if ('SmallPictureItems' in record) record.SmallPictureItems.forEach((picture, index) => slots.push({ field: `SmallPictureItems.${index}.Url`, picture }));
  record.XLargePictureItems.forEach((picture, index) => slots.push({ field: `XLargePictureItems.${index}.Url`, picture }));
  return slots;
}

/** Whether a site path names a file under publicDir (and not outside it). */
function fileExists(publicDir: string, url: string): boolean {
  const file = url.split(/[?#]/, 1)[0] ?? url;
  const resolved = path.resolve(publicDir, ...file.split('/').filter(Boolean).map(decodeSegment));
  if (!resolved.startsWith(path.resolve(publicDir) + path.sep)) return false;
  try {
    return statSync(resolved).isFile();
  } catch {
    return false;
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export type PictureCheck = { issues: DataIssue[]; warnings: DataIssue[]; missing: Set<string> };

/**
 * Checks every picture path of the listings and projects. `publicDir` absent on disk (a server
 * started without the public folder beside it) skips the file test: dropping every picture then
 * would empty the site of photos because of where it runs, not because of the data.
 */
export function checkPictures(records: ReadonlyArray<{ file: string; list: readonly (Property | Project)[] }>, publicDir: string): PictureCheck {
  const issues: DataIssue[] = [];
  const warnings: DataIssue[] = [];
  const missing = new Set<string>();
  const canLook = existsSync(publicDir);
  const known = new Map<string, boolean>();
  for (const { file, list } of records) {
    list.forEach((record, index) => {
      const where = { file, record: { index, label: `ID ${record.ID}, ${record.language}` } };
      // A missing file named twice in a record (main picture and gallery) is one warning.
      const missingHere = new Map<string, string[]>();
      for (const { field, picture } of slotsOf(record)) {
        if (isAbsolutePictureUrl(picture.Url)) continue;
        const problem = picturePathProblem(picture.Url);
        if (problem) {
          issues.push({ ...where, field, message: problem });
          continue;
        }
        if (!canLook) continue;
        const exists = known.get(picture.Url) ?? fileExists(publicDir, picture.Url);
        known.set(picture.Url, exists);
        if (!exists) {
          missing.add(picture.Url);
          missingHere.set(picture.Url, [...(missingHere.get(picture.Url) ?? []), field]);
        }
      }
      for (const [url, [field = '', ...also]] of missingHere) {
        const alsoText = also.length > 0 ? ` (also named in ${also.join(', ')})` : '';
        warnings.push({
          ...where,
          field,
          severity: 'warning',
          message: `the picture file public${url} does not exist${alsoText}: the site leaves this picture out (a listing left without pictures shows "no photo"); add the file to public${path.posix.dirname(url)}/ or remove the picture from the record`,
        });
      }
    });
  }
  return { issues, warnings, missing };
}

const keepOf = (missing: ReadonlySet<string>) => (picture: PictureItem) => !missing.has(picture.Url);
const mainOf = (keep: (picture: PictureItem) => boolean, picture: PictureItem | null, rest: readonly PictureItem[]) => (picture && keep(picture) ? picture : (rest[0] ?? null));

/**
 * The listing without the pictures whose file is missing: the main picture falls back to the first
 * remaining picture of its size, or to none ("no photo").
 */
export function propertyWithoutMissingPictures(record: Property, missing: ReadonlySet<string>): Property {
  if (missing.size === 0) return record;
  const keep = keepOf(missing);
  const xl = record.XLargePictureItems.filter(keep);
  const small = record.SmallPictureItems.filter(keep);
  return {
    ...record,
    XLargePictureItems: xl,
    XLargePictureItem: mainOf(keep, record.XLargePictureItem, xl),
    SmallPictureItems: small,
    SmallPictureItem: mainOf(keep, record.SmallPictureItem, small),
  };
}

/** The project without the pictures whose file is missing (same fallback as a listing). */
export function projectWithoutMissingPictures(record: Project, missing: ReadonlySet<string>): Project {
  if (missing.size === 0) return record;
  const keep = keepOf(missing);
  const xl = record.XLargePictureItems.filter(keep);
  return { ...record, XLargePictureItems: xl, XLargePictureItem: mainOf(keep, record.XLargePictureItem, xl), SmallPictureItem: mainOf(keep, record.SmallPictureItem, []) };
}
