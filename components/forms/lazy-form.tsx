'use client';

import { Suspense, use, useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import styles from './forms.module.css';

type Forms = typeof import('./request-forms');
type FormComponent = keyof Forms;

/*
 * The request forms, with react-hook-form, zod and the spam check, are some 50 kB of gzipped
 * script: the footer's newsletter form alone would make every page download them first. So a
 * form's code is not among the page's scripts: the server renders the form as usual (the same
 * markup, which works without JavaScript), and the browser fetches the code and takes the form
 * over when it comes near the screen or the visitor reaches into it. What they typed before is
 * kept (request-form.tsx adopts it). The import below is the only way in: imported statically
 * anywhere under a page, the forms would be back in that page's first scripts.
 */
let forms: Promise<Forms> | undefined;

function loadForms(): Promise<Forms> {
  if (!forms) {
    const loading = import('./request-forms');
    // Read synchronously by `use` once settled: a later render does not suspend again.
    forms = Object.assign(loading, { status: 'pending' });
    loading.then((value) => Object.assign(loading, { status: 'fulfilled', value })).catch(() => undefined);
  }
  return forms;
}

type Gate = { forms: Promise<Forms>; open: () => void };

function gate(): Gate {
  if (typeof window === 'undefined') return { forms: loadForms(), open: () => undefined };
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { forms: opened.then(loadForms), open };
}

const renderers: { [K in FormComponent]: (loaded: Forms, props: ComponentProps<Forms[K]>) => ReactNode } = {
  VisitForm: (loaded, props) => <loaded.VisitForm {...props} />,
  InformationForm: (loaded, props) => <loaded.InformationForm {...props} />,
  DocumentsForm: (loaded, props) => <loaded.DocumentsForm {...props} />,
  FriendForm: (loaded, props) => <loaded.FriendForm {...props} />,
  OfferForm: (loaded, props) => <loaded.OfferForm {...props} />,
  RentalForm: (loaded, props) => <loaded.RentalForm {...props} />,
  ConstructionForm: (loaded, props) => <loaded.ConstructionForm {...props} />,
  ValuationForm: (loaded, props) => <loaded.ValuationForm {...props} />,
  SearchAlertForm: (loaded, props) => <loaded.SearchAlertForm {...props} />,
  SiteContactForm: (loaded, props) => <loaded.SiteContactForm {...props} />,
  NewsletterForm: (loaded, props) => <loaded.NewsletterForm {...props} />,
  TestimonialForm: (loaded, props) => <loaded.TestimonialForm {...props} />,
  JobForm: (loaded, props) => <loaded.JobForm {...props} />,
};

function LoadedForm<K extends FormComponent>({ component, props, forms }: { component: K; props: ComponentProps<Forms[K]>; forms: Promise<Forms> }) {
  return renderers[component](use(forms), props);
}

/** One request form of request-forms.tsx by name, its code fetched when the form is about to be used. */
export function LazyForm<K extends FormComponent>({ component, props }: { component: K; props: ComponentProps<Forms[K]> }) {
  // The server waits for the code here, outside the boundary: a boundary that waited would be sent
  // at the end of the page and moved into place by a script, which a page without JavaScript lacks.
  if (typeof window === 'undefined') use(loadForms());
  const wrapper = useRef<HTMLDivElement>(null);
  const [{ forms, open }] = useState(gate);
  useEffect(() => {
    const element = wrapper.current;
    // Rendered in the browser (a client-side navigation): no server markup to wait with.
    if (!element || element.childElementCount === 0) {
      open();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && open(), { rootMargin: '300px 0px' });
    for (const child of element.children) observer.observe(child);
    element.addEventListener('focusin', open);
    element.addEventListener('pointerdown', open);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', open);
      element.removeEventListener('pointerdown', open);
    };
  }, [open]);
  return (
    // display: contents: the wrapper adds no box, the form lays out as if it were not there.
    <div ref={wrapper} className={styles.island}>
      <Suspense fallback={null}>
        <LoadedForm component={component} props={props} forms={forms} />
      </Suspense>
    </div>
  );
}
