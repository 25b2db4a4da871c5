import type { AlertEventRow } from '../db';
import type { ListingCard } from './card';
import type { CatalogueChange, DeployedListing } from './changes';
import { matchesCriteria, type SearchCriteria } from './criteria';

/*
 * Who is told what: each confirmed search the listings on offer that newly answer it (new, back
 * on the market, or a price that now fits), each follower the changes of the listing they follow
 * (an option taken or given up among them). Pure:
 * the database side (lib/db/alerts) writes the events, once per key.
 */

export type ActiveSubscription = { id: string; kind: 'search'; language: string; criteria: SearchCriteria } | { id: string; kind: 'follow'; language: string; propertyId: number };

type EventDetail = { from?: number | string | null; to?: number | string | null; card: ListingCard };

export type PlannedEvent = {
  /** Unique per subscription, listing and change: see AlertEventRow. */
  key: string;
  subscriptionId: string;
  propertyId: number;
  event: AlertEventRow['event'];
  detail: EventDetail;
};

/** A card in the subscriber's language, else in any language the listing has one. */
function cardIn(cards: Record<string, ListingCard>, language: string): ListingCard | undefined {
  return cards[language] ?? Object.values(cards)[0];
}

function listingIn(listing: DeployedListing, language: string) {
  return listing.listings.find((candidate) => candidate.language === language) ?? listing.listings[0];
}

/**
 * Whether a change can make a listing answer a search it did not answer before. A listing under
 * option is not news to a search: its buyer is likely found, so a searcher would be told of a
 * house they cannot have. It is announced when it is back on offer (if never before).
 */
function opensToSearches(change: CatalogueChange): change is Extract<CatalogueChange, { kind: 'new' | 'price' | 'status' }> {
  if (change.kind === 'removed' || change.listing.state !== 'on-offer') return false;
  return change.kind === 'new' || change.kind === 'price' || change.to === 'on-offer';
}

export function planEvents(changes: readonly CatalogueChange[], subscriptions: readonly ActiveSubscription[]): PlannedEvent[] {
  const events = new Map<string, PlannedEvent>();
  const add = (event: PlannedEvent | undefined) => {
    if (event && !events.has(event.key)) events.set(event.key, event);
  };
  for (const change of changes) {
    for (const subscription of subscriptions) {
      if (subscription.kind === 'search') {
        if (!opensToSearches(change)) continue;
        const listing = listingIn(change.listing, subscription.language);
        const card = cardIn(change.listing.cards, subscription.language);
        if (!listing || !card || !matchesCriteria(listing, subscription.criteria)) continue;
        // No change in the key: a listing is announced to a search once, whatever happens to it later.
        add({ key: `search:${subscription.id}:${listing.id}`, subscriptionId: subscription.id, propertyId: listing.id, event: 'new', detail: { card } });
        continue;
      }
      if (subscription.propertyId !== change.listing.id || change.kind === 'new') continue;
      const card = cardIn(change.listing.cards, subscription.language);
      if (!card) continue;
      const base = `follow:${subscription.id}:${change.listing.id}`;
      if (change.kind === 'removed') {
        add({ key: `${base}:removed`, subscriptionId: subscription.id, propertyId: change.listing.id, event: 'removed', detail: { card } });
        continue;
      }
      // The CRM's last change date tells two changes to the same value apart (a price back and forth).
      const key = `${base}:${change.kind}:${change.listing.lastChanged}:${change.to ?? 'on-demand'}`;
      add({ key, subscriptionId: subscription.id, propertyId: change.listing.id, event: change.kind, detail: { from: change.from, to: change.to, card } });
    }
  }
  return [...events.values()];
}
