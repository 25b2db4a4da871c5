'use client';

import { openSettingsEvent } from '@/lib/consent';

/**
 * Reopens the consent settings (spec §4, DPA 113/2024: withdrawing as easy as giving); a window
 * event keeps this island apart from the dialog's code. A link, so that without JavaScript it
 * leads to the cookie policy's section on the choice (`href`), which says what holds then.
 */
export function CookieSettingsLink({ label, href }: { label: string; href: string }) {
  return (
    <a
      href={href}
      aria-haspopup="dialog"
      onClick={(event) => {
        event.preventDefault();
        window.dispatchEvent(new Event(openSettingsEvent));
      }}
    >
      {label}
    </a>
  );
}
