/** Server side of app/api/image: the variant, with caching headers and ETag revalidation. */
import { resizeImage, type ParsedImageRequest } from './resize';

// Pictures change only with a redeploy, and a variant costs far more to encode than to keep, so
// browsers and CDNs keep it for a year. A picture replaced under the same name therefore needs a
// new name (or a CDN purge) before visitors see it.
const immutable = 'public, max-age=31536000, immutable';

function plainText(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
}

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
