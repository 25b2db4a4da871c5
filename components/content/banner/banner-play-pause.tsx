'use client';

import { useCallback, useState } from 'react';
import { prefersReducedMotion, useReducedMotion } from './use-reduced-motion';
import styles from './banner.module.css';

type Choice = 'auto' | 'paused' | 'playing';

/**
 * The visitor's play or pause over the banner's own start. Left to itself the banner moves, unless
 * the visitor prefers reduced motion; pressing play moves it anyway, as they then asked for it.
 * `wantsPlay` is for rendering; an effect that starts motion asks `mayStart`, as the reduced-motion
 * value of a render may still be its hydration one.
 */
export function usePlayChoice() {
  const [choice, setChoice] = useState<Choice>('auto');
  const reduced = useReducedMotion();
  const wantsPlay = choice === 'playing' || (choice === 'auto' && !reduced);
  const pressedPlay = choice === 'playing';
  return {
    wantsPlay,
    pressedPlay,
    pause: useCallback(() => setChoice('paused'), []),
    toggle: () => setChoice(wantsPlay ? 'paused' : 'playing'),
  };
}

/** Whether motion may start now: read at that moment, see usePlayChoice. */
export function mayStart(pressedPlay: boolean): boolean {
  return pressedPlay || !prefersReducedMotion();
}

/** The pause button (WCAG 2.2.2), a play button once paused; the icon is decorative, the label names it. */
export function PlayPauseButton({ playing, labels, onToggle }: { playing: boolean; labels: { play: string; pause: string }; onToggle: () => void }) {
  return (
    <button type="button" className={styles.control} aria-label={playing ? labels.pause : labels.play} data-state={playing ? 'playing' : 'paused'} onClick={onToggle}>
      <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d={playing ? 'M6 4h3v12H6zM11 4h3v12h-3z' : 'M6 4v12l10-6z'} fill="currentColor" />
      </svg>
    </button>
  );
}
