import { newAltchaChallenge } from './altcha';
import { formKinds, isFormName } from '../form-kinds/table';

/** GET /api/altcha/{form}/: a fresh proof-of-work challenge, signed and bound to that form. */
export async function altchaResponse(form: string): Promise<Response> {
  if (!isFormName(form) || !formKinds[form].definition.captcha) return Response.json({ error: 'not-found' }, { status: 404 });
  return Response.json(await newAltchaChallenge(form), { headers: { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });
}
