import { captchaCookie, captchaPng, captchaTtlMs, newCaptcha, sealCaptcha } from './captcha';
import { formDefinitions, formEndpoint } from './definitions';
import { isFormName } from './schemas';

/** GET /api/captcha/{form}/: a fresh picture, its answer sealed in a cookie only that form's handler receives. */
export async function captchaResponse(request: Request, form: string): Promise<Response> {
  if (!isFormName(form) || !formDefinitions[form].captcha) return new Response('Not found', { status: 404 });
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
  const png = await captchaPng(token.answer);
  return new Response(new Uint8Array(png), {
    headers: { 'content-type': 'image/png', 'cache-control': 'no-store', 'set-cookie': cookie, 'x-robots-tag': 'noindex' },
  });
}
