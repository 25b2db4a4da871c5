import { randomBytes } from 'node:crypto';
import { getSite } from '../config';
import { consentGateScript } from '../consent';
import { originOf, pagePolicy, type AnalyticsIds } from './csp';
import { inlineScriptHashes, prerenderedScriptHashes } from './inline-scripts';

/*
 * The policy the proxy puts on a page: the hashes of its prerendered file when it has one, a fresh
 * nonce when Next.js renders it per request (the portal, filtered lists, confirmation pages).
 */

export type PageScripts = { hashes: readonly string[]; nonce?: string };

/** The inline script the layout writes without a nonce, since it is the same on every page. */
const layoutScriptHashes = inlineScriptHashes(`<script>${consentGateScript()}</script>`);

export function pageScripts(servedPath: string): PageScripts {
  const hashes = prerenderedScriptHashes(servedPath);
  return hashes ? { hashes } : { nonce: randomBytes(16).toString('base64'), hashes: layoutScriptHashes };
}

/** The analytics products the agency configured (site.json siteInfo); empty IDs are none. */
export function configuredAnalytics(): AnalyticsIds {
  const { siteInfo } = getSite();
  const id = (value: string) => (value.trim() === '' ? undefined : value);
  return { tagManager: id(siteInfo.tagManagerId), analytics: id(siteInfo.analyticsId), ads: id(siteInfo.adsId), socialPixel: id(siteInfo.socialPixelId) };
}

/** The origin of the home map's tile server when it is another host; none for no tiles, a path or a PMTiles file. */
export function configuredTileOrigin(): string | undefined {
  const { tiles } = getSite().map;
  return tiles.kind === 'tiles' ? originOf(tiles.url) : undefined;
}

export function policyForPage(scripts: PageScripts): string {
  return pagePolicy({ scripts, analytics: configuredAnalytics(), tileOrigin: configuredTileOrigin() });
}
