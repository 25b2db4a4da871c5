import { leadSinkFromEnv } from '../catalogue/crm/omnicasa-leads';
import type { OutboxKind } from '../db';

/*
 * Where a visitor's request goes besides the agency's e-mail, read from the server's environment:
 * what a feature queues when it stores or confirms a request. lib/mail delivers each kind.
 */

/** The CRM hook (lib/mail/webhook): a JSON POST to WEBHOOK_URL. */
export function webhookConfigured(): boolean {
  return Boolean(process.env.WEBHOOK_URL);
}

/** Whether the site's requests go to a CRM. */
export function crmLeadsConfigured(): boolean {
  return leadSinkFromEnv() !== undefined;
}

/** The deliveries of a request besides the agency's e-mail: the webhook and the CRM, when configured. */
export function requestChannels(): OutboxKind[] {
  const kinds: OutboxKind[] = [];
  if (webhookConfigured()) kinds.push('webhook');
  if (crmLeadsConfigured()) kinds.push('crm-lead');
  return kinds;
}
