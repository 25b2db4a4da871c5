/*
 * Scroll behaviour shared by the header and back-to-top button. The device classes of design.md §9
 * (mobile below 767 px, tablet to 1279 px, desktop from 1280 px) live in the CSS media queries only:
 * no component behaves differently per class.
 */
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
