import { getProperties, isOnOffer, type Property } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { townLine } from '@/lib/format';
import { href } from '@/lib/pages';
import { pictureSrc } from '@/lib/media/picture-src';
import { LazyBannerSlider } from './banner-lazy';
import { ListingSlide, type ListingSlideContent } from './banner-listing-slide';
import { preloadBannerPicture } from './banner-preload';
import type { BannerSliderLabels } from './banner-slider';
import { listingPicture } from './banner-sources';

/** A banner is a showcase, not the list: a handful of listings is all a visitor watches go by. */
const maxBannerListings = 8;

/** Active listings with a picture, newest first (sold and rented ones are not for a showcase). */
export function bannerProperties(language: Language): Property[] {
  return getProperties(language)
    .filter((property) => isOnOffer(property) && property.XLargePictureItem !== null)
    .sort((a, b) => b.CreatedDate.localeCompare(a.CreatedDate))
    .slice(0, maxBannerListings);
}

/** The properties banner: a slider of listings (picture, type, town, price), each linking its page. */
export function BannerProperties({ properties, language, price, labels }: { properties: Property[]; language: Language; price: (property: Property) => string; labels: BannerSliderLabels }) {
  const slides: ListingSlideContent[] = properties.map((property) => ({
    href: href({ page: 'property', id: property.ID }, language),
    picture: property.XLargePictureItem ? listingPicture(property.XLargePictureItem, pictureSrc(property.XLargePictureItem.Url)) : undefined,
    title: property.TypeDescription,
    town: townLine(property),
    detail: price(property),
  }));
  return <ListingSlides slides={slides} labels={labels} />;
}

/** Listing or project slides: the first is the LCP element; one alone is shown without a slider. */
export function ListingSlides({ slides, labels }: { slides: ListingSlideContent[]; labels: BannerSliderLabels }) {
  const [first] = slides;
  if (first?.picture) preloadBannerPicture(first.picture);
  if (slides.length === 1 && first) return <ListingSlide slide={first} eager />;
  return <LazyBannerSlider slides={slides.map((slide, index) => <ListingSlide key={slide.href} slide={slide} eager={index === 0} />)} labels={labels} />;
}
