import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { getProperties } from '@/lib/catalogue';
import { href } from '@/lib/pages';
import { prerenderedListingIds } from '@/lib/pages/check-path';
import { deployments, onDemandShare } from './deployments';

/* The listings of the site's test build that it renders at their first request, and where it keeps them then. */

const sitePort = Number(process.env.E2E_PORT ?? 3100);
const distDir = deployments(sitePort).find((deployment) => deployment.name === 'site')?.env.NEXT_DIST_DIR ?? `.next-e2e-${sitePort}`;

/** Where Next.js keeps a page of the catch-all route rendered after the build (lib/security/inline-scripts.ts renderedCacheFile). */
const relativeOf = (pagePath: string) => decodeURIComponent(pagePath).replace(/^\/|\/$/g, '');
export const builtFile = (pagePath: string) => path.join(distDir, 'server', 'app', `${relativeOf(pagePath)}.html`);
export function keptFile(pagePath: string): string | undefined {
  const routeCache = path.join(distDir, 'server', 'route-cache', 'APP_PAGE');
  const modules = existsSync(routeCache) ? readdirSync(routeCache) : [];
  return modules.map((module) => path.join(routeCache, module, '$', `${relativeOf(pagePath)}.html`)).find((file) => existsSync(file));
}

/** The listings on offer outside the prerendered share that no request has rendered yet, newest id last. */
export function listingsNotRenderedYet(): ReturnType<typeof getProperties> {
  const share = prerenderedListingIds('en', Number(onDemandShare));
  return getProperties('en').filter((listing) => !share.has(listing.id) && listing.availability === 'on-offer' && keptFile(href({ page: 'property', id: listing.id }, 'en')) === undefined);
}
