import { describe, expect, it } from 'vitest';
import { getProperties, type Property } from '@/lib/catalogue';
import { getSite } from '@/lib/config';
import { siteSchema } from '@/lib/config/schemas';
import { formatEuro } from '@/lib/format';
import { href } from '@/lib/i18n/urls';
import { buildMapMessage } from '@/lib/map';

const texts = { title: 'Kaart van ons aanbod', listLabel: 'Alle panden op de kaart', noTilesNotice: 'De kaartachtergrond is niet beschikbaar.' };
const priceText = (property: Property) => `prijs ${property.Price === null ? 'op aanvraag' : formatEuro(property.Price)}`;

describe('buildMapMessage', () => {
  const message = buildMapMessage('nl', texts, priceText);
  const listings = getProperties('nl');

  it('shows only active listings that have coordinates', () => {
    expect(message.properties.length).toBeGreaterThan(0);
    for (const marker of message.properties) {
      const listing = listings.find((property) => property.ID === marker.id);
      expect(listing?.Status).toBe(1);
      expect(marker.lat).toBe(listing?.GoogleX);
      expect(marker.lng).toBe(listing?.GoogleY);
    }
  });

  it('puts every other listing of the language in ignoreList, and no listing twice', () => {
    const leftOut = listings.filter((property) => property.Status !== 1 || property.GoogleX == null || property.GoogleY == null).map((property) => property.ID);
    expect(leftOut.length).toBeGreaterThan(0);
    expect(message.ignoreList).toEqual(leftOut);
    expect(message.properties.length + message.ignoreList.length).toBe(listings.length);
    const shown = new Set(message.properties.map((marker) => marker.id));
    expect(message.ignoreList.some((id) => shown.has(id))).toBe(false);
    // The catalogue has both kinds: an active listing without coordinates and a sold one with them.
    expect(listings.some((property) => property.Status === 1 && message.ignoreList.includes(property.ID))).toBe(true);
    expect(listings.some((property) => property.Status !== 1 && property.GoogleX != null && message.ignoreList.includes(property.ID))).toBe(true);
  });

  it('links each marker to its listing with href, in the language of the message', () => {
    for (const marker of message.properties) {
      expect(marker.url).toBe(href({ page: 'property', id: marker.id }, 'nl'));
      expect(marker.url).toMatch(/^\/nl\/(te-koop|te-huur)\/[a-z0-9-]+\/[a-z0-9-]+\/\d+\/$/);
    }
    const french = buildMapMessage('fr', texts, priceText);
    expect(french.properties.every((marker) => /^\/fr\/(a-vendre|a-louer)\//.test(marker.url))).toBe(true);
  });

  it('takes titles and towns from the listing and prices from the caller', () => {
    const first = message.properties[0]!;
    const listing = listings.find((property) => property.ID === first.id)!;
    expect(first.title).toBe(listing.TypeDescription);
    expect(first.town).toBe(listing.City);
    expect(first.price).toBe(priceText(listing));
  });

  it('carries the texts, the language and the map configuration', () => {
    const { map } = getSite();
    expect(message.type).toBe('agency-map');
    expect(message.messageInfo).toEqual({ language: 'nl', ...texts });
    expect(message.mapType).toBe(map.mapType);
    expect(message.tileUrl).toBe(map.tileUrl);
    expect(message.attribution).toBe(map.attribution);
    expect(message.customMarker).toEqual({ colour: map.markerColour });
  });

  it('can be posted: the message survives a structured clone unchanged', () => {
    expect(structuredClone(message)).toEqual(message);
  });
});

describe('site map configuration', () => {
  it('is optional: without it the map has no tiles, so no request leaves the site', () => {
    const { map: _map, ...withoutMap } = getSite();
    expect(siteSchema.parse(withoutMap).map).toEqual({ tileUrl: '', attribution: '', mapType: 'plain', markerColour: '#b44a33' });
  });
});
