import { ownUrl, render, type SharedAnswer } from './shared-answers';

/*
 * A listing the build did not prerender (app/[lang]/[...path]/page.tsx keeps a share of them)
 * is rendered by Next.js on its first request and kept on disk, where the proxy then finds it and
 * sends it as it sends a prerendered page (prerendered-answers.ts). That first render must not
 * carry a visitor's nonce: Next.js would write it into the kept page, and every later visitor
 * would get the same nonce, which is no nonce. So the proxy asks its own server for the page, as
 * it does for a list's kept answer (shared-answers.ts), marked so that the proxy forwards no
 * nonce, and serves the answer under the hashes of its inline scripts: the hashes the kept file
 * will have, since it is those same bytes.
 */

const rendering = new Map<string, Promise<SharedAnswer | undefined>>();

/**
 * The answer for a listing path not rendered yet, rendered now by this server; one render at a
 * time per path however many visitors ask. Undefined when it cannot be had (no server to ask, the
 * render failed or did not answer 200).
 */
export async function onDemandAnswer(pathname: string): Promise<SharedAnswer | undefined> {
  const url = ownUrl(pathname);
  if (url === undefined) return undefined;
  const pending = rendering.get(pathname);
  if (pending) return pending;
  const rendered = render(url.href).then((answer) => {
    // Next.js writes the page's file before it answers a render it keeps (response-cache
    // handleRevalidate awaits the cache's set), so the next request finds the file.
    rendering.delete(pathname);
    return answer;
  });
  rendering.set(pathname, rendered);
  return rendered;
}
