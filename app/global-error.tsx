'use client';

/*
 * The language's layout itself failed, header and messages included: a document of its own, as
 * small as can be, since Next.js ships this module with every page of the site (lib/js-budget
 * counts it in the floor). The per-request pages' own error.tsx draw the site's error page.
 */
export default function GlobalError() {
  return (
    <html>
      <body>
        <h1>Er ging iets mis · Une erreur s’est produite · Something went wrong · Etwas ist schiefgelaufen</h1>
        <a href="/">Immo Hainaut</a>
      </body>
    </html>
  );
}
