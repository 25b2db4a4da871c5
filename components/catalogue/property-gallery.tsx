'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { A11y, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import styles from './property-gallery.module.css';

export type GalleryPicture = { id: number; src: string; width: number; height: number; alt: string };
function Chevron({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
      <path d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The swipe distance (px) that turns a full-screen picture. */
const swipeDistance = 40;

/**
 * One picture at a time over the whole screen, in a modal <dialog>: arrow keys, swipe or buttons
 * turn it, Escape or the close button end it (the dialog's own cancel), and the gallery puts the
 * focus back on the button that opened it.
 */
function FullScreen({ pictures, start, onClose }: { pictures: GalleryPicture[]; start: number; onClose: (index: number) => void }) {
  const t = useTranslations('property');
  const own = useTranslations('gallery');
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
      aria-label={t('photos')}
      onKeyDown={onKeyDown}
      onClose={() => onClose(index)}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
      }}
      onPointerUp={onPointerUp}
    >
      <div className={styles.dialogBar}>
        <p className={styles.counter} aria-live="polite">
          {t('photoNumber', { index: index + 1, total: pictures.length })}
        </p>
        <button type="button" className={styles.control} onClick={() => dialog.current?.close()} aria-label={own('closeFullScreen')}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={styles.dialogStage}>
        <Image key={picture.id} src={picture.src} width={picture.width} height={picture.height} alt={picture.alt} sizes="100vw" className={styles.fullPicture} />
        {several ? (
          <>
            <button type="button" className={`${styles.control} ${styles.previous}`} onClick={() => step(-1)} aria-label={t('previousPhoto')}>
              <Chevron direction="previous" />
            </button>
            <button type="button" className={`${styles.control} ${styles.next}`} onClick={() => step(1)} aria-label={t('nextPhoto')}>
              <Chevron direction="next" />
            </button>
          </>
        ) : null}
      </div>
    </dialog>
  );
}

/**
 * The listing's pictures: swipe, arrow buttons or the keyboard on the large view; a row of
 * thumbnail buttons below (Tab and Enter reach any picture); a full-screen view.
 */
export function PropertyGallery({ pictures }: { pictures: GalleryPicture[] }) {
  const t = useTranslations('property');
  const own = useTranslations('gallery');
  const [main, setMain] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);
  const [fullScreenFrom, setFullScreenFrom] = useState<number | null>(null);
  const strip = useRef<HTMLUListElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const several = pictures.length > 1;
  const photoNumber = (index: number) => t('photoNumber', { index: index + 1, total: pictures.length });

  // The active thumbnail stays in view in its row (scrolling the row only, never the page).
  useEffect(() => {
    const row = strip.current;
    const thumb = row?.children[active];
    if (!row || !(thumb instanceof HTMLElement)) return;
    const left = thumb.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + thumb.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollTo({ left: left - (row.clientWidth - thumb.offsetWidth) / 2 });
  }, [active]);

  return (
    <section className={styles.gallery} aria-label={t('photos')}>
      <div className={styles.stage}>
        <Swiper
          modules={[A11y, Keyboard]}
          rewind
          keyboard={{ enabled: true }}
          // Each slide carries its own label, formatted here; swiper's template ({{index}}) would
          // bypass the message's ICU syntax, so its labelling is off (an empty message).
          a11y={{ slideLabelMessage: '' }}
          onSwiper={setMain}
          onSlideChange={(swiper) => setActive(swiper.activeIndex)}
          className={styles.main}
        >
          {pictures.map((picture, index) => (
            <SwiperSlide key={picture.id} role="group" aria-label={photoNumber(index)}>
              <Image
                src={picture.src}
                width={picture.width}
                height={picture.height}
                alt={picture.alt}
                sizes="(max-width: 1200px) 100vw, 1168px"
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
            </SwiperSlide>
          ))}
        </Swiper>
        {several ? (
          <>
            <button type="button" className={`${styles.control} ${styles.previous}`} onClick={() => main?.slidePrev()} aria-label={t('previousPhoto')}>
              <Chevron direction="previous" />
            </button>
            <button type="button" className={`${styles.control} ${styles.next}`} onClick={() => main?.slideNext()} aria-label={t('nextPhoto')}>
              <Chevron direction="next" />
            </button>
          </>
        ) : null}
        <button type="button" ref={opener} className={`${styles.control} ${styles.expand}`} onClick={() => setFullScreenFrom(active)} aria-label={own('fullScreen')}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      {several ? (
        <ul ref={strip} className={styles.thumbs} aria-label={t('thumbnails')}>
          {pictures.map((picture, index) => (
            <li key={picture.id}>
              <button type="button" className={styles.thumb} aria-current={index === active ? 'true' : undefined} onClick={() => main?.slideTo(index)}>
                <Image src={picture.src} width={400} height={Math.round((400 * picture.height) / picture.width)} alt={t('showPhoto', { index: index + 1 })} sizes="160px" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {fullScreenFrom !== null ? (
        <FullScreen
          pictures={pictures}
          start={fullScreenFrom}
          onClose={(index) => {
            setFullScreenFrom(null);
            main?.slideTo(index, 0);
            opener.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}
