'use client';

import { useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { flushSync } from 'react-dom';
import { useNearScreen } from '@/components/ui/use-near-screen';
import type { FormComponent } from './request-forms';
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

/** What the visitor did in the server's form before its code came: what they typed and where they are. */
type Typed = { values: [string, string][]; files: Map<string, FileList>; focused: string | undefined };

function typedIn(wrapper: HTMLElement): Typed {
  const values: [string, string][] = [];
  for (const form of wrapper.querySelectorAll('form')) {
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') values.push([name, value]);
  }
  const files = new Map<string, FileList>();
  for (const input of wrapper.querySelectorAll<HTMLInputElement>('input[type="file"]')) if (input.files?.length) files.set(input.name, input.files);
  const active = document.activeElement;
  return { values, files, focused: active instanceof HTMLElement && wrapper.contains(active) && active.id ? active.id : undefined };
}

/** Puts it back into the form the browser drew, before request-form.tsx adopts the fields' values. */
function restoreTyped(wrapper: HTMLElement, typed: Typed) {
  const fields = (name: string) => Array.from(wrapper.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')).filter((field) => field.name === name);
  for (const name of new Set(typed.values.map(([field]) => field))) {
    const values = typed.values.filter(([field]) => field === name).map(([, value]) => value);
    for (const field of fields(name)) {
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) field.checked = values.includes(field.value);
      else if (!(field instanceof HTMLInputElement && (field.type === 'hidden' || field.type === 'file'))) field.value = values[0] ?? '';
    }
  }
  for (const [name, files] of typed.files) {
    for (const field of fields(name)) if (field instanceof HTMLInputElement && field.type === 'file') field.files = files;
  }
  if (typed.focused) document.getElementById(typed.focused)?.focus();
}

/**
 * One request form of request-forms.tsx by name. In the browser the server's form stays as it is
 * (React leaves the inside of an element with inner HTML alone) until the form comes near the
 * screen or the visitor reaches into it; then its code is fetched and the form drawn by React in
 * its place, with what the visitor had typed.
 */
export function LazyForm<K extends FormComponent>({ component, props }: { component: K; props: ComponentProps<Forms[K]> }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(serverForms ?? loadedForms);
  const typed = useRef<Typed>(undefined);
  useNearScreen(wrapper, loaded !== undefined, (element, gone) => {
    void loadForms().then((module) => {
      loadedForms = module;
      if (gone()) return;
      typed.current = typedIn(element);
      // Drawn in this same task: a key typed or a box ticked between reading the server's form
      // and React replacing it would otherwise be lost (a test filling fast lost a field).
      flushSync(() => setLoaded(module));
    });
  });
  useLayoutEffect(() => {
    if (!loaded || !wrapper.current || !typed.current) return;
    restoreTyped(wrapper.current, typed.current);
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
