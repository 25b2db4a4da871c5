'use client';

import { useSyncExternalStore } from 'react';
import { SiteLink } from '@/components/ui/site-link';
import type { Goal } from '@/lib/catalogue';
import { rememberedListQuery } from '@/lib/catalogue/list-return';

const unchanging = () => () => undefined;

/**
 * "Back to the list" on a detail page: the plain list without JavaScript, in the browser the list
 * with the filters, sort and page the visitor left it with (remembered by the list in this tab).
 */
export function BackToList({ goal, href, label }: { goal: Goal; href: string; label: string }) {
  const query = useSyncExternalStore(
    unchanging,
    () => rememberedListQuery(goal),
    () => '',
  );
  return <SiteLink href={`${href}${query}`}>{label}</SiteLink>;
}
