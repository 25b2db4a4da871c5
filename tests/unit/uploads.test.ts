import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxUploadBytes, type UploadRule } from '@/lib/form-kinds/definitions';
import { formKinds } from '@/lib/form-kinds/table';
import { checkUpload, discardUploads, saveUpload, type CheckedUpload } from '@/lib/forms/uploads';

/*
 * Uploads are judged by their bytes: a CV must really be a PDF or Word file, a photo must really
 * be a picture, and a photo leaves without the metadata it came with.
 */

const requireRule = (rule: UploadRule | undefined): UploadRule => {
  if (!rule) throw new Error('the form has no upload rule');
  return rule;
};
const documentRule = requireRule(formKinds['job-application'].definition.upload);
const imageRule = requireRule(formKinds.testimonial.definition.upload);

const minimalPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

const fileOf = (bytes: Buffer | string, name: string, type = '') => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } });

async function accepted(file: File | undefined, rule: UploadRule): Promise<CheckedUpload> {
  const result = await checkUpload(file, rule);
  if (!result.ok) throw new Error(`refused with ${result.error}`);
  if (!result.upload) throw new Error('accepted without a file');
  return result.upload;
}

describe('the upload rules of the forms', () => {
  it('ask a required CV (document) for job applications and an optional photo (image) for testimonials, both up to 5 MB', () => {
    expect(documentRule).toEqual({ field: 'cv', required: true, accept: 'document', maxBytes: 5 * 1024 * 1024 });
    expect(imageRule).toEqual({ field: 'image', required: false, accept: 'image', maxBytes: 5 * 1024 * 1024 });
  });
});

describe('checkUpload: documents', () => {
  it('accepts a real PDF, typed by its bytes even when it is called cv.txt', async () => {
    const upload = await accepted(fileOf(minimalPdf, 'cv.txt', 'text/plain'), documentRule);
    expect(upload.mime).toBe('application/pdf');
    expect(upload.extension).toBe('pdf');
    expect(upload.fileName).toBe('cv.pdf');
    expect(upload.field).toBe('cv');
    expect(upload.bytes.equals(minimalPdf)).toBe(true);
  });

  it('accepts an old Word document by its signature', async () => {
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    const upload = await accepted(fileOf(doc, 'Lettre de motivation.doc'), documentRule);
    expect(upload).toMatchObject({ mime: 'application/msword', extension: 'doc', fileName: 'Lettre de motivation.doc' });
  });

  it('refuses a text file called cv.pdf', async () => {
    expect(await checkUpload(fileOf('Jean Dupont, 10 years of experience', 'cv.pdf', 'application/pdf'), documentRule)).toEqual({ ok: false, error: 'fileType' });
  });

  it('refuses a picture offered as a CV', async () => {
    const jpeg = await picture(20, 20).jpeg().toBuffer();
    expect(await checkUpload(fileOf(jpeg, 'cv.pdf'), documentRule)).toEqual({ ok: false, error: 'fileType' });
  });

  it('asks for the file when it is required and missing or empty', async () => {
    expect(await checkUpload(undefined, documentRule)).toEqual({ ok: false, error: 'fileRequired' });
    expect(await checkUpload(fileOf('', 'cv.pdf'), documentRule)).toEqual({ ok: false, error: 'fileRequired' });
  });

  it('lets an optional file be left out', async () => {
    expect(await checkUpload(undefined, { ...documentRule, required: false })).toEqual({ ok: true });
    expect(await checkUpload(undefined, imageRule)).toEqual({ ok: true });
    expect(await checkUpload(fileOf('', 'photo.jpg'), imageRule)).toEqual({ ok: true });
  });

  it('refuses a file over the size limit, and accepts one exactly at it', async () => {
    const atLimit = Buffer.concat([minimalPdf, Buffer.alloc(maxUploadBytes - minimalPdf.length, 0x20)]);
    expect((await checkUpload(fileOf(atLimit, 'cv.pdf'), documentRule)).ok).toBe(true);
    const tooLarge = Buffer.concat([atLimit, Buffer.from(' ')]);
    expect(await checkUpload(fileOf(tooLarge, 'cv.pdf'), documentRule)).toEqual({ ok: false, error: 'fileTooLarge' });
    expect(await checkUpload(fileOf(minimalPdf, 'cv.pdf'), { ...documentRule, maxBytes: 100 })).toEqual({ ok: false, error: 'fileTooLarge' });
  });

  it('keeps no path or odd characters of the visitor file name', async () => {
    const upload = await accepted(fileOf(minimalPdf, '../../etc/<script>.pdf'), documentRule);
    expect(upload.fileName).not.toMatch(/[/\\<>]/);
    expect(upload.fileName.endsWith('.pdf')).toBe(true);
  });
});

