/** Server side of app/api/image: the variant, with caching headers and ETag revalidation. */
import { clientAddress } from '../security/client-address';
import { createRateLimiter, type RateLimiter } from '../security/rate-limit';
import { needsEncoding, resizeImage, type ParsedImageRequest } from '../media/resize';

// Pictures change only with a redeploy, and a variant costs far more to encode than to keep, so
// browsers and CDNs keep it for a year. A picture replaced under the same name therefore needs a
// new name (or a CDN purge) before visitors see it.
const immutable = 'public, max-age=31536000, immutable';

function plainText(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...extra },
  });
}

// A new variant costs tens of milliseconds of sharp's CPU, a stored one well under one: only the
// new ones count, so that a client asking every size of every picture cannot take the CPU (issue 35).
let newVariants: RateLimiter | undefined;
const newVariantLimiter = () => (newVariants ??= createRateLimiter({ name: 'image-variants', limit: Number(process.env.IMAGE_RATE_LIMIT) || 120, windowMs: 60_000 }));

function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** The answer of the image route to a request already read from its query or its path. */
export async function imageResponse(request: Request, parsed: ParsedImageRequest): Promise<Response> {
  if (!parsed.ok) return plainText(400, parsed.reason);
  // A picture that cannot be read fails in resizeImage below, with its 500.
  if (await needsEncoding(parsed.request).catch(() => false)) {
    const limit = await newVariantLimiter().hit(clientAddress(request.headers));
    if (!limit.allowed) return plainText(429, 'Too many new picture sizes from this connection; try again in a minute', { 'Retry-After': String(limit.retryAfterSeconds) });
  }
  const image = await resizeImage(parsed.request).catch((error: unknown) => {
    // A file in public/ that sharp cannot read is our fault, not the visitor's.
    console.error(`Image ${parsed.request.src} could not be encoded`, error);
    return null;
  });
  if (image === null) return plainText(500, 'The image could not be processed');
  if (image === undefined) return plainText(404, 'Image not found');
  const headers = {
    'Cache-Control': immutable,
    ETag: image.etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (matchesEtag(request.headers.get('if-none-match'), image.etag)) return new Response(null, { status: 304, headers });
  return new Response(image.body, {
    headers: { ...headers, 'Content-Type': image.contentType, 'Content-Length': String(image.body.byteLength) },
  });
}
