import { getListing } from '../catalogue';
import { getStore, recordVisit } from '../db';
import { readCapped } from '../security/read-body';
import { allowedOrigins, isSameOrigin } from '../security/origin';
import { clientAddress } from '../security/client-address';
import { createRateLimiter, type RateLimiter } from '../security/rate-limit';
import { brusselsDay } from '../db/retention';
import { isBot, visitorHash } from './visits';

/** {"id": 4000001} is 16 bytes; room for spaces and a longer id, not for anything else. */
const maxVisitBody = 256;

function beaconId(bytes: Uint8Array): number {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof parsed === 'object' && parsed !== null && 'id' in parsed ? Number(parsed.id) : NaN;
  } catch {
    return NaN;
  }
}

/*
 * One address counts at most a few visitors per listing and day (a household behind one router),
 * however many browsers it claims to be, and sends a bounded number of beacons: a script can
 * neither inflate an owner's figures nor fill the disk with visitor hashes.
 */
const visitorsPerAddressAndListing = 3;
const dayMs = 24 * 60 * 60 * 1000;
let perListing: RateLimiter | undefined;
let perAddress: RateLimiter | undefined;

async function allowedVisit(client: string, id: number): Promise<boolean> {
  perAddress ??= createRateLimiter({ name: 'visits', limit: 120, windowMs: 10 * 60 * 1000 });
  perListing ??= createRateLimiter({ name: 'visitors', limit: visitorsPerAddressAndListing, windowMs: dayMs });
  return (await perAddress.hit(client)).allowed && (await perListing.hit(`${client}:${id}`)).allowed;
}

/** POST /api/visits/ {"id": 4000001}: the detail page reports a view (navigator.sendBeacon). */
export async function visitRoute(request: Request): Promise<Response> {
  if (!isSameOrigin(request, allowedOrigins())) return new Response(null, { status: 403 });
  const userAgent = request.headers.get('user-agent');
  // A beacon sends text/plain; read it as JSON whatever its type says, and no more than it needs.
  // A beacon whose sender went away mid-body is simply not counted.
  const bytes = await readCapped(request, maxVisitBody).catch(() => undefined);
  if (!bytes) return new Response(null, { status: 413 });
  const id = beaconId(bytes);
  if (!Number.isInteger(id) || !getListing(id, 'en')) return new Response(null, { status: 400 });
  if (isBot(userAgent)) return new Response(null, { status: 204 });
  const client = clientAddress(request.headers);
  // Answered like a counted visit, so that a script learns nothing from the answer.
  if (!(await allowedVisit(client, id))) return new Response(null, { status: 204 });
  const day = brusselsDay();
  await recordVisit(await getStore(), id, day, visitorHash(day, client, userAgent ?? '', id));
  return new Response(null, { status: 204 });
}
