import type { ReactNode } from 'react';
import type { Language } from '@/lib/config';
import { IslandIntl } from '@/components/layout/island-intl';

/** Gives the form islands the `forms` texts of the page's language, and nothing more. */
export function FormIntl({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <IslandIntl language={language} namespaces={['forms']}>
      {children}
    </IslandIntl>
  );
}
