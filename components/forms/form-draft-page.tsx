import { getTranslations } from 'next-intl/server';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import type { Language } from '@/lib/config';
import { formKinds } from '@/lib/form-kinds/table';
import { readDraft } from '@/lib/forms/draft';
import { currentSlots } from '@/lib/forms/slots-route';
import { FormDraftProvider, type FormDraftView } from './form-draft';
import { NewsletterSignup } from './newsletter-signup';
import styles from './forms.module.css';

/** The draft the URL names, with the places left now when it is a visit that was refused. */
async function draftView(draftId: string | undefined): Promise<FormDraftView | undefined> {
  const jar = await cookies();
  const draft = readDraft((name) => jar.get(name)?.value, draftId);
  if (!draft || !formKinds[draft.form].definition.booksSlot || draft.about === undefined) return draft;
  try {
    return { ...draft, slots: await currentSlots(draft.about) };
  } catch {
    // The database is what failed: the form keeps the times it was built with.
    return draft;
  }
}

/**
 * A page's content, given the draft of a form that failed without JavaScript: that form shows the
 * values and the errors. The newsletter form lives in the footer, outside any page, so its draft
 * shows it again at the top of the page. Without a (valid) draft the page is as usual.
 */
export async function WithFormDraft({ language, draftId, children }: { language: Language; draftId: string | undefined; children: ReactNode }) {
  const draft = await draftView(draftId);
  if (!draft) return children;
  const names = await getTranslations({ locale: language, namespace: 'forms.names' });
  return (
    <FormDraftProvider draft={draft}>
      {draft.form === 'sign-newsletter' ? (
        <section className={styles.draftSection} aria-labelledby="newsletter-again-title">
          <h2 id="newsletter-again-title">{names('sign-newsletter')}</h2>
          <NewsletterSignup language={language} idPrefix="newsletter-again" />
        </section>
      ) : null}
      {children}
    </FormDraftProvider>
  );
}
