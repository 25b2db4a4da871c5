import { randomUUID } from 'node:crypto';
import type { NewAlertSubscription } from '../db';
import { alertFrequencies } from '../form-kinds/fields';
import { criteriaOfForm } from './criteria';
import { alertConfirmation } from './token';

/** One follow link a day per address and listing, however often the form is sent. */
const resendWindowMs = 24 * 60 * 60 * 1000;

const frequencyOf = (value: unknown) => alertFrequencies.find((frequency) => frequency === value) ?? 'immediately';

/**
 * The subscription a search-alert or follow form's stored values make, waiting for the address to
 * confirm (the guard of lib/db storeRequest writes it with the request).
 */
export function newAlertSubscription(kind: 'search' | 'follow', payload: Record<string, unknown>, now = new Date()): Omit<NewAlertSubscription, 'key'> {
  const id = randomUUID();
  const { tokenHash, expiresAt } = alertConfirmation(id, now);
  const since = new Date(now.getTime() - resendWindowMs).toISOString();
  if (kind === 'follow') return { id, kind, frequency: 'immediately', tokenHash, expiresAt, since };
  return { id, kind, criteria: JSON.stringify(criteriaOfForm(payload)), frequency: frequencyOf(payload.frequency), tokenHash, expiresAt, since };
}
