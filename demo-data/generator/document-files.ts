import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Property } from '../../lib/catalogue/schemas';

/*
 * The listings' documents as small, valid one-page PDFs (title and reference), so that every
 * document a visitor requests can be sent. They go to data/catalogue/documents, not public/: the
 * site hands them out only through signed links (lib/documents). Deterministic: no dates in the files.
 */

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[()\\]/g, '');

function pdf(lines: string[]): Buffer {
  const content = ['BT', '/F1 18 Tf', '72 760 Td', ...lines.flatMap((line, index) => [index === 0 ? '' : '0 -28 Td', `(${ascii(line)}) Tj`]).filter(Boolean), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Writes {dir}/*.pdf for every document of the (English) listing records. */
export function writeDocumentFiles(dir: string, properties: readonly Property[]): number {
  mkdirSync(dir, { recursive: true });
  const written = new Set<string>();
  for (const property of properties.filter((candidate) => candidate.language === 'en')) {
    for (const document of property.Documents) {
      const name = document.Url.split('/').pop();
      if (!name || written.has(name)) continue;
      writeFileSync(join(dir, name), pdf([document.Name, `${property.TypeDescription}, ${property.Zip} ${property.City}`, `Ref. ${property.ID}`, 'Immo Hainaut']));
      written.add(name);
    }
  }
  return written.size;
}
