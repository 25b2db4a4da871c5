import type { ListingSummary } from '../catalogue';
import { activeSubscriptions, type Store } from '../db';
import { matchesCriteria, parseCriteria } from './criteria';

/**
 * How many active search alerts a listing answers, for its owner's portal: a count, never who
 * (as Omnicasa's owner portal shows the matching demands).
 */
export async function countMatchingSearches(store: Store, listing: ListingSummary): Promise<number> {
  const subscriptions = await activeSubscriptions(store);
  return subscriptions.filter((subscription) => {
    if (subscription.kind !== 'search') return false;
    const criteria = parseCriteria(subscription.criteria);
    return criteria !== undefined && matchesCriteria(listing, criteria);
  }).length;
}