describe('checkUpload: images', () => {
  it('accepts a JPEG with EXIF metadata, re-encodes it as JPEG and drops the metadata', async () => {
    const original = await picture(400, 300)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret', Artist: 'Marie Dubois' } })
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.exif?.includes('secret')).toBe(true);

    const upload = await accepted(fileOf(original, 'photo.jpeg', 'image/jpeg'), imageRule);
    expect(upload).toMatchObject({ field: 'image', mime: 'image/jpeg', extension: 'jpg', fileName: 'photo.jpg' });
    const after = await sharp(upload.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(upload.bytes.includes('secret')).toBe(false);
    expect(upload.bytes.includes('Marie Dubois')).toBe(false);
    expect([after.width, after.height]).toEqual([400, 300]);
  });

  it('scales a 3000×2000 picture down to fit 1600 pixels, keeping its proportions', async () => {
    const large = await picture(3000, 2000).jpeg().toBuffer();
    const upload = await accepted(fileOf(large, 'house.jpg'), imageRule);
    const { width, height } = await sharp(upload.bytes).metadata();
    expect(width).toBe(1600);
    expect(height).toBe(1067);
  });

  it('scales a tall picture by its height and never enlarges a small one', async () => {
    const tall = await accepted(fileOf(await picture(1000, 2400).png().toBuffer(), 'tall.png'), imageRule);
    expect(await sharp(tall.bytes).metadata()).toMatchObject({ width: 667, height: 1600, format: 'jpeg' });
    const small = await accepted(fileOf(await picture(120, 80).webp().toBuffer(), 'small.webp'), imageRule);
    expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 120, height: 80, format: 'jpeg' });
    expect(small.fileName).toBe('small.jpg');
  });

  it('turns a picture upright according to its EXIF orientation before dropping it', async () => {
    const sideways = await picture(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const upload = await accepted(fileOf(sideways, 'phone.jpg'), imageRule);
    const after = await sharp(upload.bytes).metadata();
    expect([after.width, after.height]).toEqual([200, 300]);
    expect(after.orientation).toBeUndefined();
  });

  it('refuses an SVG, even named photo.jpg', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/><script>alert(1)</script></svg>';
    expect(await checkUpload(fileOf(svg, 'photo.svg', 'image/svg+xml'), imageRule)).toEqual({ ok: false, error: 'fileType' });
    expect(await checkUpload(fileOf(svg, 'photo.jpg', 'image/jpeg'), imageRule)).toEqual({ ok: false, error: 'fileType' });
  });

  it('refuses a text file named photo.jpg, a GIF and a PDF', async () => {
    expect(await checkUpload(fileOf('just some text', 'photo.jpg', 'image/jpeg'), imageRule)).toEqual({ ok: false, error: 'fileType' });
    const gif = await picture(20, 20).gif().toBuffer();
    expect(await checkUpload(fileOf(gif, 'photo.jpg'), imageRule)).toEqual({ ok: false, error: 'fileType' });
    expect(await checkUpload(fileOf(minimalPdf, 'photo.jpg'), imageRule)).toEqual({ ok: false, error: 'fileType' });
  });

  it('refuses a picture over the size limit before decoding it', async () => {
    const jpeg = await picture(50, 50).jpeg().toBuffer();
    expect(await checkUpload(fileOf(jpeg, 'photo.jpg'), { ...imageRule, maxBytes: jpeg.length - 1 })).toEqual({ ok: false, error: 'fileTooLarge' });
  });
});

describe('saveUpload', () => {
  const projectPublic = path.resolve(__dirname, '../../public');
  let directory = '';
  let previous: string | undefined;

  beforeAll(() => {
    previous = process.env.UPLOAD_DIR;
    directory = mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
    process.env.UPLOAD_DIR = directory;
  });

  afterAll(() => {
    if (previous === undefined) delete process.env.UPLOAD_DIR;
    else process.env.UPLOAD_DIR = previous;
    rmSync(directory, { recursive: true, force: true });
  });

  it('writes the checked bytes under UPLOAD_DIR, outside public/, under a name the visitor did not choose', async () => {
    const upload = await accepted(fileOf(minimalPdf, 'cv.txt'), documentRule);
    const saved = await saveUpload(upload);

    expect(path.dirname(saved.path)).toBe(path.resolve(directory));
    expect(existsSync(saved.path)).toBe(true);
    expect(readFileSync(saved.path).equals(minimalPdf)).toBe(true);
    expect(path.relative(projectPublic, saved.path).startsWith('..')).toBe(true);
    expect(path.basename(saved.path)).not.toContain('cv');
    expect(path.extname(saved.path)).toBe('.pdf');
    expect(saved).toMatchObject({ field: 'cv', file_name: 'cv.pdf', mime: 'application/pdf', size: minimalPdf.length });
  });

  it('gives two uploads of the same file two different files', async () => {
    const upload = await accepted(fileOf(minimalPdf, 'cv.pdf'), documentRule);
    const first = await saveUpload(upload);
    const second = await saveUpload(upload);
    expect(first.path).not.toBe(second.path);
    await discardUploads([first, second]);
    expect(existsSync(first.path)).toBe(false);
    expect(existsSync(second.path)).toBe(false);
  });

  it('saves the re-encoded picture, not the original with its metadata', async () => {
    const original = await picture(200, 100)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret' } })
      .toBuffer();
    const saved = await saveUpload(await accepted(fileOf(original, 'me.jpg'), imageRule));
    const written = readFileSync(saved.path);
    expect(written.includes('secret')).toBe(false);
    expect((await sharp(written).metadata()).exif).toBeUndefined();
    expect(saved.mime).toBe('image/jpeg');
  });
});
