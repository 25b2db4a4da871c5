import { isServerOnlyPath } from '../pages';
import { isStaticExport, serverUrl } from '../config/deployment';

/**
 * A site link as this build can serve it. In a static export a server-only page (the owner
 * login and portal) lives on the API origin, or nowhere (undefined: leave the link out).
 * Everything else, and every link of the server build, is returned unchanged.
 */
export function deployedHref(target: string): string | undefined {
  if (!isStaticExport() || !target.startsWith('/') || target.startsWith('//')) return target;
  return isServerOnlyPath(target) ? serverUrl(target) : target;
}
