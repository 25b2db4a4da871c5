import { z } from 'zod';
import type { ListingSummary } from '../catalogue';
import { href } from '../pages';

/*
 * What an alert mail shows of a listing, kept with the catalogue state and each event, so that a
 * mail can still show a listing that has left the catalogue since.
 */

const shownPrice = z.union([z.object({ kind: z.literal('on-demand') }), z.object({ kind: z.enum(['starting-from', 'per-month', 'amount']), amount: z.number() })]);

export const listingCard = z.object({
  id: z.number(),
  title: z.string(),
  typeName: z.string(),
  town: z.string(),
  zip: z.string(),
  price: shownPrice,
  /** The picture's source (lib/media/picture-src makes the address), with its size. */
  picture: z.object({ url: z.string(), width: z.number(), height: z.number() }).optional(),
  /** The detail page in the card's language (a path: the mail adds the site's origin). */
  path: z.string(),
});
export type ListingCard = z.infer<typeof listingCard>;

export function cardOf(listing: ListingSummary): ListingCard {
  const { picture } = listing;
  return {
    id: listing.id,
    title: listing.title,
    typeName: listing.type.name,
    town: listing.town.name,
    zip: listing.town.zip,
    price: listing.price,
    picture: picture ? { url: picture.url, width: picture.width, height: picture.height } : undefined,
    path: href({ page: 'property', id: listing.id }, listing.language),
  };
}
