// The bare App Router page of the phone bench (tooling/bench/bench-phone.ts): built from the
// site's own node_modules, it is what Next.js and React cost a phone with nothing on the page.
export const metadata = { title: 'Bare page', description: 'An App Router page with one heading, the baseline of the phone bench.' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
