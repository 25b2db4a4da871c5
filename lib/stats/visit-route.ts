import { getProperty } from '../catalogue';
import { getStore, recordVisit } from '../db';
import { readBody } from '../forms/read-body';
import { allowedOrigins, isSameOrigin } from '../security/origin';
import { clientAddress } from '../security/rate-limit';
import { brusselsDay, isBot, visitorHash } from './visits';

/** POST /api/visits/ {"id": 4000001}: the detail page reports a view (navigator.sendBeacon). */
export async function visitRoute(request: Request): Promise<Response> {
  if (!isSameOrigin(request, allowedOrigins())) return new Response(null, { status: 403 });
  const userAgent = request.headers.get('user-agent');
  // A beacon sends text/plain; read it as JSON whatever its type says.
  const body = await readBody(new Request(request.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: await request.text() }), { withFiles: false });
  const id = body.ok ? Number(body.fields.id) : NaN;
  if (!Number.isInteger(id) || !getProperty(id, 'en')) return new Response(null, { status: 400 });
  if (isBot(userAgent)) return new Response(null, { status: 204 });
  const day = brusselsDay();
  await recordVisit(await getStore(), id, day, visitorHash(day, clientAddress(request.headers), userAgent ?? '', id));
  return new Response(null, { status: 204 });
}
