'use client';

import { SiteLink } from '@/components/ui/site-link';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { dataLayerPush, gtag } from '@/lib/consent/data-layer';
import {
  allowedTags,
  allStorageKeys,
  allGranted,
  consentModeDefault,
  consentModeUpdate,
  consentStorageKey,
  createConsent,
  essentialOnly,
  hasResetParameter,
  openSettingsEvent,
  parseConsent,
  pickPurposes,
  shouldShowDialog,
  storageEntries,
  withoutResetParameter,
  type Purposes,
  type StoredConsent,
  type TagIds,
} from '@/lib/consent';
import styles from './consent-manager.module.css';

type PixelCommand = (...args: unknown[]) => void;
type Pixel = PixelCommand & { queue: unknown[][]; callMethod?: PixelCommand; push: PixelCommand; loaded: boolean; version: string };

declare global {
  interface Window {
    fbq?: Pixel;
    _fbq?: Pixel;
  }
}

// The tag manager and gtag.js, with @next/third-parties and next/script, load only on the pages of
// a visitor who allowed them and of an agency that configured them: most visits never need them.
// React's lazy rather than next/dynamic, whose runtime every page would load for this one use; the
// tags are never rendered on the server (the stored choice is read in the browser).
const ConsentTags = lazy(() => import('./consent-tags').then((module) => ({ default: module.ConsentTags })));
// The settings view is opened by few visitors: its code is fetched when it is.
const ConsentSettings = lazy(() => import('./consent-settings').then((module) => ({ default: module.ConsentSettings })));

// Once per page load, even if the layout (and so this island) mounts again on a language switch.
let defaultSent = false;
let pageViewSent = false;
let adsConfigured = false;

function readStored(): StoredConsent | null {
  try {
    return parseConsent(window.localStorage.getItem(consentStorageKey));
  } catch {
    // Storage blocked by the browser: nothing can be stored either, so the visitor is asked.
    return null;
  }
}

function writeStored(consent: StoredConsent): void {
  try {
    for (const [key, value] of storageEntries(consent)) window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the choice still applies to this page.
  }
}

function clearStored(): void {
  try {
    for (const key of allStorageKeys) window.localStorage.removeItem(key);
  } catch {
    // Nothing could have been stored.
  }
}

/** The Consent Mode update, then (once per page load) the page view the tags were waiting for. */
function announce(choice: Purposes): void {
  gtag('consent', 'update', consentModeUpdate(choice));
  if (pageViewSent) return;
  pageViewSent = true;
  dataLayerPush({ event: 'page_view', page_location: window.location.href, page_path: window.location.pathname, page_title: document.title });
}

/** The social network's standard pixel loader, written out so that no inline script is needed. */
function startSocialPixel(pixelId: string): void {
  if (window.fbq) {
    window.fbq('consent', 'grant');
    return;
  }
  const pixel = ((...args: unknown[]) => {
    if (pixel.callMethod) pixel.callMethod(...args);
    else pixel.queue.push(args);
  }) as Pixel;
  pixel.queue = [];
  pixel.push = pixel;
  pixel.loaded = true;
  pixel.version = '2.0';
  window.fbq = pixel;
  window._fbq = window._fbq ?? pixel;
  pixel('consent', 'grant');
  pixel('init', pixelId);
  pixel('track', 'PageView');
  const script = document.createElement('script');
  script.async = true;
  script.src = 'https://connect.facebook.net/en_US/fbevents.js';
  document.head.appendChild(script);
}

type View = 'main' | 'settings';
type State = { ready: boolean; stored: StoredConsent | null; open: boolean; required: boolean; view: View; draft: Purposes };

// Children of <body> that are not content and need not be made inert.
const notContent = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE', 'NOSCRIPT']);

/** The dialog's texts, formatted on the server (consent-texts.ts): no message formatter ships with every page for them. */
export type ConsentTexts = Record<
  | 'title'
  | 'intro'
  | 'policyLink'
  | 'agreeAll'
  | 'decline'
  | 'changeSettings'
  | 'settingsTitle'
  | 'settingsIntro'
  | 'save'
  | 'close'
  | 'alwaysOn'
  | 'essential'
  | 'essentialDescription'
  | 'analyticsStorage'
  | 'analyticsStorageDescription'
  | 'adStorage'
  | 'adStorageDescription'
  | 'adUserData'
  | 'adUserDataDescription'
  | 'adPersonalization'
  | 'adPersonalizationDescription'
  | 'settingsLink',
  string
>;

export type ConsentManagerProps = { ids: TagIds; policyHref?: string; texts: ConsentTexts };

/**
 * The cookie consent dialog and the tags it allows (spec §4). The server renders the dialog's first
 * view into every page, hidden unless the gate script of the layout (consentGateScript) finds no
 * stored choice, so a first visit paints it with the page; the choice lives in local storage, so
 * only the browser knows. Until this island has hydrated its buttons say they cannot be used yet.
 */
