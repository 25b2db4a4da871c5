/*
 * The Content-Security-Policy of every answer (design.md §10). Pure: the proxy, next.config's
 * headers and the static export's _headers file all build their policy here. No
 * upgrade-insecure-requests: the same build also runs on http://localhost.
 *
 * Scripts: never 'unsafe-inline' or 'unsafe-eval'. A prerendered page lists the SHA-256 of each of
 * its inline scripts (Next.js's bootstrap and flight data); a page rendered per request gets a
 * nonce, which Next.js puts on its own scripts, and the hash of the layout's own inline script. Script files come from this origin, and from the
 * hosts of the analytics products whose IDs the agency configured (they load only after consent,
 * see components/consent).
 */

export type AnalyticsIds = { tagManager?: string; analytics?: string; ads?: string; socialPixel?: string };

export type PagePolicy = {
  /**
   * 'sha256-…' sources of the page's inline scripts; a page rendered per request also gets a nonce
   * (its hashes are then those of the scripts the layout always writes, such as the consent gate).
   */
  scripts: { hashes?: readonly string[]; nonce?: string };
  analytics: AnalyticsIds;
  /** Another origin the page posts forms to and reads from (a static export's API server). */
  apiOrigin?: string;
  /** The home map's tile server when it is on another host (site.json map.tiles). */
  tileOrigin?: string;
  /**
   * 'meta' for a <meta http-equiv> policy (the static export), which browsers read without
   * frame-ancestors: that one then comes from the host's headers (framingPolicy).
   */
  delivery?: 'header' | 'meta';
};

/** Hosts of the video and virtual-tour players a listing may embed (lib/media/video). */
const playerHosts = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.facebook.com',
  'https://my.matterport.com',
  'https://nodalview.com',
  'https://*.nodalview.com',
  'https://previsite.com',
  'https://*.previsite.com',
];

/** What Google's tag (gtag.js, the tag manager) and Meta's pixel need, per Google's and Meta's CSP guides. */
function analyticsSources(ids: AnalyticsIds): { script: string[]; connect: string[]; img: string[]; frame: string[] } {
  const script: string[] = [];
  const connect: string[] = [];
  const img: string[] = [];
  const frame: string[] = [];
  if (ids.tagManager || ids.analytics || ids.ads) {
    script.push('https://*.googletagmanager.com');
    connect.push('https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com');
    img.push('https://*.googletagmanager.com', 'https://*.google-analytics.com');
  }
  if (ids.ads) {
    script.push('https://www.googleadservices.com', 'https://googleads.g.doubleclick.net');
    connect.push('https://www.google.com', 'https://googleads.g.doubleclick.net', 'https://pagead2.googlesyndication.com');
    img.push('https://www.google.com', 'https://googleads.g.doubleclick.net', 'https://www.googleadservices.com');
    frame.push('https://td.doubleclick.net', 'https://www.googletagmanager.com');
  }
  if (ids.socialPixel) {
    script.push('https://connect.facebook.net');
    connect.push('https://www.facebook.com', 'https://connect.facebook.net');
    img.push('https://www.facebook.com');
  }
  return { script, connect, img, frame };
}

const serialize = (directives: Record<string, readonly string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => (sources.length > 0 ? `${name} ${sources.join(' ')}` : name))
    .join('; ');

/** The policy of an HTML page of the site. */
export function pagePolicy(policy: PagePolicy): string {
  const extra = analyticsSources(policy.analytics);
  const api = policy.apiOrigin ? [policy.apiOrigin] : [];
  const tiles = policy.tileOrigin ? [policy.tileOrigin] : [];
  const { nonce, hashes = [] } = policy.scripts;
  const scriptSources = [...(nonce === undefined ? [] : [`'nonce-${nonce}'`]), ...hashes.map((hash) => `'${hash}'`)];
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...scriptSources, ...extra.script],
    // React writes style attributes (the theme colours, picture positions): style-src keeps
    // 'unsafe-inline', which lets no script run.
    'style-src': ["'self'", "'unsafe-inline'"],
    // A static export shows the captcha picture of its API server.
    // blob: also holds the map's tiles read from a PMTiles archive.
    'img-src': ["'self'", 'data:', 'blob:', ...api, ...tiles, ...extra.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...api, ...tiles, ...extra.connect],
    // A listing's video may be a file on the CRM's own host (lib/media/video: any https link).
    'media-src': ["'self'", 'https:'],
    // A static export frames the no-JavaScript captcha of its API server.
    'frame-src': ["'self'", ...api, ...playerHosts, ...extra.frame],
    // The ALTCHA widget solves its challenge in workers it starts from blob: URLs.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'form-action': ["'self'", ...api],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    ...(policy.delivery === 'meta' ? {} : { 'frame-ancestors': ["'none'"] }),
  };
  return serialize(directives);
}

/**
 * The no-JavaScript captcha page (lib/forms/captcha-route): its picture is a data: URL, its spoken
 * code comes from its own server, it runs nothing, and only the site's pages and its exported
 * copies may frame it.
 */
export function captchaFramePolicy(exportOrigins: readonly string[]): string {
  return serialize({
    'default-src': ["'none'"],
    'img-src': ['data:'],
    'media-src': ["'self'"],
    'style-src': ["'unsafe-inline'"],
    'form-action': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'self'", ...exportOrigins],
  });
}

/**
 * The header policy of a static host, beside each page's <meta> policy: what a <meta> cannot say.
 * It names no script source, so it leaves the scripts to the page's own policy.
 */
export const framingPolicy = serialize({ 'frame-ancestors': ["'none'"], 'object-src': ["'none'"], 'base-uri': ["'none'"] });

/** Answers that are not pages (JSON, pictures, scripts, redirects): nothing may run or frame them. */
export const resourcePolicy = serialize({
  'default-src': ["'none'"],
  'form-action': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/**
 * The "I did not ask for this" page of the mails (lib/mail/refusal-route.ts): a page of its own
 * under /api/ whose one button posts back to it, so unlike the resource policy it allows a form
 * to this origin (and its small inline style, which carries no script).
 */
export const refusalPagePolicy = serialize({
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/**
 * The headers every answer carries besides its CSP. HSTS only when the public origin is https:
 * a browser ignores it over http, and a site tried on http://localhost must not pin itself.
 */
export function commonSecurityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
  if (https) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

/** The tile server's origin from a {z}/{x}/{y} template, or undefined (a path on this site, or not a URL). */
export function originOf(template: string): string | undefined {
  if (!/^https?:\/\//.test(template)) return undefined;
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, '0'));
    return url.origin;
  } catch {
    return undefined;
  }
}
