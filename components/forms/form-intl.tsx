import type { ReactNode } from 'react';
import type { Language } from '@/lib/config';
import { isStaticExport } from '@/lib/config/deployment';
import { formIslandTexts } from '@/lib/forms/island-texts';
import type { FormName } from '@/lib/form-kinds/table';
import { IslandMessages } from '@/components/islands/island-messages';

/**
 * Gives the form islands of `forms` the page's language. On the server build their texts come
 * with their code (form-texts.tsx), not in the page's inline data; the static export's pages carry
 * those of `forms` (formIslandTexts) as they did before.
 */
export function FormIntl({ language, forms, children }: { language: Language; forms: readonly FormName[]; children: ReactNode }) {
  return (
    <IslandMessages locale={language} messages={(isStaticExport() && formIslandTexts(language, forms)) || {}}>
      {children}
    </IslandMessages>
  );
}
