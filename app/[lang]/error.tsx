'use client';

import { LazyErrorPage } from '@/components/errors/lazy-error-page';

// A page of the language failed on the server (a per-request page, or a listing rendered at its
// first request whose data failed): the site's error page (components/errors) under the layout's
// header and footer. An error boundary's code comes with every page below it, so the page itself
// is fetched only once one failed.
export default LazyErrorPage;
