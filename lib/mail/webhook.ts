import { createHmac } from 'node:crypto';
import type { WebhookPayload } from './webhook-payload';

/*
 * The CRM hook: a JSON POST to WEBHOOK_URL (docs/requests-and-mail.md, "The CRM webhook", documents it for the
 * CRM side; docs/crm-webhook.schema.json is the body's schema). With WEBHOOK_SECRET the body is
 * signed with HMAC-SHA256 in the X-Signature header ("sha256=<hex>"), so the CRM can check its
 * origin. A job is retried by the outbox until the CRM answers 2xx.
 */
export function signWebhook(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export async function postWebhook(payload: WebhookPayload, jobId: string): Promise<void> {
  const url = process.env.WEBHOOK_URL;
  if (!url) throw new Error('WEBHOOK_URL is not set');
  const body = JSON.stringify(payload);
  const secret = process.env.WEBHOOK_SECRET;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-id': payload.id,
      // The same on every retry of this delivery.
      'x-outbox-job': jobId,
      // An HMAC under an empty key proves nothing, so without a secret there is no signature.
      ...(secret ? { 'x-signature': signWebhook(body, secret) } : {}),
    },
    body,
    // A redirect would turn the POST into a GET elsewhere: it counts as a failure, to be fixed in WEBHOOK_URL.
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  // The answer's body is not read: only its status says whether the CRM took the request.
  await response.body?.cancel();
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}
