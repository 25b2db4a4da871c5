import { mkdtempSync, readFileSync, rmSync, symlinkSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fullListings } from '../full-listings';
import { documentFileName, documentIssues, readDocumentFile } from '@/lib/catalogue/documents';
import { readCatalogue } from '@/lib/catalogue/load';
import { isSupportedLanguage } from '@/lib/config';
import { documentResponse } from '@/lib/documents/document-route';
import { checkDocumentLink, documentLinkExpiry, signedDocumentPath, type DocumentGrant } from '@/lib/documents/signed-link';

/*
 * The listings' documents are private (issue 13, item 18): a visitor gets one through a signed,
 * expiring link, and nothing a request carries can make the route read another file.
 */

type Tree = { [key: string]: string | Tree };
const root = path.resolve(__dirname, '../..');
const messages = (language: string) => JSON.parse(readFileSync(path.join(root, `messages/${language}.json`), 'utf8')) as Tree;
const text = (tree: Tree, key: string) => {
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`no message ${key}`);
  return value;
};

const listing = fullListings('fr').find((property) => property.availability === 'on-offer' && property.documents.length > 1);
if (!listing) throw new Error('the catalogue has no listing with two documents');
const [firstDocument, secondDocument] = listing.documents;
if (!firstDocument || !secondDocument) throw new Error('no documents');

const inAWeek = () => Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
const grant = (overrides: Partial<DocumentGrant> = {}): DocumentGrant => ({ listingId: listing.id, documentId: firstDocument.id, language: 'fr', expires: inAWeek(), ...overrides });

/** What the route answers for a path and query as a browser would send them. */
async function open(pathAndQuery: string): Promise<Response> {
  const url = new URL(pathAndQuery, 'https://www.immo-hainaut.example');
  const match = /^\/api\/documents\/([^/]*)\/([^/]*)\/$/.exec(url.pathname);
  if (!match) throw new Error(`not a document link: ${pathAndQuery}`);
  return documentResponse(new Request(url), { listing: decodeURIComponent(match[1] ?? ''), document: decodeURIComponent(match[2] ?? '') });
}

describe('a signed document link', () => {
  it('downloads the PDF, as an attachment that no cache keeps', async () => {
    const response = await open(signedDocumentPath(grant()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w-]+\.pdf"; filename\*=UTF-8''/);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.equals(readFileSync(path.join(root, 'data/catalogue/documents', documentFileName(firstDocument.url) ?? '')))).toBe(true);
  });

  it('answers 410 once expired, with a page in the visitor language that leads back to the request form', async () => {
    const response = await open(signedDocumentPath(grant({ expires: Math.floor(Date.now() / 1000) - 60, language: 'nl' })));
    expect(response.status).toBe(410);
    const page = await response.text();
    expect(page).toContain(text(messages('nl'), 'documents.expiredTitle'));
    expect(page).toContain('#request-documents');
    expect(page).not.toContain('%PDF');
  });

  it('answers 403 to any change: another document, listing, language, expiry or signature', async () => {
    const genuine = new URL(signedDocumentPath(grant()), 'https://x.example');
    const variants = [
      genuine.pathname.replace(`/${firstDocument.id}/`, `/${secondDocument.id}/`) + genuine.search,
      genuine.pathname.replace(`/${listing.id}/`, `/${listing.id + 1}/`) + genuine.search,
      genuine.pathname + genuine.search.replace('lang=fr', 'lang=nl'),
      genuine.pathname + genuine.search.replace(/expires=(\d+)/, (_match, value: string) => `expires=${Number(value) + 86400 * 365}`),
      genuine.pathname + genuine.search.replace(/signature=([\w-])/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
      genuine.pathname + genuine.search.replace(/&signature=[\w-]+/, ''),
      genuine.pathname,
    ];
    for (const variant of variants) {
      const response = await open(variant);
      expect(response.status, variant).toBe(403);
      expect(await response.text()).not.toContain('%PDF');
    }
  });

  it('lets nothing in the request reach the file system: ids are digits, names come from the catalogue', async () => {
    const query = new URL(signedDocumentPath(grant()), 'https://x.example').search;
    for (const [listingPart, documentPart] of [
      ['..', '..'],
      ['..%2F..%2Fpackage.json', String(firstDocument.id)],
      [String(listing.id), '..%2F..%2F..%2Fetc%2Fpasswd'],
      [String(listing.id), `${firstDocument.id}.pdf`],
      [`${listing.id}%00`, String(firstDocument.id)],
    ]) {
      const response = await documentResponse(new Request(`https://x.example/api/documents/x/y/${query}`), {
        listing: decodeURIComponent(listingPart ?? ''),
        document: decodeURIComponent(documentPart ?? ''),
      });
      expect(response.status).toBe(403);
    }
    // A crafted Url in a catalogue never leaves the documents folder.
    expect(documentFileName('/catalogue/documents/../../package.json')).toBeUndefined();
    expect(documentFileName('../../../etc/passwd')).toBeUndefined();
    expect(documentFileName('https://crm.example/files/..%2F..%2Fsecret.pdf')).toBeUndefined();
    expect(await readDocumentFile('/x/package.json')).toBeUndefined();
    expect(checkDocumentLink({ listing: '4000001', document: '1', query: new URLSearchParams('lang=fr&expires=1&signature=' + 'a'.repeat(43)) }, isSupportedLanguage)).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  it('does not follow a symbolic link placed in the documents folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'documents-'));
    try {
      symlinkSync(path.join(root, 'package.json'), path.join(dir, 'evil.pdf'));
      expect(await readDocumentFile('/catalogue/documents/evil.pdf', dir)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('expires a week after the request, and gives a late e-mail at least two more days', () => {
    const requested = '2026-11-20T10:00:00.000Z';
    const week = Date.parse(requested) / 1000 + 7 * 24 * 3600;
    expect(documentLinkExpiry(requested, new Date('2026-11-20T10:00:05.000Z'))).toBe(week);
    const late = new Date('2026-11-30T10:00:00.000Z');
    expect(documentLinkExpiry(requested, late)).toBe(late.getTime() / 1000 + 2 * 24 * 3600);
  });
});

describe('the documents folder', () => {
  const copies: string[] = [];
  afterAll(() => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });

  it('holds the file of every document of the catalogue, and public/ holds none', () => {
    const catalogue = readCatalogue(path.join(root, 'data/catalogue'));
    expect(catalogue.ok).toBe(true);
    if (!catalogue.ok) return;
    expect(documentIssues(catalogue.snapshot.properties, path.join(root, 'data/catalogue'), 'properties.json')).toEqual([]);
    expect(() => readFileSync(path.join(root, 'public/catalogue/documents', documentFileName(firstDocument.url) ?? ''))).toThrow();
  });

  it('makes the data check name a document whose file is missing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-'));
    copies.push(dir);
    cpSync(path.join(root, 'data/catalogue'), dir, { recursive: true });
    const name = documentFileName(firstDocument.url) ?? '';
    rmSync(path.join(dir, 'documents', name));
    const result = readCatalogue(dir);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => issue.message)).toContain(`the file data/catalogue/documents/${name} does not exist`);
  });
});
