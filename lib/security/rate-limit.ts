/*
 * A fixed-window counter per key, in memory. One site process (SQLite) means one counter; a
 * multi-instance deployment would move this into the shared database.
 */
export type RateLimiter = { hit(key: string, now?: number): { allowed: boolean; retryAfterSeconds: number } };

const maxKeys = 50_000;

export function createRateLimiter(options: { limit: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, now = Date.now()) {
      if (windows.size > 10_000) {
        for (const [candidate, window] of windows) if (now - window.start >= options.windowMs) windows.delete(candidate);
        // Still full within one window (many addresses at once): forget the oldest windows rather
        // than grow without bound. A forgotten client starts a new window, which takes 50,000
        // other clients within one window to bring about.
        for (const candidate of windows.keys()) {
          if (windows.size <= maxKeys) break;
          windows.delete(candidate);
        }
      }
      const current = windows.get(key);
      if (!current || now - current.start >= options.windowMs) {
        windows.set(key, { start: now, count: 1 });
        return { allowed: true, retryAfterSeconds: 0 };
      }
      current.count += 1;
      const retryAfterSeconds = Math.ceil((current.start + options.windowMs - now) / 1000);
      return { allowed: current.count <= options.limit, retryAfterSeconds };
    },
  };
}
