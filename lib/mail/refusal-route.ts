import { getStore, refuseMail } from '../db';
import type { Language } from '../config';
import { linkPostFailure, linkPostFields, postedLanguage } from '../posts/link-post';
import { escapeHtml } from '../html/escape';
import { translatorFor } from '../i18n/messages';
import { refusalPagePolicy } from '../security/csp';
import { keyOfRefusalToken, refusalPath } from './refusal-token';

/*
 * GET and POST /api/mail/refuse/?token=…&lang=…: the "I did not ask for this" link of every mail
 * to a visitor. Opening it only shows a button (mail scanners open every link); the button's post
 * records the mailbox's refusal. The signed token is the only authority: it names the mailbox it
 * was mailed to, so the post needs no session and may come from any page.
 */

function page(language: Language, status: number, body: string): Response {
  const t = translatorFor(language, 'mail');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(t('refusalPageTitle'))}</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2a44}button{font:inherit;padding:.5rem 1rem}</style></head>
<body><main><h1>${escapeHtml(t('refusalPageTitle'))}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex', 'referrer-policy': 'no-referrer', 'content-security-policy': refusalPagePolicy },
  });
}

const invalid = (language: Language) => page(language, 400, `<p role="alert">${escapeHtml(translatorFor(language, 'mail')('refusalPageInvalid'))}</p>`);

export async function refusalGet(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const language = postedLanguage(params.get('lang'));
  const token = params.get('token');
  if (!keyOfRefusalToken(token)) return invalid(language);
  const t = translatorFor(language, 'mail');
  return page(
    language,
    200,
    `<p>${escapeHtml(t('refusalPageIntro'))}</p>
<form method="post" action="${refusalPath}"><input type="hidden" name="token" value="${escapeHtml(token ?? '')}"><input type="hidden" name="lang" value="${language}"><button type="submit">${escapeHtml(t('refusalPageButton'))}</button></form>`,
  );
}

export async function refusalPost(request: Request): Promise<Response> {
  const queryLanguage = new URL(request.url).searchParams.get('lang');
  const fields = await linkPostFields(request, postedLanguage(queryLanguage));
  if (fields instanceof Response) return fields;
  const language = postedLanguage(fields.get('lang') ?? queryLanguage);
  const key = keyOfRefusalToken(fields.get('token'));
  if (!key) return invalid(language);
  try {
    await refuseMail(await getStore(), key);
  } catch (error) {
    console.error('[mail] recording a refusal failed', error);
    return linkPostFailure(language, 500, 'apiError');
  }
  return page(language, 200, `<p role="status">${escapeHtml(translatorFor(language, 'mail')('refusalPageDone'))}</p>`);
}
