/*
 * The site's public origin (https://www.immo-hainaut.be): SITE_URL, else siteInfo.siteUrl of
 * data/site. It is a build-time setting. The prerendered pages carry it (canonical links, the
 * sitemap, robots.txt, social cards), HSTS is sent or not from it (next.config.ts writes the headers
 * into the build), and next.config.ts records it in the build as BUILT_PUBLIC_ORIGIN, which the
 * pages rendered per request use too, so that every page names one origin. A SITE_URL given only
 * at start changes the links of e-mails, and the start warns that the build names another origin.
 */

/** The origin SITE_URL, else the configured site URL, names now. */
export function publicOrigin(siteUrl: string, siteUrlVariable = process.env.SITE_URL): string {
  return (siteUrlVariable || siteUrl).replace(/\/$/, '');
}

const loopbackHosts = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * What a production start should say about the public origin: one line when the build's origin is
 * local or plain http (no HSTS, canonical links a search engine cannot follow), one when SITE_URL
 * at start names another origin than the build's.
 */
export function publicOriginWarnings(built: string, siteUrlAtStart: string | undefined): string[] {
  const warnings: string[] = [];
  let url: URL | undefined;
  try {
    url = new URL(built);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || loopbackHosts.test(url.hostname)) {
    warnings.push(
      `The public origin of this build is ${built} (SITE_URL at build, else siteInfo.siteUrl): canonical links, the sitemap and robots.txt name it and HSTS is ${url?.protocol === 'https:' ? 'on' : 'off'}; build with SITE_URL=https://<the site's address>.`,
    );
  }
  const atStart = siteUrlAtStart ? siteUrlAtStart.replace(/\/$/, '') : undefined;
  if (atStart && atStart !== built) {
    warnings.push(
      `SITE_URL is ${atStart} but this build was made for ${built}: pages, the sitemap and HSTS keep the build's origin, e-mail links take ${atStart}; build again with the SITE_URL you serve.`,
    );
  }
  return warnings;
}
