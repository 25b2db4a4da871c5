'use client';

import { useCallback, useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { A11y, Autoplay, EffectFade, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/effect-fade';
import 'swiper/css/a11y';
import { ArrowIcon } from './banner-icons';
import { mayStart, PlayPauseButton, usePlayChoice } from './banner-play-pause';
import { SlideShown } from './banner-picture';
import styles from './banner.module.css';

/** `slides`: each slide's label, in the order of the slides. */
export type BannerSliderLabels = { region: string; slides: string[]; pause: string; play: string; previous: string; next: string };

/** Spec §9: autoplay, 500 ms, fade. Five seconds per slide leaves time to read a listing. */
export const slideSpeed = 500;
export const slideDelay = 5000;
/** How long before autoplay moves on the next slide's picture is asked for. */
const fetchAhead = 2000;

/**
 * The banner's slider (gallery, listings, projects). Slides are rendered on the server; this
 * island only moves them. Autoplay stops while the pointer is on the slides or focus is in them,
 * never starts for a visitor who prefers reduced motion, and the pause button stops it for good
 * (WCAG 2.2.2); play starts it again, also for that visitor, who then asked for it.
 */
export function BannerSlider({ slides, labels }: { slides: ReactNode[]; labels: BannerSliderLabels }) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { wantsPlay, pressedPlay, toggle } = usePlayChoice();
  const running = wantsPlay && !hovered && !focused;
  // Slides whose pictures are in the page: the first at load, then each one shortly before it shows.
  const [reached, setReached] = useState<ReadonlySet<number>>(() => new Set([0]));
  const reveal = useCallback((...indexes: number[]) => {
    setReached((current) => (indexes.every((index) => current.has(index)) ? current : new Set([...current, ...indexes])));
  }, []);
  // A visitor on the slider may step either way: both neighbours are fetched.
  const revealNeighbours = () => {
    if (swiper && !swiper.destroyed) reveal((swiper.activeIndex + 1) % slides.length, (swiper.activeIndex - 1 + slides.length) % slides.length);
  };

  useEffect(() => {
    if (!swiper || swiper.destroyed) return;
    const start = running && mayStart(pressedPlay);
    if (start) swiper.autoplay.start();
    else swiper.autoplay.stop();
    // Slides that change by themselves must not be read out each time; slides the visitor changes should.
    swiper.wrapperEl.setAttribute('aria-live', start ? 'off' : 'polite');
  }, [swiper, running, pressedPlay]);

  const leaveFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <div className={styles.slider}>
      <div
        className={styles.slides}
        onPointerEnter={(event) => {
          revealNeighbours();
          if (event.pointerType === 'mouse') setHovered(true);
        }}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => {
          revealNeighbours();
          setFocused(true);
        }}
        onBlur={leaveFocus}
      >
        <Swiper
          modules={[A11y, Autoplay, EffectFade, Keyboard]}
          effect="fade"
          fadeEffect={{ crossFade: true }}
          speed={slideSpeed}
          rewind
          // Started and stopped by the effect above, once the motion preference is known.
          autoplay={{ enabled: false, delay: slideDelay, disableOnInteraction: false }}
          keyboard={{ enabled: true, onlyInViewport: true }}
          a11y={{
            // A label needs a role: on a plain div it would be ignored (and axe reports it).
            containerRole: 'region',
            containerMessage: labels.region,
            // Each slide carries its own label, formatted on the server; swiper's template
            // ({{index}}) would bypass the message's ICU syntax, so its labelling is off.
            slideLabelMessage: '',
          }}
          onSwiper={setSwiper}
          onSlideChange={(instance) => reveal(instance.activeIndex)}
          onAutoplayTimeLeft={(instance, timeLeft) => {
            if (timeLeft <= fetchAhead) reveal((instance.activeIndex + 1) % slides.length);
          }}
          className={styles.swiper}
        >
          {/* role: the one swiper gives a slide, already in the server HTML (a label needs a role before hydration too). */}
          {slides.map((slide, index) => (
            <SwiperSlide key={index} data-slide={index} role="group" aria-label={labels.slides[index]}>
              <SlideShown value={reached.has(index)}>{slide}</SlideShown>
            </SwiperSlide>
          ))}
        </Swiper>
      </div>
      <div className={styles.controls}>
        <button type="button" className={`${styles.control} ${styles.step}`} aria-label={labels.previous} onClick={() => swiper?.slidePrev()}>
          <ArrowIcon direction="previous" />
        </button>
        <PlayPauseButton playing={wantsPlay} labels={labels} onToggle={toggle} />
        <button type="button" className={`${styles.control} ${styles.step}`} aria-label={labels.next} onClick={() => swiper?.slideNext()}>
          <ArrowIcon direction="next" />
        </button>
      </div>
    </div>
  );
}
