'use client';

import { LazyErrorPage } from '@/components/errors/lazy-error-page';

// This per-request page failed on the server: the site's error page under the layout's footer
// (components/errors). Here rather than over every page of app/[lang]: an error boundary's code
// comes with each page below it, and a prerendered page cannot fail at a visitor's request.
export default LazyErrorPage;
