/*
 * Device classes of design.md §9, in one place: mobile below 767 px, tablet from 767 to 1279 px,
 * desktop from 1280 px. CSS modules use the same numbers in their media queries
 * (max-width: 766px / min-width: 767px / min-width: 1280px); the top bar shows on desktop only.
 */
export const breakpoints = { tablet: 767, desktop: 1280 } as const;

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export function deviceClassOf(width: number): DeviceClass {
  if (width >= breakpoints.desktop) return 'desktop';
  return width >= breakpoints.tablet ? 'tablet' : 'mobile';
}

/** Media queries matching each class, for matchMedia in the browser. */
export const deviceQueries: Record<DeviceClass, string> = {
  mobile: `(max-width: ${breakpoints.tablet - 0.02}px)`,
  tablet: `(min-width: ${breakpoints.tablet}px) and (max-width: ${breakpoints.desktop - 0.02}px)`,
  desktop: `(min-width: ${breakpoints.desktop}px)`,
};

/** Scroll offsets of spec §4: the header changes past 30 px, back-to-top shows from 10 px, handlers throttled at 100 ms. */
export const scrollThresholds = { header: 30, backToTop: 10, throttleMs: 100 } as const;

/** Calls `fn` at most once every `ms` milliseconds, and once more after the last call. */
export function throttle(fn: () => void, ms: number): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    const now = Date.now();
    const wait = ms - (now - last);
    if (wait <= 0) {
      last = now;
      fn();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, wait);
    }
  };
}
