/*
 * The JSON the site builds from the whole catalogue and serves as a static file (the search index,
 * the favourites index). A catalogue reload renders it again (lib/server/catalogue-reload.ts), so
 * no browser or shared cache may keep a copy without asking: Next.js would otherwise send a static
 * route's answer as `s-maxage=31536000`, which lets a CDN serve the old index for a year.
 */

const catalogueJsonCacheControl = 'public, max-age=0, must-revalidate';

export function catalogueJson(body: unknown): Response {
  return Response.json(body, { headers: { 'cache-control': catalogueJsonCacheControl } });
}
