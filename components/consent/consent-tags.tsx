'use client';

import { sendGTMEvent } from '@next/third-parties/google';
import Script from 'next/script';
import { useLayoutEffect, useState } from 'react';
import { gtag } from '@/lib/consent/data-layer';

// Once per page load, even if the island mounts again on a language switch.
let tagManagerStarted = false;
let gtagStarted = false;

/**
 * The tag manager and gtag.js that the visitor's consent allows (consent-manager.tsx loads this
 * only then). Their start commands run here, in the site's own script, rather than in
 * @next/third-parties' inline snippets: the Content-Security-Policy allows no inline script it has
 * no hash for. The script files load from the hosts the policy lists.
 */
export function ConsentTags({ tagManager, gtagId }: { tagManager: string | null; gtagId: string | null }) {
  // The scripts are drawn only once their start commands are queued: next/script asks for a
  // script as soon as it renders, and the queue must hold the commands before the script runs.
  const [started, setStarted] = useState(false);
  useLayoutEffect(() => {
    if (tagManager && !tagManagerStarted) {
      tagManagerStarted = true;
      sendGTMEvent({ 'gtm.start': new Date().getTime(), event: 'gtm.js' });
    }
    if (gtagId && !gtagStarted) {
      gtagStarted = true;
      gtag('js', new Date());
      gtag('config', gtagId);
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the scripts render only after their queue holds the start commands (above)
    setStarted(true);
  }, [tagManager, gtagId]);
  if (!started) return null;
  return (
    <>
      {tagManager ? <Script id="tag-manager" src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tagManager)}`} /> : null}
      {gtagId ? <Script id="gtag" src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gtagId)}`} /> : null}
    </>
  );
}
