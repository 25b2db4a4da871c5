import { getProperty } from '../catalogue';
import { getStore, recordVisit } from '../db';
import { readCapped } from '../forms/read-body';
import { allowedOrigins, isSameOrigin } from '../security/origin';
import { clientAddress } from '../security/client-address';
import { brusselsDay, isBot, visitorHash } from './visits';

/** {"id": 4000001} is 16 bytes; room for spaces and a longer id, not for anything else. */
export const maxVisitBody = 256;

function beaconId(bytes: Uint8Array): number {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof parsed === 'object' && parsed !== null && 'id' in parsed ? Number(parsed.id) : NaN;
  } catch {
    return NaN;
  }
}

/** POST /api/visits/ {"id": 4000001}: the detail page reports a view (navigator.sendBeacon). */
export async function visitRoute(request: Request): Promise<Response> {
  if (!isSameOrigin(request, allowedOrigins())) return new Response(null, { status: 403 });
  const userAgent = request.headers.get('user-agent');
  // A beacon sends text/plain; read it as JSON whatever its type says, and no more than it needs.
  const bytes = await readCapped(request, maxVisitBody);
  if (!bytes) return new Response(null, { status: 413 });
  const id = beaconId(bytes);
  if (!Number.isInteger(id) || !getProperty(id, 'en')) return new Response(null, { status: 400 });
  if (isBot(userAgent)) return new Response(null, { status: 204 });
  const day = brusselsDay();
  await recordVisit(await getStore(), id, day, visitorHash(day, clientAddress(request.headers), userAgent ?? '', id));
  return new Response(null, { status: 204 });
}
