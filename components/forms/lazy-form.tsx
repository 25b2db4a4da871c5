'use client';

import { useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { flushSync } from 'react-dom';
import { useNearScreen } from '@/components/ui/use-near-screen';
import type { FormComponent, TypedBeforeCode } from './request-forms';
import styles from './forms.module.css';

type Forms = typeof import('./request-forms');

/*
 * The request forms, with react-hook-form, zod and the spam check, are some 50 kB of gzipped
 * script: the footer's newsletter form alone would make every page download them first. So a
 * form's code is not among the page's scripts: the server renders the form as usual (the same
 * markup, which works without JavaScript), and the browser fetches the code and takes the form
 * over when it comes near the screen or the visitor reaches into it. What they typed before is
 * kept (request-form.tsx adopts it). Only this module may reach request-forms.tsx: imported statically
 * anywhere under a page, the forms would be back in that page's first scripts.
 */
let forms: Promise<Forms> | undefined;
// The texts are not in the page (form-texts.tsx): a form is drawn once they are here too.
const loadForms = () => (forms ??= import('./request-forms').then((module) => module.loadFormTexts().then(() => module)));
let loadedForms: Forms | undefined;

/*
 * The server renders the form in place, at once. `typeof window` is a constant to the bundler,
 * which leaves this require out of the browser's code. (A Suspense boundary around a lazy form
 * would not do: React sends such a boundary at the end of the page and moves it into place with a
 * script, which a page without JavaScript lacks.)
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const serverForms: Forms | undefined = typeof window === 'undefined' ? require('./request-forms') : undefined;

/**
 * One request form of request-forms.tsx by name. In the browser the server's form stays as it is
 * (React leaves the inside of an element with inner HTML alone) until the form comes near the
 * screen or the visitor reaches into it; then its code is fetched and the form drawn by React in
 * its place, with what the visitor had typed.
 */
export function LazyForm<K extends FormComponent>({ component, props }: { component: K; props: ComponentProps<Forms[K]> }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(serverForms ?? loadedForms);
  const typed = useRef<TypedBeforeCode>(undefined);
  useNearScreen(wrapper, loaded !== undefined, (element, gone) => {
    void loadForms().then((module) => {
      loadedForms = module;
      if (gone()) return;
      typed.current = module.typedIn(element);
      // Drawn in this same task: a key typed or a box ticked between reading the server's form
      // and React replacing it would otherwise be lost (a test filling fast lost a field).
      flushSync(() => setLoaded(module));
    });
  });
  useLayoutEffect(() => {
    if (!loaded || !wrapper.current || !typed.current) return;
    loaded.restoreTyped(wrapper.current, typed.current);
    typed.current = undefined;
  }, [loaded]);
  // display: contents: the wrapper adds no box, the form lays out as if it were not there.
  // The keys make React replace the wrapper, server markup and all, once the code is there.
  if (!loaded) return <div key="server" ref={wrapper} className={styles.island} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  return (
    <div key="browser" ref={wrapper} className={styles.island}>
      {loaded.formByName(component, props)}
    </div>
  );
}
