import { SiteImage } from '@/components/ui/site-image';
import type { ReactNode } from 'react';
import { SiteLink } from '@/components/ui/site-link';
import type { Picture } from '@/lib/catalogue';
import { pictureSrc } from '@/lib/media/picture-src';
import card from '@/components/ui/card.module.css';
import styles from './property-card.module.css';

type CatalogueCardProps = {
  picture: Picture | undefined;
  alt: string;
  /** The first cards of a list are above the fold. */
  loading: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'auto';
  /** Shown in place of a missing picture; without it the picture's box stays empty. */
  noPhoto?: string;
  ribbon?: string;
  heading: 'h2' | 'h3';
  title: string;
  href: string;
  town: string;
  /** A control over the picture (a listing's heart), above the card's full-size link. */
  action?: ReactNode;
  children?: ReactNode;
};

/** A listing's or a project's card: picture (and ribbon), the title linking its page, its town, then what the kind adds. */
export function CatalogueCard({ picture, alt, loading, fetchPriority, noPhoto, ribbon, heading: Heading, title, href, town, action, children }: CatalogueCardProps) {
  return (
    <article className={card.card}>
      <div className={card.media}>
        {picture ? (
          <SiteImage
            src={pictureSrc(picture.url)}
            width={picture.width}
            height={picture.height}
            alt={alt}
            sizes="(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 300px"
            loading={loading}
            fetchPriority={fetchPriority}
          />
        ) : noPhoto ? (
          <p className={styles.noPhoto}>{noPhoto}</p>
        ) : null}
        {ribbon ? <span className={styles.ribbon}>{ribbon}</span> : null}
        {action}
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>
          <SiteLink href={href} className={card.link}>
            {title}
          </SiteLink>
        </Heading>
        <p className={styles.town}>{town}</p>
        {children}
      </div>
    </article>
  );
}
