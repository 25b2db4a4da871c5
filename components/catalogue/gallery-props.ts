import { getImageProps } from 'next/image';
import { getTranslations } from 'next-intl/server';
import type { Picture } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { islandTexts } from '@/lib/i18n/island-texts';
import { pictureSrc } from '@/lib/media/picture-src';
import type { GalleryImage, GalleryLabels, GalleryPicture } from './property-gallery';

/** next/image's attributes for one size of a picture, worked out here so that the island ships none of its code. */
function imageAttributes(src: string, width: number, height: number, sizes: string): GalleryImage {
  const { props } = getImageProps({ src, width, height, sizes, alt: '' });
  return { src: props.src, srcSet: props.srcSet, sizes: props.sizes, width, height };
}

/**
 * The gallery's pictures (alt "title – Photo n of m") and texts, formatted on the server for a
 * listing or a project: the island then needs no message formatter of its own.
 */
export async function galleryProps(items: readonly Picture[], title: string, language: Language): Promise<{ pictures: GalleryPicture[]; labels: GalleryLabels }> {
  const t = await getTranslations({ locale: language, namespace: 'property' });
  const { previousPhoto: previous, nextPhoto: next, ...photos } = islandTexts(language, 'property', ['photos', 'thumbnails', 'previousPhoto', 'nextPhoto']);
  const { carousel, stage, ...gallery } = islandTexts(language, 'gallery', ['fullScreen', 'closeFullScreen', 'carousel', 'stage']);
  return {
    pictures: items.map((picture, index) => {
      const src = pictureSrc(picture.url);
      const number = t('photoNumber', { index: index + 1, total: items.length });
      return {
        id: picture.id,
        alt: `${title} – ${number}`,
        number,
        showLabel: t('showPhoto', { index: index + 1 }),
        stage: imageAttributes(src, picture.width, picture.height, '(max-width: 1200px) 100vw, 1168px'),
        thumb: imageAttributes(src, 400, Math.round((400 * picture.height) / picture.width), '160px'),
        full: imageAttributes(src, picture.width, picture.height, '100vw'),
      };
    }),
    labels: { ...photos, previous, next, ...gallery, stage: { role: 'region', 'aria-roledescription': carousel, 'aria-label': stage } },
  };
}
