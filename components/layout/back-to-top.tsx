'use client';

import { useEffect, useState } from 'react';
import { scrollThresholds, throttle } from '@/lib/device';
import styles from './back-to-top.module.css';

const duration = 500;

/** Hidden under 10 px of scroll; scrolls smoothly to the top in about 500 ms, then moves focus there. */
export function BackToTop({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = throttle(() => setVisible(window.scrollY >= scrollThresholds.backToTop), scrollThresholds.throttleMs);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const toTop = () => {
    const start = window.scrollY;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const began = performance.now();
    const step = (now: number) => {
      const progress = reduce ? 1 : Math.min(1, (now - began) / duration);
      const eased = 1 - (1 - progress) ** 3;
      window.scrollTo(0, start * (1 - eased));
      if (progress < 1) requestAnimationFrame(step);
      else document.getElementById('top')?.focus({ preventScroll: true });
    };
    requestAnimationFrame(step);
  };

  return (
    <button type="button" className={styles.button} data-visible={visible} aria-label={label} title={label} onClick={toTop} tabIndex={visible ? 0 : -1} aria-hidden={!visible}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
        <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
