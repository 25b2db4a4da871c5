'use client';

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import styles from './property-gallery.module.css';

/** An <img>'s source attributes for one use of a picture (gallery-props.ts works them out with next/image). */
export type GalleryImage = { src: string; srcSet: string | undefined; sizes: string | undefined; width: number; height: number };
/** `number`: "Photo n of m"; `showLabel`: its thumbnail link's name. */
export type GalleryPicture = { id: number; alt: string; number: string; showLabel: string; stage: GalleryImage; thumb: GalleryImage; full: GalleryImage };
/** The stage's own attributes, written by the server (gallery-props.ts): a carousel region with a short name, not its slides' labels run together. */
type StageAttributes = { role: 'region'; 'aria-roledescription': string; 'aria-label': string };
export type GalleryLabels = { photos: string; thumbnails: string; previous: string; next: string; fullScreen: string; closeFullScreen: string; stage: StageAttributes };

/** One picture as a plain <img>: the attributes are the server's, lazy unless it is the first one shown. */
export function GalleryImg({ image, alt, eager = false, className }: { image: GalleryImage; alt: string; eager?: boolean; className?: string }) {
  return <img {...image} alt={alt} className={className} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : 'auto'} decoding="async" />;
}
export function Chevron({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
      <path d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/*
 * The full-screen view comes with its own chunk when it is first opened: a visitor who never opens
 * it does not load it, and it is never drawn on the server.
 */
const FullScreen = lazy(() => import('./property-gallery-full-screen').then((module) => ({ default: module.FullScreen })));

/** Whether an arrow key is the gallery's: not typed into a field, nor with a modifier, nor taken already. */
function galleryKey(event: globalThis.KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return false;
  const target = event.target;
  return !(target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select, [role="slider"], [role="listbox"]')));
}

const slideId = (picture: GalleryPicture) => `photo-${picture.id}`;

/**
 * The listing's pictures: a row of full-width slides that snap (CSS scroll snapping), so a finger
 * or a trackpad turns them without any script, and without JavaScript too; arrow buttons and the
 * arrow keys turn them once the island runs; a row of thumbnail links below (Tab and Enter reach
 * any picture, with or without JavaScript); a full-screen view. No slider library: the browser's own scrolling does the work.
 */
export function PropertyGallery({ pictures, labels }: { pictures: GalleryPicture[]; labels: GalleryLabels }) {
  const hydrated = useHydrated();
  const [active, setActive] = useState(0);
  const [fullScreenFrom, setFullScreenFrom] = useState<number | null>(null);
  const section = useRef<HTMLElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLUListElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // The picture a button or key is scrolling to: the pictures passed on the way are not the active one.
  const heading = useRef<number | null>(null);
  const several = pictures.length > 1;

  /** Shows a picture (the last one's next is the first), smoothly unless motion is unwanted or asked off. */
  const show = useCallback(
    (index: number, instant = false) => {
      const row = track.current;
      if (!row) return;
      const target = (index + pictures.length) % pictures.length;
      heading.current = Math.round(row.scrollLeft / row.clientWidth) === target ? null : target;
      row.scrollTo({ left: target * row.clientWidth, behavior: instant || window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth' });
      setActive(target);
    },
    [pictures.length],
  );

  // The arrow keys turn the pictures while the gallery is on screen, wherever the focus is (the
  // full-screen view keeps its own keys).
  useEffect(() => {
    if (!several) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const box = section.current?.getBoundingClientRect();
      if (!box || box.bottom <= 0 || box.top >= window.innerHeight || !galleryKey(event)) return;
      event.preventDefault();
      show(active + (event.key === 'ArrowRight' ? 1 : -1));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [several, active, show]);

  // The active thumbnail stays in view in its row (scrolling the row only, never the page).
  useEffect(() => {
    const row = strip.current;
    const thumb = row?.children[active];
    if (!row || !(thumb instanceof HTMLElement)) return;
    const left = thumb.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + thumb.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollTo({ left: left - (row.clientWidth - thumb.offsetWidth) / 2 });
  }, [active]);

  // A picture the visitor scrolled or swiped to is the active one.
  const onScroll = () => {
    const row = track.current;
    if (!row || row.clientWidth === 0) return;
    const index = Math.round(row.scrollLeft / row.clientWidth);
    if (heading.current !== null) {
      if (index === heading.current) heading.current = null;
      return;
    }
    if (index !== active && index >= 0 && index < pictures.length) setActive(index);
  };

  return (
    <section ref={section} className={styles.gallery} aria-label={labels.photos}>
      <div className={styles.stage}>
        {/* Focusable: a row that scrolls must be reachable by keyboard (its arrow keys turn it). */}
        <div
          ref={track}
          className={styles.main}
          onScroll={onScroll}
          // A scroll cut short (a swipe during the animation) ends where the visitor left it.
          onScrollEnd={() => {
            heading.current = null;
            onScroll();
          }}
          tabIndex={several ? 0 : undefined}
          {...(several ? labels.stage : undefined)}
        >
          {pictures.map((picture, index) => (
            <div key={picture.id} id={slideId(picture)} className={styles.slide} role="group" aria-label={picture.number}>
              <GalleryImg image={picture.stage} alt={picture.alt} eager={index === 0} />
            </div>
          ))}
        </div>
        {/* The buttons work once the island runs: until then (or without JavaScript) they are not offered. */}
        {several ? (
          <>
            <button type="button" className={`${styles.control} ${styles.previous}`} hidden={!hydrated} onClick={() => show(active - 1)} aria-label={labels.previous}>
              <Chevron direction="previous" />
            </button>
            <button type="button" className={`${styles.control} ${styles.next}`} hidden={!hydrated} onClick={() => show(active + 1)} aria-label={labels.next}>
              <Chevron direction="next" />
            </button>
          </>
        ) : null}
        <button type="button" ref={opener} className={`${styles.control} ${styles.expand}`} hidden={!hydrated} onClick={() => setFullScreenFrom(active)} aria-label={labels.fullScreen}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      {several ? (
        <ul ref={strip} className={styles.thumbs} aria-label={labels.thumbnails}>
          {pictures.map((picture, index) => (
            <li key={picture.id}>
              {/* A link to its slide, so that without JavaScript too it scrolls the row to its picture. */}
              <a
                href={`#${slideId(picture)}`}
                className={styles.thumb}
                aria-current={index === active ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  show(index);
                }}
              >
                <GalleryImg image={picture.thumb} alt={picture.showLabel} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {fullScreenFrom !== null ? (
        <Suspense fallback={null}>
          <FullScreen
            pictures={pictures}
            labels={labels}
            start={fullScreenFrom}
            onClose={(index) => {
              setFullScreenFrom(null);
              show(index, true);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