export function ConsentManager({ ids, policyHref, texts }: ConsentManagerProps) {
  const t = (key: keyof ConsentTexts) => texts[key];
  const [state, setState] = useState<State>({ ready: false, stored: null, open: false, required: false, view: 'main', draft: essentialOnly });
  const rootRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const textId = `${id}-text`;

  useEffect(() => {
    // Before any tag can load: everything denied until the stored or given choice updates it.
    if (!defaultSent) {
      defaultSent = true;
      gtag('consent', 'default', consentModeDefault);
    }
    const { pathname, search, hash } = window.location;
    if (hasResetParameter(search)) {
      clearStored();
      // Dropped from the address bar so that a reload or a shared link does not clear the new choice.
      window.history.replaceState(null, '', `${pathname}${withoutResetParameter(search)}${hash}`);
    }
    const stored = readStored();
    if (stored) announce(stored);
    const required = shouldShowDialog(pathname, stored);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the stored choice is the browser's (localStorage), read once after hydration
    setState({ ready: true, stored, open: required, required, view: 'main', draft: stored ? pickPurposes(stored) : essentialOnly });
  }, []);

  useEffect(() => {
    const openSettings = () => setState((current) => ({ ...current, open: true, view: 'settings', draft: current.stored ? pickPurposes(current.stored) : essentialOnly }));
    window.addEventListener(openSettingsEvent, openSettings);
    return () => window.removeEventListener(openSettingsEvent, openSettings);
  }, []);

  // While open the rest of the page is inert (aria-modal alone stops neither the mouse nor
  // every screen reader); focus returns to whatever opened the dialog, such as the footer link.
  useEffect(() => {
    if (!state.open) return;
    const root = rootRef.current;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const made = [...document.body.children].filter((element) => element !== root && !notContent.has(element.tagName) && !element.hasAttribute('inert'));
    for (const element of made) element.setAttribute('inert', '');
    return () => {
      for (const element of made) element.removeAttribute('inert');
      if (opener?.isConnected) opener.focus();
    };
  }, [state.open]);

  // The dialog itself takes focus on opening and when its view changes, so that its new title and
  // text are read out and the button that was pressed does not leave focus on a removed element.
  useEffect(() => {
    if (state.open) dialogRef.current?.focus();
  }, [state.open, state.view]);

  const tags = allowedTags(ids, state.stored);

  useEffect(() => {
    if (tags.socialPixel) startSocialPixel(tags.socialPixel);
    else window.fbq?.('consent', 'revoke');
  }, [tags.socialPixel]);

  // One gtag.js serves both products: it is loaded for one ID and told about the other.
  useEffect(() => {
    if (tags.analytics && tags.ads && !adsConfigured) {
      adsConfigured = true;
      gtag('config', tags.ads);
    }
  }, [tags.analytics, tags.ads]);

  const save = (choice: Purposes) => {
    const consent = createConsent(choice, new Date());
    writeStored(consent);
    announce(consent);
    setState((current) => ({ ...current, stored: consent, open: false, required: false }));
  };

  const close = () => setState((current) => ({ ...current, open: false }));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      // Escape never stands for a choice. Without a stored choice it does not close the dialog:
      // nothing would be stored, so it would only come back on the next page, and silence may be
      // read neither as consent nor as a refusal. It steps back from the settings, and closes the
      // dialog when it was opened on request (a choice exists, or a preview page).
      if (state.view === 'settings' && state.required) setState((current) => ({ ...current, view: 'main' }));
      else if (!state.required) close();
      event.preventDefault();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled])')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const gtagId = tags.analytics ?? tags.ads;
  const scripts =
    tags.tagManager || gtagId ? (
      <Suspense fallback={null}>
        <ConsentTags tagManager={tags.tagManager} gtagId={gtagId} />
      </Suspense>
    ) : null;

  if (state.ready && !state.open) return scripts;

  const settings = state.view === 'settings';
  // Before hydration: the server's markup, shown by the gate script's verdict, its buttons inert.
  const waiting = !state.ready;
  return (
    <>
      {scripts}
      <div ref={rootRef} className={styles.backdrop} data-gate={waiting ? '' : undefined}>
        <div ref={dialogRef} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId} tabIndex={-1} onKeyDown={onKeyDown} data-view={state.view}>
          <h2 id={titleId} className={styles.title}>
            {settings ? t('settingsTitle') : t('title')}
          </h2>
          <p id={textId} className={styles.text}>
            {settings ? t('settingsIntro') : t('intro')} {policyHref ? <SiteLink href={policyHref}>{t('policyLink')}</SiteLink> : null}
          </p>
          {settings ? (
            <Suspense fallback={null}>
              <ConsentSettings id={id} texts={texts} draft={state.draft} required={state.required} onDraft={(draft) => setState((current) => ({ ...current, draft }))} onSave={save} onClose={close} />
            </Suspense>
          ) : (
            // Agreeing and declining look alike and sit side by side: refusing must be as easy as accepting.
            <div className={styles.actions}>
              <button type="button" className={styles.primary} aria-disabled={waiting || undefined} onClick={() => save(allGranted)}>
                {t('agreeAll')}
              </button>
              <button type="button" className={styles.primary} aria-disabled={waiting || undefined} onClick={() => save(essentialOnly)}>
                {t('decline')}
              </button>
              <button type="button" className={styles.secondary} aria-disabled={waiting || undefined} onClick={() => setState((current) => ({ ...current, view: 'settings' }))}>
                {t('changeSettings')}
              </button>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
