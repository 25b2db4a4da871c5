import { getTranslations } from 'next-intl/server';
import type { Picture } from '@/lib/catalogue';
import type { Language } from '@/lib/config';
import { pictureSrc } from '@/lib/media/picture-src';
import type { GalleryPicture } from './property-gallery';

/** The gallery's pictures (alt "title – Photo n of m"), for a listing or a project. */
export async function galleryProps(items: readonly Picture[], title: string, language: Language): Promise<{ pictures: GalleryPicture[] }> {
  const t = await getTranslations({ locale: language, namespace: 'property' });
  return {
    pictures: items.map((picture, index) => ({
      id: picture.id,
      src: pictureSrc(picture.url),
      width: picture.width,
      height: picture.height,
      alt: `${title} – ${t('photoNumber', { index: index + 1, total: items.length })}`,
    })),
  };
}
