'use client';

import { useState } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import styles from './embed-facade.module.css';

type Props = {
  embedUrl: string;
  /** The address as the listing gives it: where a visitor without JavaScript watches it. */
  url: string;
  /** Set for direct video files, which play in a <video> element. */
  mimeType?: string;
  title: string;
  buttonLabel: string;
  notice: string;
};

/*
 * A video or virtual tour that loads nothing from its host until the visitor asks for it: no
 * third-party request (and no cookie) before consent, and no heavy player on first paint. Its
 * button is in the server's HTML and does nothing until this island has run: data-ready says when.
 * Without JavaScript it is hidden and a link to the video on its host stands in its place.
 */
export function EmbedFacade({ embedUrl, url, mimeType, title, buttonLabel, notice }: Props) {
  const [open, setOpen] = useState(false);
  const ready = useHydrated() ? '' : undefined;
  if (open) {
    return (
      <div className={styles.frame}>
        {mimeType ? (
          <video controls autoPlay title={title}>
            <source src={embedUrl} type={mimeType} />
          </video>
        ) : (
          <iframe src={embedUrl} title={title} allow="autoplay; fullscreen; xr-spatial-tracking" allowFullScreen loading="lazy" />
        )}
      </div>
    );
  }
  return (
    <div className={styles.facade}>
      <button type="button" className={styles.scripted} data-ready={ready} onClick={() => setOpen(true)}>
        {buttonLabel}
      </button>
      <a className={styles.unscripted} href={url} rel="noopener noreferrer">
        {buttonLabel}
      </a>
      <p>{notice}</p>
    </div>
  );
}
