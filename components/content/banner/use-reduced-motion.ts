'use client';

import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Read at the moment something is about to move: the hook below may still hold its hydration value. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia(query).matches;
}

/**
 * Whether the visitor asked for less motion, for rendering. False on the server and during
 * hydration so most visitors see no label change; effects that start motion check
 * prefersReducedMotion() as well.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
