import type { Language } from '../config/schemas';
import { escapeHtml } from '../html/escape';
import { isMessageKey } from '../i18n/message-keys';
import { referenceMessages, translatorFor } from '../i18n/messages';

/** A refused post as the form endpoint answers it (lib/forms/handle-request's FormResponse). */
export type RefusedPost = { ok: false; error: string; message: string; fieldErrors?: Record<string, { message: string }> };

/**
 * A bare refusal in the visitor's language, for posts that have no form of ours to go back to: a
 * form post from another site, a newsletter confirmation that failed. A visitor's own form that
 * fails comes back filled in instead (lib/forms/plain-post.ts).
 */
export function errorPage(language: Language, body: RefusedPost, backHref: string | undefined): string {
  const t = translatorFor(language, 'forms');
  const fieldLabel = (field: string) => (isMessageKey(referenceMessages.forms.fields, field) ? t.markup(`fields.${field}`, { link: (chunks) => chunks }) : field);
  const items = Object.entries(body.fieldErrors ?? {})
    .map(([field, error]) => `<li><strong>${escapeHtml(fieldLabel(field))}</strong>: ${escapeHtml(error.message)}</li>`)
    .join('');
  const back = backHref && /^https?:\/\//.test(backHref) ? backHref : `/${language}/`;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(t('errorPage.title'))}</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2a44}a{color:#b44a33}</style></head>
<body><main><h1>${escapeHtml(t('errorPage.title'))}</h1><p role="alert">${escapeHtml(body.message)}</p>${items ? `<ul>${items}</ul>` : ''}
<p><a href="${escapeHtml(back)}">${escapeHtml(t('errorPage.back'))}</a></p></main></body></html>`;
}
