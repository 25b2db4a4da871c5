'use client';

import { useEffect } from 'react';
import { serverUrl } from '@/lib/config/deployment';

/** Tells the site that this listing was viewed, for its owner's statistics. No cookie, no id. */
export function VisitBeacon({ propertyId }: { propertyId: number }) {
  useEffect(() => {
    const url = serverUrl('/api/visits/');
    // An exported copy without a server has nowhere to count the visit.
    if (url === undefined) return;
    const body = JSON.stringify({ id: propertyId });
    if (!navigator.sendBeacon?.(url, body)) {
      void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
    }
  }, [propertyId]);
  return null;
}
