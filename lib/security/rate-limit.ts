import { countRateLimitHit, getStore } from '../db';

/*
 * Rate limits: a fixed window per key, counted in this process (the default: one server, one
 * counter) or in the database, which every instance shares (RATE_LIMIT_STORE=database, and by
 * default on PostgreSQL, where several instances are likely). A limit kept per process would let a
 * client behind a round-robin balancer through as many times as there are instances.
 */
type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };
export type RateLimiter = { hit(key: string, now?: number): Promise<RateLimitResult> };
type LimitOptions = { name: string; limit: number; windowMs: number };

const maxKeys = 50_000;

const isPostgresUrl = (url: string | undefined) => /^postgres(ql)?:\/\//.test(url ?? '');

/** Whether limits are counted in the shared database. */
export function sharedRateLimits(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const chosen = env.RATE_LIMIT_STORE;
  if (chosen === 'database') return true;
  if (chosen === 'memory') return false;
  return isPostgresUrl(env.DATABASE_URL);
}

function createLocalRateLimiter(options: LimitOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const hit = (key: string, now: number): RateLimitResult => {
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
  };
  return { hit: async (key, now = Date.now()) => hit(key, now) };
}

function createDatabaseRateLimiter(options: LimitOptions): RateLimiter {
  return {
    async hit(key, now = Date.now()) {
      const { count, endsAt } = await countRateLimitHit(await getStore(), `${options.name}:${key}`, options.windowMs, now);
      return { allowed: count <= options.limit, retryAfterSeconds: count <= options.limit ? 0 : Math.max(1, Math.ceil((endsAt - now) / 1000)) };
    },
  };
}

/** `name` tells the limits apart in the shared table. */
export function createRateLimiter(options: LimitOptions): RateLimiter {
  return sharedRateLimits() ? createDatabaseRateLimiter(options) : createLocalRateLimiter(options);
}
