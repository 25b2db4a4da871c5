import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmAlertRequest, requestAlertAccount, unsubscribeAlertRequest } from '@/lib/alerts/link-routes';
import { refusalPost } from '@/lib/mail/refusal-route';
import { confirmRequestPost } from '@/lib/forms/request-confirm-route';
import { getDefaultLanguage } from '@/lib/config';
import { translatorFor } from '@/lib/i18n/messages';

/*
 * Issue 35 review: the buttons of the mailed links' pages (confirm, unsubscribe, the account
 * offer, the mails' refusal) read a small body with the deadline of lib/security/read-body. A body
 * that never arrived made that read throw, and those posts answered 500 after 20 s; a body its
 * client cut off, 500 at once. Counted on a fake clock, against a stream that sends its head and
 * then nothing more.
 */

function stalledPost(url: string): Request {
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(new TextEncoder().encode('token=abc')),
    pull: () => new Promise<void>(() => undefined),
  });
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', host: 'localhost:3000' },
    body,
    duplex: 'half',
  };
  return new Request(url, init);
}

function cutOffPost(url: string): Request {
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      controller.enqueue(new TextEncoder().encode('token=abc'));
      controller.error(new Error('the client went away'));
    },
  });
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', host: 'localhost:3000' },
    body,
    duplex: 'half',
  };
  return new Request(url, init);
}

const handlers: [string, (request: Request) => Promise<Response>, string][] = [
  ['the refusal of the mails', refusalPost, 'http://localhost:3000/api/mail/refuse/?lang=fr'],
  ['an alert confirmation', confirmAlertRequest, 'http://localhost:3000/api/alerts/confirm/'],
  ['the account offer', requestAlertAccount, 'http://localhost:3000/api/alerts/account/'],
  ['an alert unsubscribe', unsubscribeAlertRequest, 'http://localhost:3000/api/alerts/unsubscribe/'],
  ['the confirmation of a request sent without JavaScript', confirmRequestPost, 'http://localhost:3000/api/requests/confirm/'],
];

describe('the posts of a mailed link page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(handlers)('%s answers 408 with the localized message when its body does not arrive within 20 s', async (_name, handler, url) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answer: Response | undefined;
    void handler(stalledPost(url)).then((response) => (answer = response));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer?.status).toBe(408);
    const text = (await answer?.text()) ?? '';
    const message = translatorFor(url.includes('lang=fr') ? 'fr' : getDefaultLanguage(), 'forms')('status.bodyTimeout');
    expect(text).toContain(message.slice(0, 24));
  });

  it.each(handlers)('%s answers 400 when its client cuts the body off', async (_name, handler, url) => {
    expect((await handler(cutOffPost(url))).status).toBe(400);
  });
});
