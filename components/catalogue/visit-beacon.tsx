'use client';

import { useEffect } from 'react';

/** Tells the site that this listing was viewed, for its owner's statistics. No cookie, no id. */
export function VisitBeacon({ propertyId }: { propertyId: number }) {
  useEffect(() => {
    const body = JSON.stringify({ id: propertyId });
    if (!navigator.sendBeacon?.('/api/visits/', body)) {
      void fetch('/api/visits/', { method: 'POST', body, keepalive: true }).catch(() => undefined);
    }
  }, [propertyId]);
  return null;
}
