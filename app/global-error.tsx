'use client';

import { LazyErrorPage } from '@/components/errors/lazy-error-page';

// The language's layout itself failed: the same page, in a document of its own, in the language of the address.
export default function GlobalError() {
  return (
    <html lang={typeof location === 'undefined' ? undefined : location.pathname.split('/')[1]}>
      <body>
        <LazyErrorPage />
      </body>
    </html>
  );
}
