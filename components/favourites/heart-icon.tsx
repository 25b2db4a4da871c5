import styles from './heart-icon.module.css';

/** The heart of the favourites: an outline, filled when the listing is kept (drawn by heart-icon.module.css). */
export function HeartIcon({ filled, small = false }: { filled: boolean; small?: boolean }) {
  return <span aria-hidden="true" className={[styles.heart, filled ? styles.filled : '', small ? styles.small : ''].filter(Boolean).join(' ')} />;
}
