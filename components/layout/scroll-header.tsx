'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { scrollThresholds, throttle } from '@/lib/device';

/*
 * The header element with its scroll state (spec §4): past 30 px it is solid and the logo shrinks;
 * on the home page with changeOnScroll it is transparent over the banner at the top. Only a data
 * attribute changes, the layout never does (the header's box is the same in both states).
 */
export function ScrollHeader({ className, overlay, children }: { className?: string; overlay: boolean; children: ReactNode }) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = throttle(() => setScrolled(window.scrollY > scrollThresholds.header), scrollThresholds.throttleMs);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return (
    <header id="top" tabIndex={-1} className={className} data-scrolled={scrolled} data-overlay={overlay}>
      {children}
    </header>
  );
}
