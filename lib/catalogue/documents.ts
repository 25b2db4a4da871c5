import { lstatSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DataIssue } from '../data-file';
import { servedCatalogueDirs } from './source-dir';
import type { Property } from './schemas';

/*
 * The listings' documents (EPC certificate, plans, deeds…). They are private: the files live in
 * the catalogue folder's documents/ (data/catalogue/documents, or a pulled version's), outside
 * public/, and reach a visitor only through a signed, expiring link mailed after a document
 * request (lib/documents). This module is the only one that touches
 * those files; a document is named by its listing and ID, never by a path from a request.
 */

const documentsFolderName = 'documents';

/** The file name a document's Url ends with: plain ASCII, one dot, a PDF. */
const fileNamePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,120}\.pdf$/;

/*
 * The folders here are known only at run time (the catalogue in use): turbopackIgnore keeps the
 * build's file tracer from taking each for the whole project (see lib/catalogue/crm/catalogue-folder).
 */
function documentsDir(catalogueDir: string): string {
  return path.join(/* turbopackIgnore: true */ catalogueDir, documentsFolderName);
}

/** The file of a document: the last segment of its CRM Url, when that is a safe PDF name. */
export function documentFileName(url: string): string | undefined {
  const name = url.split(/[?#]/, 1)[0]?.split('/').pop() ?? '';
  return fileNamePattern.test(name) ? name : undefined;
}

/** The path of `name` in the documents folder, or undefined for anything but a plain file name there. */
function pathOf(name: string, dir: string): string | undefined {
  if (!fileNamePattern.test(name)) return undefined;
  const resolved = path.resolve(/* turbopackIgnore: true */ dir, name);
  return path.dirname(resolved) === path.resolve(/* turbopackIgnore: true */ dir) ? resolved : undefined;
}

function isPlainFile(file: string): boolean {
  try {
    // lstat: a symbolic link placed in the folder could point anywhere on the server.
    return lstatSync(/* turbopackIgnore: true */ file).isFile();
  } catch {
    return false;
  }
}

/** Every document of every listing must be a PDF file of the documents folder (checked with the snapshot). */
export function documentIssues(properties: readonly Property[], catalogueDir: string, displayFile: string): DataIssue[] {
  const dir = documentsDir(catalogueDir);
  const issues: DataIssue[] = [];
  properties.forEach((property, index) => {
    property.Documents.forEach((document, position) => {
      const record = { index, label: `ID ${property.ID}, ${property.language}` };
      const field = `Documents.${position}.Url`;
      const name = documentFileName(document.Url);
      if (!name) {
        issues.push({ file: displayFile, record, field, message: `"${document.Url}" must end in a PDF file name (letters, digits, - and _, then .pdf) of data/catalogue/${documentsFolderName}` });
        return;
      }
      const file = pathOf(name, dir);
      if (!file || !isPlainFile(file)) issues.push({ file: displayFile, record, field, message: `the file data/catalogue/${documentsFolderName}/${name} does not exist` });
    });
  });
  return issues;
}

export type DocumentFile = { fileName: string; bytes: Buffer };

/** The bytes of a document, read from the documents folder (by default the served catalogue's, source-dir.ts); undefined when the file is not there. */
export async function readDocumentFile(url: string, dir?: string): Promise<DocumentFile | undefined> {
  const fileName = documentFileName(url);
  if (!fileName) return undefined;
  for (const folder of dir === undefined ? servedCatalogueDirs().map(documentsDir) : [dir]) {
    const file = pathOf(fileName, folder);
    if (file && isPlainFile(file)) return { fileName, bytes: await readFile(/* turbopackIgnore: true */ file) };
  }
  return undefined;
}
