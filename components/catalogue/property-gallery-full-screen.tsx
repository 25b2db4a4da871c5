'use client';

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Chevron, GalleryImg, type GalleryLabels, type GalleryPicture } from './property-gallery';
import styles from './property-gallery.module.css';

/** The swipe distance (px) that turns a full-screen picture. */
const swipeDistance = 40;

/**
 * One picture at a time over the whole screen, in a modal <dialog>: arrow keys, swipe or buttons
 * turn it, Escape or the close button end it (the dialog's own cancel), and the gallery puts the
 * focus back on the button that opened it.
 */
export function FullScreen({ pictures, labels, start, onClose }: { pictures: GalleryPicture[]; labels: GalleryLabels; start: number; onClose: (index: number) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const swipeStart = useRef<number | null>(null);
  const [index, setIndex] = useState(start);
  const picture = pictures[index];
  const several = pictures.length > 1;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const step = (by: number) => setIndex((current) => (current + by + pictures.length) % pictures.length);
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    // The gallery's own keyboard control listens on the document: this turn is the dialog's alone.
    event.stopPropagation();
    step(event.key === 'ArrowRight' ? 1 : -1);
  };
  const onPointerUp = (event: PointerEvent<HTMLDialogElement>) => {
    const from = swipeStart.current;
    swipeStart.current = null;
    if (from === null || !several || Math.abs(event.clientX - from) < swipeDistance) return;
    step(event.clientX < from ? 1 : -1);
  };

  if (!picture) return null;
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label={labels.photos}
      onKeyDown={onKeyDown}
      onClose={() => onClose(index)}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
      }}
      onPointerUp={onPointerUp}
    >
      <div className={styles.dialogBar}>
        <p className={styles.counter} aria-live="polite">
          {picture.number}
        </p>
        <button type="button" className={styles.control} onClick={() => dialog.current?.close()} aria-label={labels.closeFullScreen}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={styles.dialogStage}>
        <GalleryImg key={picture.id} image={picture.full} alt={picture.alt} eager className={styles.fullPicture} />
        {several ? (
          <>
            <button type="button" className={`${styles.control} ${styles.previous}`} onClick={() => step(-1)} aria-label={labels.previous}>
              <Chevron direction="previous" />
            </button>
            <button type="button" className={`${styles.control} ${styles.next}`} onClick={() => step(1)} aria-label={labels.next}>
              <Chevron direction="next" />
            </button>
          </>
        ) : null}
      </div>
    </dialog>
  );
}
