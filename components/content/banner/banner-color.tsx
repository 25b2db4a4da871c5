import type { CSSProperties, ReactNode } from 'react';
import { textColourOn } from './banner-sources';
import styles from './banner.module.css';

/** The colour banner: a band in the configured colour (the theme's primary when none is set), text in white or black, whichever contrasts more. */
export function BannerColor({ colour, fallback, className, children }: { colour: string; fallback: string; className?: string; children?: ReactNode }) {
  const background = colour || fallback;
  const style = { '--banner-band': background, '--banner-band-text': textColourOn(background) } as CSSProperties;
  return (
    <div className={className ? `${styles.band} ${className}` : styles.band} style={style}>
      {children}
    </div>
  );
}
