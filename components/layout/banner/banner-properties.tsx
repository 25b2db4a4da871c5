import { getProperties, type Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { href } from '@/lib/i18n';
import { pictureSrc } from '@/lib/media/picture-src';
import { priceText, priceTranslator } from '@/components/catalogue/property-price';
import { ListingSlide, type ListingSlideContent } from './banner-listing-slide';
import { preloadBannerPicture } from './banner-preload';
import { BannerSlider, type BannerSliderLabels } from './banner-slider';
import { listingPicture } from './banner-sources';

/** A banner is a showcase, not the list: a handful of listings is all a visitor watches go by. */
export const maxBannerListings = 8;

/** Active listings with a picture, newest first (sold and rented ones have their own pages, not a showcase). */
export function bannerProperties(language: Language): Property[] {
  return getProperties(language)
    .filter((property) => property.Status === 1 && property.XLargePictureItem !== null)
    .sort((a, b) => b.CreatedDate.localeCompare(a.CreatedDate))
    .slice(0, maxBannerListings);
}

/** The properties banner: a slider of listings, each linking its page. */
export async function BannerProperties({ properties, language, labels }: { properties: Property[]; language: Language; labels: BannerSliderLabels }) {
  const price = await priceTranslator(language);
  const slides: ListingSlideContent[] = properties.map((property) => ({
    href: href({ page: 'property', id: property.ID }, language),
    picture: property.XLargePictureItem ? listingPicture(property.XLargePictureItem, pictureSrc(property.XLargePictureItem.Url)) : undefined,
    title: property.TypeDescription,
    town: `${property.Zip} ${property.City}`,
    detail: priceText(property, price),
  }));
  const first = slides[0]?.picture;
  if (first) preloadBannerPicture(first);
  // One listing does not make a slider: no controls, no autoplay.
  if (slides.length === 1 && slides[0]) return <ListingSlide slide={slides[0]} eager />;
  return <BannerSlider slides={slides.map((slide, index) => <ListingSlide key={slide.href} slide={slide} eager={index === 0} />)} labels={labels} />;
}
