'use client';

import { useState, useSyncExternalStore } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import styles from './share-links.module.css';

export type ShareTexts = { heading: string; mail: string; copy: string; copied: string; copyFailed: string; more: string };

const subscribe = () => () => undefined;
/** Whether the browser has a share sheet (phones, some desktops); false on the server. */
const useCanShare = () =>
  useSyncExternalStore(
    subscribe,
    () => typeof navigator.share === 'function',
    () => false,
  );

/**
 * Ways to pass a listing on that load nothing from another host: an e-mail (a plain link, so it
 * works without JavaScript), and the link copied or, where the platform has one, its share sheet
 * (which copies too).
 *
 * The second button is in the server's HTML, hidden by CSS when the browser runs no script, and
 * takes the share sheet's label in the same place once the page knows it has one: a button added
 * at hydration wrapped the row on a phone and pushed the gallery down (Lighthouse: CLS 0.049).
 * Until this island's chunk has run, a press on it does nothing; data-ready says when it will.
 */
export function ShareLinks({ url, title, texts }: { url: string; title: string; texts: ShareTexts }) {
  const canShare = useCanShare();
  const ready = useHydrated() ? '' : undefined;
  const [status, setStatus] = useState('');
  const mail = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(texts.copied);
    } catch {
      setStatus(texts.copyFailed);
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // The visitor closed the sheet: nothing to say.
    }
  };
  return (
    <div className={styles.share}>
      <span className={styles.heading}>{texts.heading}</span>
      <ul>
        <li>
          <a className={styles.action} href={mail}>
            {texts.mail}
          </a>
        </li>
        <li className={styles.scripted}>
          {canShare ? (
            <button type="button" className={styles.action} data-ready={ready} onClick={share}>
              {texts.more}
            </button>
          ) : (
            <button type="button" className={styles.action} data-ready={ready} onClick={copy}>
              {texts.copy}
            </button>
          )}
        </li>
      </ul>
      <p className={styles.status} aria-live="polite">
        {status}
      </p>
    </div>
  );
}
