import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, pruneExpired, setStore, storeRequest, type Store } from '@/lib/db';
import { discardUploads, readUpload, saveUpload, uploadsInDatabase, type CheckedUpload } from '@/lib/forms/uploads';
import { deliverDueJobs } from '@/lib/mail/outbox-worker';
import { SmtpSink } from './smtp-sink';
import { closeOpenedStores, testDatabases } from './test-stores';

/*
 * Uploads behind one interface (issue 18): a local folder by default, the database when several
 * instances share it, and mails attach them by reading through that interface, so a file received
 * by one instance is mailed by another.
 */

const smtp = new SmtpSink();
let store: Store;
let folder: string;
const saved = { store: process.env.UPLOAD_STORE, dir: process.env.UPLOAD_DIR };

beforeAll(async () => {
  await smtp.start();
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
});

afterAll(async () => {
  await smtp.stop();
  delete process.env.SMTP_URL;
  setStore(undefined);
});

beforeEach(async () => {
  smtp.received = [];
  store = await openStore('file::memory:');
  setStore(store);
  folder = mkdtempSync(path.join(tmpdir(), 'agency-uploads-'));
  process.env.UPLOAD_DIR = folder;
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
  for (const [name, value] of [
    ['UPLOAD_STORE', saved.store],
    ['UPLOAD_DIR', saved.dir],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

// Short enough that its base64 stays on one line of the mail.
const bytes = Buffer.from('%PDF-1.4 a CV received by instance one');
const upload: CheckedUpload = { field: 'cv', fileName: 'cv.pdf', mime: 'application/pdf', extension: 'pdf', bytes };

const application = (uploads: Awaited<ReturnType<typeof saveUpload>>[]) =>
  storeRequest(store, { form: 'job-application', lang: 'fr', email: 'candidat@example.be', name: 'Candidat', payload: { email: 'candidat@example.be' }, uploads, jobs: ['agency-mail'] });

describe('where uploads go', () => {
  it('is the folder by default, the database when asked or on PostgreSQL, and the folder when asked even there', () => {
    expect(uploadsInDatabase({})).toBe(false);
    expect(uploadsInDatabase({ UPLOAD_STORE: 'database' })).toBe(true);
    expect(uploadsInDatabase({ DATABASE_URL: 'postgres://db/site' })).toBe(true);
    expect(uploadsInDatabase({ DATABASE_URL: 'postgres://db/site', UPLOAD_STORE: 'folder' })).toBe(false);
  });
});

describe.each(testDatabases)('uploads in the database on $name', (database) => {
  afterAll(closeOpenedStores);
  beforeEach(async () => {
    store = await database.open();
    setStore(store);
  });

  it('keeps the bytes in the database, not on this disk, and the agency mail attaches them', async () => {
    process.env.UPLOAD_STORE = 'database';
    const stored = await saveUpload(upload);
    expect(readdirSync(folder)).toEqual([]);
    expect(stored.path).toMatch(/^database:/);
    await application([stored]);
    // Another instance: its own upload folder, the same database.
    rmSync(folder, { recursive: true, force: true });
    process.env.UPLOAD_DIR = mkdtempSync(path.join(tmpdir(), 'agency-other-'));
    expect(await deliverDueJobs()).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.raw).toContain('filename=cv.pdf');
    expect(mail?.raw).toContain(bytes.toString('base64'));
    rmSync(process.env.UPLOAD_DIR, { recursive: true, force: true });
  });

  it('forgets the bytes of a request that was not stored', async () => {
    process.env.UPLOAD_STORE = 'database';
    const stored = await saveUpload(upload);
    await discardUploads([stored]);
    await expect(readUpload(stored)).rejects.toThrow('missing');
  });

  it('housekeeping deletes bytes no request points at after a day, and keeps a stored request’s', async () => {
    process.env.UPLOAD_STORE = 'database';
    const kept = await saveUpload(upload);
    await application([kept]);
    const orphan = await saveUpload(upload);
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await pruneExpired(store, later)).toMatchObject({ orphanUploads: 1 });
    expect(await readUpload(kept)).toEqual(bytes);
    await expect(readUpload(orphan)).rejects.toThrow('missing');
  });
});

describe('uploads in the folder', () => {
  it('writes the file under UPLOAD_DIR and the agency mail attaches its bytes', async () => {
    const stored = await saveUpload(upload);
    expect(existsSync(stored.path)).toBe(true);
    await application([stored]);
    expect(await deliverDueJobs()).toBe(1);
    expect(smtp.received[0]?.raw).toContain(bytes.toString('base64'));
    await discardUploads([stored]);
    expect(existsSync(stored.path)).toBe(false);
  });
});
