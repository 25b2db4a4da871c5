import path from 'node:path';
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from 'next/constants';
import { formatDataIssues, formatDataWarnings, inspectData } from './lib/data-check';
import { loadSiteConfig } from './lib/config/load';
import { pinCatalogueFolder } from './lib/catalogue/source-dir';
import { commonSecurityHeaders, resourcePolicy } from './lib/security/csp';
import { siteSecretProblem } from './lib/security/secret';
import { publicOrigin } from './lib/seo/public-origin';

/**
 * next-intl's plugin: it tells the bundler where the request config is and compiles the messages at
 * build time (precompile), so that client islands format them with a small formatter instead of
 * shipping an ICU parser (intl-messageformat) to every page. It works on the bundler only, so the
 * production server does without it: importing it loads a file watcher and SWC's compiler, about
 * 14 MB of the server's memory (issue 16: under 400 MB at 5,000 listings).
 */
async function withNextIntl(config: NextConfig): Promise<NextConfig> {
  const { default: createNextIntlPlugin } = await import('next-intl/plugin');
  return createNextIntlPlugin({
    requestConfig: './lib/i18n/request.ts',
    experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
  })(config);
}

const asList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));

/** The public origin this build is made for (lib/seo/public-origin.ts: a build-time setting). */
const builtOrigin = () => publicOrigin(loadSiteConfig().site.siteInfo.siteUrl);

/*
 * Security headers of every answer (design.md §10). Pages get their Content-Security-Policy from
 * proxy.ts (hashes of the page's inline scripts, or a nonce); what the proxy does not see (API
 * routes, Next.js files, public files) gets the strict resource policy here. HSTS is sent when the
 * public origin is https; the headers are written into the build, so it is the build's origin.
 */
async function securityHeaders() {
  const https = new URL(builtOrigin()).protocol === 'https:';
  const resource = [{ key: 'Content-Security-Policy', value: resourcePolicy }];
  return [
    { source: '/:path*', headers: asList(commonSecurityHeaders(https)) },
    // The no-JavaScript captcha page sets its own policy, which lets the forms frame it, and the
    // mails' refusal page its own, which lets its button post.
    ...['/api/:path((?!captcha/|mail/refuse/).*)', '/_next/:path*', '/catalogue/:path*', '/images/:path*', '/maps/:path*', '/icon.svg', '/robots.txt', '/sitemap.xml'].map((source) => ({
      source,
      headers: resource,
    })),
    // Browsers that know frame-ancestors (the page's policy) ignore this; the others allow the site only.
    { source: '/api/captcha/:path*', headers: [{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }] },
  ];
}

/*
 * A missing file under a folder the proxy's matcher leaves out (proxy.ts config): answered 404 by
 * app/api/[...missing], after the files (afterFiles) and before the pages under [lang], which
 * would take the folder for a language and keep a 404 rendered on demand on disk for every path.
 */
async function missingFiles() {
  return { beforeFiles: [], afterFiles: [{ source: '/:folder(_next|_vercel|catalogue|images|maps)/:rest*', destination: '/api/missing/' }], fallback: [] };
}

