'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { BannerVideoSource } from './banner-sources';
import { PlayPauseIcon } from './banner-icons';
import { prefersReducedMotion, useReducedMotion } from './use-reduced-motion';
import styles from './banner.module.css';

type Choice = 'auto' | 'paused' | 'playing';

/**
 * A muted, looping background video over its poster picture. preload="none" keeps the file from
 * loading until it plays, so a visitor who prefers reduced motion downloads nothing unless they
 * press play. The video only becomes visible once it plays: until then the poster (a responsive,
 * preloaded picture rather than the poster attribute, which has no srcset) is what shows.
 */
export function BannerVideo({ video, labels, poster }: { video: BannerVideoSource; labels: { play: string; pause: string }; poster?: ReactNode }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [choice, setChoice] = useState<Choice>('auto');
  const [playing, setPlaying] = useState(false);
  // A missing or unsupported file leaves play() pending for ever rather than rejecting it.
  const [failed, setFailed] = useState(false);
  const reduced = useReducedMotion();
  const wantsPlay = choice === 'playing' || (choice === 'auto' && !reduced);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (wantsPlay && (choice === 'playing' || !prefersReducedMotion())) {
      // A browser that refuses autoplay rejects (or, an old one, throws); the play button is then the way in.
      Promise.resolve()
        .then(() => element.play())
        .catch(() => setChoice('paused'));
    } else element.pause();
  }, [wantsPlay, choice]);

  return (
    <div className={styles.slider}>
      {poster}
      <video
        ref={ref}
        className={styles.video}
        data-playing={playing ? 'true' : 'false'}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        onPlaying={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src={video.url} type={video.mimetype} onError={() => setFailed(true)} />
      </video>
      {failed ? null : (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            aria-label={wantsPlay ? labels.pause : labels.play}
            data-state={wantsPlay ? 'playing' : 'paused'}
            onClick={() => setChoice(wantsPlay ? 'paused' : 'playing')}
          >
            <PlayPauseIcon playing={wantsPlay} />
          </button>
        </div>
      )}
    </div>
  );
}
