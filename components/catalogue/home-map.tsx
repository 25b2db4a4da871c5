'use client';

import { useEffect, useRef, useState } from 'react';
import type { MapMessage } from '@/lib/map';

/** Spec §7: the embed receives its message 50 ms after it has loaded. */
const messageDelay = 50;

/**
 * The home map: our own static embed (public/embed/map.html) in a frame, fed with the message of
 * spec §7. The frame's box is fixed by CSS before it loads, so the page never shifts.
 */
export function HomeMap({ message, title }: { message: MapMessage; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  // Counts loads: a reloaded frame has lost its content and needs the message again.
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    // The frame may have finished loading before hydration attached onLoad; same origin, so ask it.
    const document = frame.current?.contentDocument;
    if (document && document.readyState === 'complete' && document.URL !== 'about:blank') setLoads((count) => Math.max(count, 1));
  }, []);

  useEffect(() => {
    if (loads === 0) return;
    const timer = window.setTimeout(() => frame.current?.contentWindow?.postMessage(message, window.location.origin), messageDelay);
    return () => window.clearTimeout(timer);
  }, [loads, message]);

  return (
    <iframe
      ref={frame}
      src="/embed/map.html"
      title={title}
      loading="lazy"
      onLoad={() => setLoads((count) => count + 1)}
      style={{ display: 'block', width: '100%', aspectRatio: '16 / 10', minHeight: '20rem', border: 0 }}
    />
  );
}
