import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { deleteUploadContents, getStore, readUploadContent, saveUploadContent, type NewUpload } from '../db';
import type { UploadRule } from '../form-kinds/definitions';

/*
 * Uploads are judged by their bytes, never by their name or the type the browser claims. Pictures
 * are decoded and re-encoded by sharp, which also drops their metadata (location, camera).
 */

export type UploadError = 'fileRequired' | 'fileTooLarge' | 'fileType';
export type CheckedUpload = { field: string; fileName: string; mime: string; extension: string; bytes: Buffer };

const startsWith = (bytes: Buffer, signature: readonly number[]) => signature.every((value, index) => bytes[index] === value);

function sniffDocument(bytes: Buffer): { mime: string; extension: string } | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { mime: 'application/msword', extension: 'doc' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && bytes.includes('word/', 0, 'latin1')) {
    return { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' };
  }
  return undefined;
}

const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._ -]+/gu, '_').slice(0, 120) || 'file';

export async function checkUpload(file: File | undefined, rule: UploadRule): Promise<{ ok: true; upload?: CheckedUpload } | { ok: false; error: UploadError }> {
  if (!file || file.size === 0) return rule.required ? { ok: false, error: 'fileRequired' } : { ok: true };
  if (file.size > rule.maxBytes) return { ok: false, error: 'fileTooLarge' };
  const bytes = Buffer.from(await file.arrayBuffer());
  const baseName = safeName(path.parse(file.name || 'file').name);
  if (rule.accept === 'document') {
    const kind = sniffDocument(bytes);
    if (!kind) return { ok: false, error: 'fileType' };
    return { ok: true, upload: { field: rule.field, fileName: `${baseName}.${kind.extension}`, bytes, ...kind } };
  }
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 });
    const { format } = await image.metadata();
    if (format !== 'jpeg' && format !== 'png' && format !== 'webp') return { ok: false, error: 'fileType' };
    const encoded = await image.rotate().resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
    return { ok: true, upload: { field: rule.field, fileName: `${baseName}.jpg`, mime: 'image/jpeg', extension: 'jpg', bytes: encoded } };
  } catch {
    return { ok: false, error: 'fileType' };
  }
}

/*
 * Where uploads are kept: a local folder (the default: one server) or the database, which every
 * instance shares (UPLOAD_STORE=database, and by default on PostgreSQL), so that a file received
 * by one instance can be mailed by another. The location recorded with the request (uploads.path)
 * says where each one is, so files saved before a change of store are still read.
 */
const databasePrefix = 'database:';

const isPostgresUrl = (url: string | undefined) => /^postgres(ql)?:\/\//.test(url ?? '');

/** Whether new uploads go to the database. */
export function uploadsInDatabase(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  if (env.UPLOAD_STORE === 'database') return true;
  if (env.UPLOAD_STORE === 'folder') return false;
  return isPostgresUrl(env.DATABASE_URL);
}

// turbopackIgnore: uploads are runtime data, not files the build should trace into the server bundle.
const uploadDirectory = () => path.resolve(/* turbopackIgnore: true */ process.env.UPLOAD_DIR || path.join('var', 'uploads'));

/** Keeps the checked bytes under a random name (outside public/); the request row records where. */
export async function saveUpload(upload: CheckedUpload): Promise<NewUpload> {
  const saved = { field: upload.field, file_name: upload.fileName, mime: upload.mime, size: upload.bytes.length };
  if (uploadsInDatabase()) {
    const location = `${databasePrefix}${randomUUID()}.${upload.extension}`;
    await saveUploadContent(await getStore(), location, upload.bytes);
    return { ...saved, path: location };
  }
  const directory = uploadDirectory();
  await mkdir(/* turbopackIgnore: true */ directory, { recursive: true });
  const file = path.join(/* turbopackIgnore: true */ directory, `${randomUUID()}.${upload.extension}`);
  await writeFile(file, upload.bytes, { mode: 0o600 });
  return { ...saved, path: file };
}

/** The bytes of a saved upload, wherever it was kept. */
export async function readUpload(upload: Pick<NewUpload, 'path'>): Promise<Buffer> {
  if (!upload.path.startsWith(databasePrefix)) return readFile(/* turbopackIgnore: true */ upload.path);
  const bytes = await readUploadContent(await getStore(), upload.path);
  if (!bytes) throw new Error(`upload ${upload.path} is missing`);
  return bytes;
}

/** Forgets uploads whose request was not stored. */
export async function discardUploads(uploads: readonly NewUpload[]): Promise<void> {
  const inDatabase = uploads.filter((upload) => upload.path.startsWith(databasePrefix)).map((upload) => upload.path);
  if (inDatabase.length > 0) await deleteUploadContents(await getStore(), inDatabase);
  await Promise.all(uploads.filter((upload) => !upload.path.startsWith(databasePrefix)).map((upload) => rm(/* turbopackIgnore: true */ upload.path, { force: true })));
}
