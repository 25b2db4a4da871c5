'use client';

/*
 * The language's layout itself failed, header and messages included: a document of its own, as
 * small as can be, since Next.js ships this module with every page of the site (lib/js-budget
 * counts it in the floor). app/[lang]/error.tsx draws the site's error page.
 */
export default function GlobalError() {
  return (
    <html>
      <body>
        <h1>Er ging iets mis · Une erreur s’est produite · Something went wrong · Etwas ist schiefgelaufen</h1>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- after the root layout failed, a whole new document is the way back, and next/link would add its code to every page. */}
        <a href="/">Immo Hainaut</a>
      </body>
    </html>
  );
}
