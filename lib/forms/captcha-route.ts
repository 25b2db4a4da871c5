import { getDefaultLanguage, getEnabledLanguages } from '../config';
import { escapeHtml } from '../html/escape';
import { isMessageKey } from '../i18n/message-keys';
import { referenceMessages, translatorFor } from '../i18n/messages';
import { captchaFramePolicy } from '../security/csp';
import { allowedOrigins } from '../security/origin';
import { captchaCookie, captchaPng, captchaTtlMs, newCaptcha, sealCaptcha } from './captcha';
import { formDefinitions, formEndpoint } from './definitions';
import { isFormName } from './schemas';

/**
 * GET /api/captcha/{form}/?lang=…: the small page a form without JavaScript frames, showing a fresh
 * picture and, for a visitor who cannot see it, the same challenge as a sum written in words. The
 * answers are sealed in a cookie only that form's handler receives.
 */
export async function captchaResponse(request: Request, form: string): Promise<Response> {
  if (!isFormName(form) || !formDefinitions[form].captcha) return new Response('Not found', { status: 404 });
  const requested = new URL(request.url).searchParams.get('lang');
  const language = getEnabledLanguages().find((candidate) => candidate === requested) ?? getDefaultLanguage();
  const t = translatorFor(language, 'forms');
  const token = newCaptcha(form);
  const secure = (request.headers.get('x-forwarded-proto') ?? new URL(request.url).protocol.replace(':', '')) === 'https';
  const cookie = [
    `${captchaCookie(form)}=${sealCaptcha(token)}`,
    `Path=${formEndpoint(form)}`,
    `Max-Age=${captchaTtlMs / 1000}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
  const png = (await captchaPng(token.answer)).toString('base64');
  const inWords = (number: number) => {
    const key = String(number);
    return isMessageKey(referenceMessages.forms.captcha.numbers, key) ? t(`captcha.numbers.${key}`) : key;
  };
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(t('captcha.frameTitle'))}</title>
<style>body{margin:0;padding:.5rem;font:1rem/1.4 system-ui,sans-serif;color:#1f2a44;background:#fff}img{display:block}p{margin:.5rem 0 0}</style></head>
<body><img src="data:image/png;base64,${png}" alt="${escapeHtml(t('ui.captchaAlt'))}" width="200" height="64">
<p id="question">${escapeHtml(t('captcha.question', { first: inWords(token.question[0]), second: inWords(token.question[1]) }))}</p></body></html>`;
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'set-cookie': cookie,
      'x-robots-tag': 'noindex',
      // Framed by the site's own forms, and by the exported copies that post here.
      'content-security-policy': captchaFramePolicy(allowedOrigins()),
    },
  });
}