const nextConfig: NextConfig = {
  headers: securityHeaders,
  rewrites: missingFiles,
  // Inlined into the build's code: the pages rendered per request name the prerendered pages'
  // origin, and the start compares SITE_URL with it (lib/server/start.ts).
  env: { BUILT_PUBLIC_ORIGIN: builtOrigin() },
  trailingSlash: true,
  // A second build (tests with German switched on) can live beside the main one.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Next.js names a loopback host (127.0.0.1, [::1]) "localhost" in the proxy's request and in its
  // rewrites, then compares a rewrite with the origin it listens on: under `next start -H 127.0.0.1`
  // every rewrite was an external URL it proxied to itself in a loop (500, "Failed to proxy
  // http://localhost:…"), whose self-connections kept a stopping server from exiting. Without the
  // normalisation the proxy sees the address the server listens on (its Pages Router data URLs,
  // which this site has none of, are the option's other effect).
  skipProxyUrlNormalize: true,
  // The test command type checks the code once (npm run typecheck) while it builds the three
  // deployments of the browser tests (tests/e2e/deployments.ts), which skip that same pass.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPE_CHECK === '1' },
  experimental: {
    // The owner portal's server actions carry a few short fields.
    serverActions: { bodySizeLimit: '64kb' },
    // Turbopack keeps its build cache on disk for the next build of the same folder; a build that
    // has no next one (each test deployment of a fresh clone, the bench) sets NEXT_BUILD_CACHE=off
    // and saves the writing, which competes with the prerendering for the cores.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== 'off',
    // swiper/modules re-exports every module of swiper: only those named are bundled
    // (components/content/banner/swiper-modules.ts).
    optimizePackageImports: ['swiper'],
  },
  reactStrictMode: true,
  // page.export.tsx is a page of the static export's build alone (its comparison, drawn in the
  // browser): in the server build its island would join the chunk graph and move shared modules
  // (zod, the formatters) into chunks of their own, growing every page's first load.
  pageExtensions: process.env.NEXT_PUBLIC_STATIC_EXPORT === '1' ? ['export.tsx', 'tsx', 'ts'] : ['tsx', 'ts'],
  // Pictures are resized by our own route (app/api/image) so the URLs keep the spec's
  // width/height/format parameters; the sizes are the only widths that route accepts.
  images: {
    loader: 'custom',
    loaderFile: './lib/media/image-loader.ts',
    deviceSizes: [400, 600, 800, 1360],
    // No 250 (spec §7's responsive widths are 100, 400, 600, 1360): a list card is 300 px or more
    // wide, so its 250 w entry was never chosen, and it cost 150 bytes of HTML and inline data per
    // card. The small pictures of the comparison and the owner's portal (160-240 px) take 400 w.
    imageSizes: [100],
  },
};

export default async function config(phase: string): Promise<NextConfig> {
  if (phase === PHASE_PRODUCTION_BUILD || phase === PHASE_PRODUCTION_SERVER) {
    // With the CRM configured, the version the pointer names now is the one this build (its page
    // workers too) or this server reads, whatever a pull publishes while it runs.
    const folder = pinCatalogueFolder();
    if (!folder.ok) {
      console.error(`\n${folder.problem}\n`);
      process.exit(1);
    }
    // The version the build's pages show, inlined into its code: a server started on a newer one
    // re-renders what changed since (lib/server/catalogue-reload.ts).
    if (phase === PHASE_PRODUCTION_BUILD && folder.pulled) nextConfig.env = { ...nextConfig.env, BUILT_CATALOGUE_VERSION: path.basename(folder.dir) };
    // Refuse to build, or to serve, a site from bad data: one message naming file, record and
    // field. `next start` checks too: a server restarted on data the build refused would answer
    // 500 on every listing page while the home page looked fine.
    // The server keeps what its check read for its pages; a build's pages render in other processes.
    const { errors, warnings } = inspectData({}, { keepCatalogue: phase === PHASE_PRODUCTION_SERVER });
    if (phase === PHASE_PRODUCTION_BUILD && warnings.length > 0) console.warn(`\n${formatDataWarnings(warnings)}\n`);
    if (errors.length > 0) {
      const what = phase === PHASE_PRODUCTION_BUILD ? 'build again' : 'start the server again';
      console.error(`\n${formatDataIssues(errors)}\n\nFix the data (npm run check:data shows the same list) and ${what}.\n`);
      process.exit(1);
    }
  }
  // A production server without its secret would sign with one of its own: refused before it
  // listens (instrumentation.ts checks again where no config is read).
  const secretProblem = phase === PHASE_PRODUCTION_SERVER ? siteSecretProblem() : undefined;
  if (secretProblem) {
    console.error(secretProblem);
    process.exit(1);
  }
  return phase === PHASE_PRODUCTION_SERVER ? nextConfig : withNextIntl(nextConfig);
}
