import type { BrowserContext, Page } from '@playwright/test';
import { consentStorageKey, createConsent, essentialOnly, serializeConsent } from '@/lib/consent';

/**
 * A stored consent choice (essential only), so that the consent dialog, which makes the page
 * inert until the visitor chooses, stays closed in tests about something else. The dialog's own
 * tests are in consent.spec.ts.
 */
export async function storeConsent(target: Page | BrowserContext): Promise<void> {
  const value = serializeConsent(createConsent(essentialOnly, new Date('2026-11-01T00:00:00Z')));
  await target.addInitScript(([key, stored]) => window.localStorage.setItem(key!, stored!), [consentStorageKey, value]);
}
