/**
 * Next.js calls register() once when a server starts. The work is in lib/server/start.ts, imported
 * only under the Node runtime: this file is also compiled for the Edge runtime, where the
 * condition is false at build time and the import (with its Node APIs) is left out, instead of
 * Turbopack warning on every build that process.exit "is not supported in the Edge Runtime".
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build') {
    const { startServer } = await import('./lib/server/start');
    await startServer();
  }
}
