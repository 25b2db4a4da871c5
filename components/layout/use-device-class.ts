'use client';

import { useSyncExternalStore } from 'react';
import { deviceQueries, type DeviceClass } from '@/lib/device';

function subscribe(onChange: () => void): () => void {
  const lists = Object.values(deviceQueries).map((query) => window.matchMedia(query));
  lists.forEach((list) => list.addEventListener('change', onChange));
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

function current(): DeviceClass {
  return (Object.entries(deviceQueries).find(([, query]) => window.matchMedia(query).matches)?.[0] as DeviceClass | undefined) ?? 'desktop';
}

/**
 * The device class (design.md §9) for components that must behave differently, not just look
 * different (layout differences stay in CSS, so nothing flashes). `null` on the server and during
 * hydration: callers render the markup that suits every class until then.
 */
export function useDeviceClass(): DeviceClass | null {
  return useSyncExternalStore(subscribe, current, () => null);
}
