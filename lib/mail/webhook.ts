import { createHmac } from 'node:crypto';

/*
 * The optional CRM hook: a JSON POST to WEBHOOK_URL, signed with HMAC-SHA256 of the body under
 * WEBHOOK_SECRET in the X-Signature header ("sha256=<hex>"), so the CRM can check its origin.
 */
export function webhookConfigured(): boolean {
  return Boolean(process.env.WEBHOOK_URL);
}

export function signWebhook(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export async function postWebhook(payload: unknown): Promise<void> {
  const url = process.env.WEBHOOK_URL;
  if (!url) throw new Error('WEBHOOK_URL is not set');
  const body = JSON.stringify(payload);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signWebhook(body, process.env.WEBHOOK_SECRET ?? '') },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}
