import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverSoon, offerImmediateDelivery } from '@/lib/outbox/deliver-soon';

/*
 * The features ask for a queued job's delivery through lib/outbox/deliver-soon; the worker answers
 * once it runs in the process (tests/e2e/immediate-delivery.spec.ts shows it on a real server).
 */
describe('deliverSoon', () => {
  afterEach(() => offerImmediateDelivery(undefined));

  it('hands a job or a request to the worker that offered itself', async () => {
    const delivery = { job: vi.fn(async () => undefined), request: vi.fn(async () => undefined) };
    offerImmediateDelivery(delivery);
    await deliverSoon({ jobId: 'job-1' });
    await deliverSoon({ requestId: 'request-1' });
    expect(delivery.job.mock.calls).toEqual([['job-1']]);
    expect(delivery.request.mock.calls).toEqual([['request-1']]);
  });

  it('leaves the job in the outbox when no worker runs in the process', async () => {
    const delivery = { job: vi.fn(async () => undefined), request: vi.fn(async () => undefined) };
    offerImmediateDelivery(delivery);
    offerImmediateDelivery(undefined);
    await expect(deliverSoon({ jobId: 'job-1' })).resolves.toBeUndefined();
    expect(delivery.job).not.toHaveBeenCalled();
  });

  it('is one offer for every copy of the module in the process, as the bundles of a Next.js server hold', async () => {
    const delivery = { job: vi.fn(async () => undefined), request: vi.fn(async () => undefined) };
    offerImmediateDelivery(delivery);
    vi.resetModules();
    const other = await import('@/lib/outbox/deliver-soon');
    await other.deliverSoon({ requestId: 'request-2' });
    expect(delivery.request.mock.calls).toEqual([['request-2']]);
  });
});
