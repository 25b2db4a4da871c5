import { claimDueJobs, getRequest, getStore, markDelivered, markFailed, type OutboxKind, type OutboxRow, type Store } from '../db';
import { agencyMail, friendMail, visitorMail, webhookPayload, type Mail } from './compose';
import { mailFrom, mailTransport } from './transport';
import { postWebhook, webhookConfigured } from './webhook';

/*
 * The outbox: deliveries are rows written with their request, claimed with a lease, sent, then
 * marked delivered. A failure is retried with exponential backoff; nothing is ever dropped, so a
 * request the server accepted reaches the agency once SMTP (or the CRM) is back.
 */

const retryBaseMs = () => Number(process.env.OUTBOX_RETRY_BASE_MS) || 30_000;
const retryMaxMs = () => Number(process.env.OUTBOX_RETRY_MAX_MS) || 60 * 60 * 1000;
const pollMs = () => Number(process.env.OUTBOX_POLL_MS) || 5_000;
const leaseMs = 2 * 60 * 1000;

export function retryDelay(attempts: number): number {
  return Math.min(retryMaxMs(), retryBaseMs() * 2 ** Math.max(0, attempts));
}

/** The kinds of job whose channel is configured; the others wait in the outbox untouched. */
function readyKinds(): OutboxKind[] {
  const kinds: OutboxKind[] = [];
  if (mailTransport()) kinds.push('agency-mail', 'visitor-mail', 'friend-mail');
  if (webhookConfigured()) kinds.push('webhook');
  return kinds;
}

async function send(job: OutboxRow, store: Store): Promise<void> {
  const request = await getRequest(store, job.request_id);
  if (!request) throw new Error(`request ${job.request_id} is missing`);
  if (job.kind === 'webhook') return postWebhook(webhookPayload(request));
  const mail: Mail | undefined = job.kind === 'agency-mail' ? agencyMail(request) : job.kind === 'visitor-mail' ? visitorMail(request) : friendMail(request);
  if (!mail) return; // nothing to send (no address): the job is done
  const transport = mailTransport();
  if (!transport) throw new Error('SMTP_URL is not set');
  await transport.sendMail({ from: mailFrom(), ...mail, headers: { 'X-Request-Id': request.id, 'X-Outbox-Job': job.id } });
}

async function deliver(store: Store, jobs: readonly OutboxRow[]): Promise<number> {
  let delivered = 0;
  for (const job of jobs) {
    try {
      await send(job, store);
      await markDelivered(store, job.id);
      delivered += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await markFailed(store, job.id, message, new Date(Date.now() + retryDelay(job.attempts)));
      console.warn(`[outbox] ${job.kind} for request ${job.request_id} failed (attempt ${job.attempts + 1}): ${message}`);
    }
  }
  return delivered;
}

/** Delivers what is due now; returns how many deliveries succeeded. */
export async function deliverDueJobs(options: { requestId?: string; limit?: number } = {}): Promise<number> {
  const kinds = readyKinds();
  if (kinds.length === 0) return 0;
  const store = await getStore();
  let total = 0;
  for (;;) {
    const claimed = await claimDueJobs(store, { limit: options.limit ?? 20, leaseMs, requestId: options.requestId, kinds });
    if (claimed.length === 0) return total;
    total += await deliver(store, claimed);
    if (options.requestId) return total;
  }
}

/** Right after a request is stored: try its deliveries at once. */
export async function deliverRequest(requestId: string): Promise<void> {
  try {
    await deliverDueJobs({ requestId });
  } catch (error) {
    console.error('[outbox] immediate delivery failed; the worker will retry', error);
  }
}

const workerState = globalThis as typeof globalThis & { __outboxTimer?: NodeJS.Timeout };

/** Polls the outbox for the life of the server process. */
export function startOutboxWorker(): void {
  if (workerState.__outboxTimer) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await deliverDueJobs();
    } catch (error) {
      console.error('[outbox] delivery round failed', error);
    } finally {
      running = false;
    }
  };
  workerState.__outboxTimer = setInterval(tick, pollMs());
  workerState.__outboxTimer.unref();
  void tick();
}
