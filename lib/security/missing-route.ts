/*
 * What a path no route or file answers gets (app/api/[...missing]/route.ts), and what a name the
 * form table lacks gets on the forms' one route (app/api/forms/[form]), so that the two answer
 * alike: a plain 404, and to OPTIONS what Next.js answers for the missing route, which exports none.
 */
export const missing = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** Next.js's own answer to OPTIONS on a route without one: 204 and the methods the route exports. */
export const missingOptions = () => new Response(null, { status: 204, headers: { Allow: 'GET, HEAD, OPTIONS, POST' } });
