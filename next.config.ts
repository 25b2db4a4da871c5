import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import createNextIntlPlugin from 'next-intl/plugin';
import { checkData, formatDataIssues } from './lib/data-check';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  trailingSlash: true,
  // A second build (tests with German switched on) can live beside the main one.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // Pictures are resized by our own route (app/api/image) so the URLs keep the spec's
  // width/height/format parameters; the sizes are the only widths that route accepts.
  images: {
    loader: 'custom',
    loaderFile: './lib/media/image-loader.ts',
    deviceSizes: [400, 600, 1360],
    imageSizes: [100, 250],
  },
};

export default function config(phase: string): NextConfig {
  if (phase === PHASE_PRODUCTION_BUILD) {
    // Refuse to build a site from bad data: one message naming file, record and field.
    const issues = checkData();
    if (issues.length > 0) {
      console.error(`\n${formatDataIssues(issues)}\n\nFix the data (npm run check:data shows the same list) and build again.\n`);
      process.exit(1);
    }
  }
  return withNextIntl(nextConfig);
}
