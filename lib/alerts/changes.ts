import type { ListingSummary, ListingState } from '../catalogue/listing-view';
import { cardOf, type ListingCard } from './card';

/*
 * What changed between the catalogue the alerts last saw (kept in the database) and the deployed
 * snapshot: pure, so that the tests give it two snapshots and read the answer.
 */

/** What the alerts keep of a listing between runs. */
export type SeenListing = { id: number; goal: string; state: string; price: number | null; cards: Record<string, ListingCard> };

/** A listing of the deployed snapshot in every language it is published in. */
export type DeployedListing = SeenListing & { listings: ListingSummary[]; lastChanged: string };

export type CatalogueChange =
  | { kind: 'new'; listing: DeployedListing }
  | { kind: 'price'; listing: DeployedListing; from: number | null; to: number | null }
  | { kind: 'status'; listing: DeployedListing; from: string; to: ListingState }
  | { kind: 'removed'; listing: SeenListing };

const amountOf = (listing: ListingSummary): number | null => (listing.price.kind === 'on-demand' ? null : listing.price.amount);

/** The snapshot's listings by id, each with its cards in every language. */
export function deployedListings(listings: readonly ListingSummary[]): Map<number, DeployedListing> {
  const byId = new Map<number, DeployedListing>();
  for (const listing of listings) {
    const known = byId.get(listing.id);
    if (known) {
      known.listings.push(listing);
      known.cards[listing.language] = cardOf(listing);
      continue;
    }
    byId.set(listing.id, {
      id: listing.id,
      goal: listing.goal,
      state: listing.state,
      price: amountOf(listing),
      cards: { [listing.language]: cardOf(listing) },
      listings: [listing],
      lastChanged: listing.lastChanged,
    });
  }
  return byId;
}

/** Every change from `seen` to `deployed`; a price and a status change of one listing are two changes. */
export function catalogueChanges(seen: ReadonlyMap<number, SeenListing>, deployed: ReadonlyMap<number, DeployedListing>): CatalogueChange[] {
  const changes: CatalogueChange[] = [];
  for (const listing of deployed.values()) {
    const before = seen.get(listing.id);
    if (!before) {
      changes.push({ kind: 'new', listing });
      continue;
    }
    const state = listing.listings[0]?.state ?? 'on-offer';
    if (before.state !== state) changes.push({ kind: 'status', listing, from: before.state, to: state });
    if (before.price !== listing.price) changes.push({ kind: 'price', listing, from: before.price, to: listing.price });
  }
  for (const listing of seen.values()) if (!deployed.has(listing.id)) changes.push({ kind: 'removed', listing });
  return changes;
}
