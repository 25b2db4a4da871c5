/**
 * A cookie that scripts may read, set beside a searcher's (HttpOnly) session: it tells the heart
 * to merge the browser's favourites with the account's (lib/favourites/account-sync.ts), so that
 * a visitor who is not signed in sends no request at all. It holds no name and no token, only
 * "1"; a stale one costs one refused request, whose answer deletes it.
 */
export const searcherHintCookie = 'agency_searcher';
