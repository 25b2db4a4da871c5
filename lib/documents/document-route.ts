import { getProperty } from '../catalogue';
import { readDocumentFile } from '../catalogue/documents';
import { getDefaultLanguage, isSupportedLanguage, type Language } from '../config';
import { escapeHtml } from '../html/escape';
import { href } from '../pages';
import { translatorFor } from '../i18n/messages';
import { checkDocumentLink } from './signed-link';

/*
 * GET /api/documents/{listing}/{document}/?lang=…&expires=…&signature=…: one document, for whoever
 * holds a link the site mailed. A link that was not signed here answers 403, an expired one 410,
 * each with a short page in the visitor's language; a document the catalogue no longer has, 404.
 */

const noStore = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' };

function page(language: Language, status: number, problem: 'invalid' | 'expired' | 'missing', listingId?: number): Response {
  const t = translatorFor(language, 'documents');
  const back = listingId ? { url: `${href({ page: 'property', id: listingId }, language)}#request-documents`, label: t('requestAgain') } : { url: href({ page: 'home' }, language), label: t('home') };
  const body = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(t(`${problem}Title`))}</title></head>
<body><main><h1>${escapeHtml(t(`${problem}Title`))}</h1><p>${escapeHtml(t(problem))}</p>
<p><a href="${escapeHtml(back.url)}">${escapeHtml(back.label)}</a></p></main></body></html>`;
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...noStore } });
}

/** RFC 6266 / 5987: an ASCII name for every browser, the document's own name for those that read filename*. */
function contentDisposition(fileName: string, title: string): string {
  const own = `${title.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').trim() || fileName.replace(/\.pdf$/, '')}.pdf`;
  const encoded = encodeURIComponent(own).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encoded}`;
}

export async function documentResponse(request: Request, params: { listing: string; document: string }): Promise<Response> {
  const check = checkDocumentLink({ ...params, query: new URL(request.url).searchParams }, isSupportedLanguage);
  if (!check.ok) {
    const language = check.language ?? getDefaultLanguage();
    return check.reason === 'expired' ? page(language, 410, 'expired', Number(params.listing)) : page(language, 403, 'invalid');
  }
  const { grant } = check;
  const document = getProperty(grant.listingId, grant.language)?.documents.find((candidate) => candidate.id === grant.documentId);
  const file = document ? await readDocumentFile(document.url) : undefined;
  if (!document || !file) return page(grant.language, 404, 'missing');
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(file.bytes.length),
      'content-disposition': contentDisposition(file.fileName, document.name),
      ...noStore,
    },
  });
}
