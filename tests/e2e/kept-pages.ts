import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { getProperties } from '@/lib/catalogue';
import { href } from '@/lib/pages';
import { prerenderedListingIds } from '@/lib/pages/check-path';
import { deployments, onDemandShare } from './deployments';

/* The listings of the site's test build that it renders at their first request, and where it keeps them then. */

const sitePort = Number(process.env.E2E_PORT ?? 3100);
const distDir = deployments(sitePort).find((deployment) => deployment.name === 'site')?.env.NEXT_DIST_DIR ?? `.next-e2e-${sitePort}`;

/**
 * A copy of the site's test build that no request has touched: the build without the pages
 * Next.js kept since (server/route-cache), for a server of a spec's own that must find every
 * listing outside the share unrendered, whatever the specs before it opened on the shared servers.
 */
export function untouchedBuild(name: string): string {
  const copy = `var/e2e-build-${name}`;
  rmSync(copy, { recursive: true, force: true });
  const routeCache = path.join(distDir, 'server', 'route-cache');
  cpSync(distDir, copy, { recursive: true, filter: (source) => source !== routeCache });
  return copy;
}

/** Where Next.js keeps a page of the catch-all route rendered after the build (lib/security/inline-scripts.ts renderedCacheFile). */
const relativeOf = (pagePath: string) => decodeURIComponent(pagePath).replace(/^\/|\/$/g, '');
export const builtFile = (pagePath: string, dir = distDir) => path.join(dir, 'server', 'app', `${relativeOf(pagePath)}.html`);
export function keptFile(pagePath: string, dir = distDir): string | undefined {
  const routeCache = path.join(dir, 'server', 'route-cache', 'APP_PAGE');
  const modules = existsSync(routeCache) ? readdirSync(routeCache) : [];
  return modules.map((module) => path.join(routeCache, module, '$', `${relativeOf(pagePath)}.html`)).find((file) => existsSync(file));
}

/** The listings on offer outside the prerendered share that no request has rendered yet (in the build `dir`), newest id last. */
export function listingsNotRenderedYet(dir = distDir): ReturnType<typeof getProperties> {
  const share = prerenderedListingIds('en', Number(onDemandShare));
  return getProperties('en').filter((listing) => !share.has(listing.id) && listing.availability === 'on-offer' && keptFile(href({ page: 'property', id: listing.id }, 'en'), dir) === undefined);
}
