'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { scrollThresholds, throttle } from '@/lib/device';

/*
 * The header element with its scroll state (spec §4). At the top of the page the header is in the
 * flow with everything it holds; past 30 px it becomes fixed and compact (a slim bar with the logo,
 * the menu and the mobile menu button), so that it covers little of the screen. The slot around it
 * keeps the full header's height meanwhile, so nothing below moves when it changes. On the home
 * page with changeOnScroll it lies over the banner, transparent at the top.
 *
 * Without JavaScript the header simply scrolls away with the page. Anchor targets and focused
 * controls keep clear of the fixed bar through the page's scroll-padding, which follows its height
 * (globals.css has the default).
 */
export function ScrollHeader({ className, slotClassName, overlay, children }: { className?: string; slotClassName?: string; overlay: boolean; children: ReactNode }) {
  const [scrolled, setScrolled] = useState(false);
  const [fullHeight, setFullHeight] = useState<number>();
  const header = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = header.current;
    if (!element) return;
    // Only the header in the flow gives its full height; the fixed one is the compact bar.
    const keepFullHeight = () => {
      if (element.dataset.scrolled !== 'true') setFullHeight(element.offsetHeight);
    };
    // Measured when the observer reports, which it does once the browser has laid the page out
    // (right after observing too): read during hydration, offsetHeight made it lay the page out
    // once more in the middle of React's work.
    const observer = new ResizeObserver(() => {
      keepFullHeight();
      // The header's real height is the page's scroll padding: a focused control or an anchor target
      // never lands under the fixed bar (WCAG 2.4.11; globals.css keeps a default without
      // JavaScript). In the flow at the top of the page it is the full header, more than needed,
      // until the first scroll makes it the compact bar and measures it again. Set as the property
      // itself, not a custom property of the root, which every element of the page inherits and
      // would have its style computed again for.
      document.documentElement.style.scrollPaddingTop = `calc(${element.offsetHeight}px + 0.5rem)`;
    });
    observer.observe(element);
    const update = throttle(() => setScrolled(window.scrollY > scrollThresholds.header), scrollThresholds.throttleMs);
    // A page opened scrolled (an anchor, a restored position) starts with the compact bar. The first
    // look waits for the frame, which lays the page out anyway; reading scrollY now would do it
    // once more during hydration. The full header's height is taken in the same frame, before the
    // bar turns compact, so that the slot keeps its room and nothing below moves (the observer
    // reports only after the frame, when the header may already be the compact bar).
    const first = requestAnimationFrame(() => {
      keepFullHeight();
      update();
    });
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(first);
      window.removeEventListener('scroll', update);
    };
  }, []);

  // Over the banner the header takes no room in the flow, scrolled or not.
  const reserve = scrolled && !overlay && fullHeight !== undefined ? { minHeight: `${fullHeight}px` } : undefined;
  return (
    <div className={slotClassName} style={reserve}>
      <header ref={header} id="top" tabIndex={-1} className={className} data-scrolled={scrolled} data-overlay={overlay}>
        {children}
      </header>
    </div>
  );
}
