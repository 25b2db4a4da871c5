import { revalidatePath, revalidateTag } from 'next/cache';
import { z } from 'zod';
import { readCapped } from '../security/read-body';
import { fromThisProcess } from '../security/process-token';

/*
 * The route the catalogue reload asks (app/api/catalogue-reload): revalidatePath needs a request's
 * store (Next.js throws "static generation store missing" outside one), so the reload's timer
 * cannot call it itself. Only this process may ask: anyone else gets the 404 of a route that is
 * not there, whatever the method.
 */

const maxBodyBytes = 2 * 1024 * 1024;
const maxPaths = 20_000;
const stalePathsSchema = z.object({
  paths: z.array(z.union([z.strictObject({ path: z.string().min(1).max(1024).startsWith('/') }), z.strictObject({ tag: z.string().min(1).max(1024).startsWith('_N_T_/') })])).max(maxPaths),
});

const notThere = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export async function reloadRoute(request: Request): Promise<Response> {
  if (request.method !== 'POST' || !fromThisProcess(request.headers)) return notThere();
  const body = await readCapped(request, maxBodyBytes).catch(() => undefined);
  if (!body) return new Response('Too large', { status: 413 });
  let parsed: z.infer<typeof stalePathsSchema>;
  try {
    parsed = stalePathsSchema.parse(JSON.parse(new TextDecoder().decode(body)));
  } catch {
    return new Response('Bad request', { status: 400 });
  }
  // Expired at once, not stale-while-revalidate: the first visitor after a sale must not get "available".
  for (const entry of parsed.paths) {
    if ('path' in entry) revalidatePath(entry.path);
    else revalidateTag(entry.tag, { expire: 0 });
  }
  return Response.json({ revalidated: parsed.paths.length }, { headers: { 'cache-control': 'no-store' } });
}
