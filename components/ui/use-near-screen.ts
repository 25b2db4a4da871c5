'use client';

import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * For an island whose code waits (lazy-form.tsx, costs/purchase-costs-deferred.tsx): calls `open`
 * once the server's markup in `wrapper` comes near the screen or the visitor reaches into it, or at
 * once when there is no server markup (drawn by a client-side navigation); never once `loaded`.
 * `open` learns whether the wrapper has gone meanwhile. One copy of this among a page's first
 * scripts serves every such island.
 */
export function useNearScreen(wrapper: RefObject<HTMLElement | null>, loaded: boolean, open: (element: HTMLElement, gone: () => boolean) => void): void {
  const onOpen = useEffectEvent(open);
  useEffect(() => {
    const element = wrapper.current;
    if (loaded || !element) return;
    let cancelled = false;
    const fire = () => onOpen(element, () => cancelled);
    if (element.childElementCount === 0) {
      fire();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && fire(), { rootMargin: '300px 0px' });
    for (const child of element.children) observer.observe(child);
    element.addEventListener('focusin', fire, { once: true });
    element.addEventListener('pointerdown', fire, { once: true });
    return () => {
      cancelled = true;
      observer.disconnect();
      element.removeEventListener('focusin', fire);
      element.removeEventListener('pointerdown', fire);
    };
  }, [wrapper, loaded]);
}
