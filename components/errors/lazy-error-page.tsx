'use client';

import { lazy, Suspense } from 'react';

// The error page's code is fetched once a page failed: an error boundary's code comes with every
// page below it, and global-error.tsx's with every page of the site (lib/js-budget counts it in the floor).
const ErrorPage = lazy(() => import('./error-page').then((module) => ({ default: module.ErrorPage })));

/** The site's error page (error-page.tsx), for app/[lang]/error.tsx. */
export function LazyErrorPage() {
  return (
    <Suspense>
      <ErrorPage />
    </Suspense>
  );
}
