'use client';

import { useCallback, useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
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
/** How long before autoplay moves on the next slide's picture (and swiper's code, the first time) is asked for. */
const fetchAhead = 2000;

/**
 * swiper's code (about 27 kB gzip) is not part of the page's first load: it is fetched when the
 * visitor reaches for the slider or autoplay is about to move, and takes over the slides the
 * server rendered in its own markup (until then they sit in swiper's row, the first one shown).
 */
async function startSwiper(element: HTMLElement, region: string, onChange: (index: number) => void): Promise<SwiperInstance> {
  const { Swiper, A11y, EffectFade, Keyboard } = await import('./swiper-modules');
  return new Swiper(element, {
    modules: [A11y, EffectFade, Keyboard],
    effect: 'fade',
    fadeEffect: { crossFade: true },
    speed: slideSpeed,
    rewind: true,
    keyboard: { enabled: true, onlyInViewport: true },
    a11y: {
      containerRole: 'region',
      containerMessage: region,
      // Each slide carries its own label, formatted on the server; swiper's template ({{index}})
      // would bypass the message's ICU syntax, so its labelling is off.
      slideLabelMessage: '',
    },
    on: { slideChange: (instance) => onChange(instance.activeIndex) },
  });
}

/**
 * The banner's slider (gallery, listings, projects). Slides are rendered on the server; this
 * island only moves them. Autoplay (a timer of its own, so that swiper can come late) stops while
 * the pointer is on the slides or focus is in them, never starts for a visitor who prefers reduced
 * motion, and the pause button stops it for good (WCAG 2.2.2); play starts it again, also for that
 * visitor, who then asked for it.
 */
export function BannerSlider({ slides, labels }: { slides: ReactNode[]; labels: BannerSliderLabels }) {
  const container = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const loading = useRef<Promise<SwiperInstance | undefined> | null>(null);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { wantsPlay, pressedPlay, toggle } = usePlayChoice();
  const running = wantsPlay && !hovered && !focused;
  const [moving, setMoving] = useState(false);
  // Slides whose pictures are in the page: the first at load, then each one shortly before it shows.
  const [reached, setReached] = useState<ReadonlySet<number>>(() => new Set([0]));
  const reveal = useCallback((...indexes: number[]) => {
    setReached((current) => (indexes.every((index) => current.has(index)) ? current : new Set([...current, ...indexes])));
  }, []);
  const count = slides.length;
  // A visitor on the slider may step either way: both neighbours are fetched.
  const revealNeighbours = () => reveal((active + 1) % count, (active - 1 + count) % count);

  // Whether the slider is still in the page when swiper's code arrives.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const load = useCallback(() => {
    const element = container.current;
    if (!element) return Promise.resolve(undefined);
    loading.current ??= startSwiper(element, labels.region, (index) => {
      setActive(index);
      reveal(index);
    }).then((instance) => {
      // Gone before the code came (the visitor left the page): the slider built on the detached
      // element is taken down, and no state is set on a component that is no more.
      if (!mounted.current) {
        instance.destroy();
        return undefined;
      }
      setSwiper(instance);
      return instance;
    });
    return loading.current;
  }, [labels.region, reveal]);
  const step = (by: 1 | -1) =>
    void load().then((instance) => {
      if (!instance || instance.destroyed) return;
      if (by === 1) instance.slideNext();
      else instance.slidePrev();
    });

  useEffect(
    () => () => {
      swiper?.destroy();
    },
    [swiper],
  );

  useEffect(() => {
    // Read now, not from the render: the reduced-motion value of a render may be its hydration one.
    const start = running && mayStart(pressedPlay);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- whether it moves depends on the browser's reduced-motion setting, known only here
    setMoving(start);
    if (!start) return;
    const next = (active + 1) % count;
    const ahead = window.setTimeout(() => {
      reveal(next);
      void load();
    }, slideDelay - fetchAhead);
    const move = window.setTimeout(() => {
      void load().then((instance) => {
        if (instance && !instance.destroyed) instance.slideNext();
      });
    }, slideDelay);
    return () => {
      window.clearTimeout(ahead);
      window.clearTimeout(move);
    };
  }, [running, pressedPlay, active, count, load, reveal]);

  // Slides that change by themselves must not be read out each time; slides the visitor changes
  // should. Set again once swiper has started, as its accessibility module sets it too.
  useEffect(() => {
    wrapper.current?.setAttribute('aria-live', moving ? 'off' : 'polite');
  }, [moving, swiper]);

  const leaveFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <div className={styles.slider}>
      <div
        className={styles.slides}
        onPointerEnter={(event) => {
          revealNeighbours();
          void load();
          if (event.pointerType === 'mouse') setHovered(true);
        }}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => {
          revealNeighbours();
          void load();
          setFocused(true);
        }}
        onBlur={leaveFocus}
      >
        {/* swiper's markup, with the region role and label its accessibility module gives, already in the server HTML. */}
        <div ref={container} className={`swiper ${styles.swiper}`} role="region" aria-label={labels.region}>
          <div ref={wrapper} className="swiper-wrapper" aria-live="off">
            {slides.map((slide, index) => (
              <div key={index} className={index === 0 ? 'swiper-slide swiper-slide-active' : 'swiper-slide'} data-slide={index} role="group" aria-label={labels.slides[index]}>
                <SlideShown value={reached.has(index)}>{slide}</SlideShown>
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={`${styles.control} ${styles.step}`}
          aria-label={labels.previous}
          onClick={() => {
            revealNeighbours();
            step(-1);
          }}
        >
          <ArrowIcon direction="previous" />
        </button>
        <PlayPauseButton playing={wantsPlay} labels={labels} onToggle={toggle} />
        <button
          type="button"
          className={`${styles.control} ${styles.step}`}
          aria-label={labels.next}
          onClick={() => {
            revealNeighbours();
            step(1);
          }}
        >
          <ArrowIcon direction="next" />
        </button>
      </div>
    </div>
  );
}
