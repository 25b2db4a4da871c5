'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { BannerVideoSource } from './banner-sources';
import { mayStart, PlayPauseButton, usePlayChoice } from './banner-play-pause';
import styles from './banner.module.css';

/**
 * A muted, looping background video over its poster picture. preload="none" keeps the file from
 * loading until it plays, so a visitor who prefers reduced motion downloads nothing unless they
 * press play. The video only becomes visible once it plays: until then the poster (a responsive,
 * preloaded picture rather than the poster attribute, which has no srcset) is what shows.
 */
export function BannerVideo({ video, labels, poster }: { video: BannerVideoSource; labels: { play: string; pause: string }; poster?: ReactNode }) {
  const ref = useRef<HTMLVideoElement>(null);
  const { wantsPlay, pressedPlay, pause, toggle } = usePlayChoice();
  const [playing, setPlaying] = useState(false);
  // A missing or unsupported file leaves play() pending for ever rather than rejecting it.
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (wantsPlay && mayStart(pressedPlay)) {
      // A browser that refuses autoplay rejects (or, an old one, throws); the play button is then the way in.
      Promise.resolve()
        .then(() => element.play())
        .catch(pause);
    } else element.pause();
  }, [wantsPlay, pressedPlay, pause]);

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
          <PlayPauseButton playing={wantsPlay} labels={labels} onToggle={toggle} />
        </div>
      )}
    </div>
  );
}
