'use client';

import Image from 'next/image';
import { useState } from 'react';
import { A11y, Keyboard, Navigation, Thumbs } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/thumbs';
import styles from './property-gallery.module.css';

export type GalleryPicture = { id: number; src: string; width: number; height: number; alt: string };
export type GalleryLabels = { photos: string; previous: string; next: string; thumbnails: string; showPhoto: string; photoNumber: string };

/** The listing's pictures: swipe, arrows or keyboard on the large view; thumbnails 400 px wide below. */
export function PropertyGallery({ pictures, labels }: { pictures: GalleryPicture[]; labels: GalleryLabels }) {
  const [thumbs, setThumbs] = useState<SwiperInstance | null>(null);
  const numbered = (template: string, index: number) => template.replace('{index}', String(index + 1)).replace('{total}', String(pictures.length));
  return (
    <section className={styles.gallery} aria-label={labels.photos}>
      <Swiper
        modules={[A11y, Keyboard, Navigation, Thumbs]}
        navigation
        keyboard={{ enabled: true }}
        a11y={{ prevSlideMessage: labels.previous, nextSlideMessage: labels.next, slideLabelMessage: labels.photoNumber.replace('{index}', '{{index}}').replace('{total}', '{{slidesLength}}') }}
        thumbs={{ swiper: thumbs && !thumbs.destroyed ? thumbs : null }}
        className={styles.main}
      >
        {pictures.map((picture, index) => (
          <SwiperSlide key={picture.id}>
            <Image
              src={picture.src}
              width={picture.width}
              height={picture.height}
              alt={picture.alt}
              sizes="(max-width: 1200px) 100vw, 1168px"
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
          </SwiperSlide>
        ))}
      </Swiper>
      {pictures.length > 1 ? (
        <Swiper modules={[A11y, Thumbs]} onSwiper={setThumbs} slidesPerView="auto" spaceBetween={8} watchSlidesProgress className={styles.thumbs} aria-label={labels.thumbnails}>
          {pictures.map((picture, index) => (
            <SwiperSlide key={picture.id} className={styles.thumb}>
              <Image src={picture.src} width={400} height={Math.round((400 * picture.height) / picture.width)} alt={numbered(labels.showPhoto, index)} sizes="160px" loading="lazy" />
            </SwiperSlide>
          ))}
        </Swiper>
      ) : null}
    </section>
  );
}
