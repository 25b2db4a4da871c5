/*
 * "Try this job now": a feature that has just queued a job asks for its delivery at once rather
 * than at the worker's next poll. The worker (lib/mail/outbox-worker) stands above the features
 * whose jobs it delivers, so they cannot call it: it offers itself here when it starts. The offer
 * is process-global because Next.js bundles the instrumentation hook, which starts the worker,
 * apart from the routes, which ask: one process holds two copies of this module.
 */

/** What the worker offers: each call tries the due jobs it names, and never throws. */
export type ImmediateDelivery = {
  job: (jobId: string) => Promise<void>;
  request: (requestId: string) => Promise<void>;
};

const offer = globalThis as typeof globalThis & { __outboxImmediateDelivery?: ImmediateDelivery };

export function offerImmediateDelivery(delivery: ImmediateDelivery | undefined): void {
  offer.__outboxImmediateDelivery = delivery;
}

/**
 * Tries a queued job (or every job of a request) at once. Without a worker in this process (a
 * script, a unit test that starts none) the job waits in the outbox for a server's worker.
 */
export function deliverSoon(target: { jobId: string } | { requestId: string }): Promise<void> {
  const delivery = offer.__outboxImmediateDelivery;
  if (delivery === undefined) return Promise.resolve();
  return 'jobId' in target ? delivery.job(target.jobId) : delivery.request(target.requestId);
}
