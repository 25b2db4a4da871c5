import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server HTML and during hydration, true once the island runs in the browser: what a
 * control needs to say whether its JavaScript behaviour is there yet (data-ready, which the browser
 * tests wait for, and novalidate on forms).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
