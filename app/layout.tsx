import type { ReactNode } from 'react';

// The <html> element lives in app/[lang]/layout.tsx so that it carries the page's language.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
