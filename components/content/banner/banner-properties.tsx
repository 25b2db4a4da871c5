import { getProperties, type ListingSummary, type Picture, type Town } from '@/lib/catalogue';
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
export function bannerProperties(language: Language): ListingSummary[] {
  return getProperties(language, { availability: 'on-offer' })
    .filter((listing) => listing.picture !== undefined)
    .sort((a, b) => b.created.localeCompare(a.created))
    .slice(0, maxBannerListings);
}

/** A listing's or a project's slide: its main picture, its title and town, and what its kind adds below. */
export function catalogueSlide(item: { picture: Picture | undefined; town: Town }, link: string, title: string, detail: string): ListingSlideContent {
  return { href: link, picture: item.picture ? listingPicture(item.picture, pictureSrc(item.picture.url)) : undefined, title, town: townLine(item.town), detail };
}

/** The properties banner: a slider of listings (picture, type, town, price), each linking its page. */
export function BannerProperties({
  properties,
  language,
  price,
  labels,
}: {
  properties: ListingSummary[];
  language: Language;
  price: (listing: ListingSummary) => string;
  labels: BannerSliderLabels;
}) {
  const slides = properties.map((listing) => catalogueSlide(listing, href({ page: 'property', id: listing.id }, language), listing.type.name, price(listing)));
  return <ListingSlides slides={slides} labels={labels} />;
}

/** Listing or project slides: the first is the LCP element; one alone is shown without a slider. */
export function ListingSlides({ slides, labels }: { slides: ListingSlideContent[]; labels: BannerSliderLabels }) {
  const [first] = slides;
  if (first?.picture) preloadBannerPicture(first.picture);
  if (slides.length === 1 && first) return <ListingSlide slide={first} eager />;
  return (
    <LazyBannerSlider
      slides={slides.map((slide, index) => (
        <ListingSlide key={slide.href} slide={slide} eager={index === 0} />
      ))}
      labels={labels}
    />
  );
}
