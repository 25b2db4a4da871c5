import { afterEach, describe, expect, it, vi } from 'vitest';
import { maxFields, maxMultipartBody, maxTextBody, readBody, readCapped, type ParsedBody } from '@/lib/security/read-body';

/*
 * Issue 12, finding 1: a 60 kB urlencoded post of repeated names froze the event loop for 0.5 s
 * (16 s under load), a 3 MB multipart of many parts for 26 s, and /api/visits/ read any body.
 * Parsing is now linear, capped in fields and parts, and stops at the first limit.
 */

function post(type: string, body: BodyInit, headers: Record<string, string> = {}): Request {
  // Node needs duplex for a streamed body; the DOM typings do not know the option.
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers: { 'content-type': type, ...headers }, body, duplex: 'half' };
  return new Request('http://localhost/api/forms/contact-me/', init);
}

function multipart(parts: readonly { name: string; value: string; file?: string }[], boundary = 'test-boundary') {
  const text =
    parts
      .map((part) =>
        part.file
          ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file}"\r\nContent-Type: application/pdf\r\n\r\n${part.value}\r\n`
          : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { body: text, type: `multipart/form-data; boundary=${boundary}` };
}

describe('readBody', () => {
  it('keeps checkbox groups as arrays and single values as strings, in every encoding', async () => {
    const form = await readBody(post('application/x-www-form-urlencoded', 'types=1&types=3&email=a%40b.be'), { withFiles: false });
    expect(form).toEqual({ ok: true, fields: { types: ['1', '3'], email: 'a@b.be' }, files: {} });
    const parts = multipart([
      { name: 'types', value: '1' },
      { name: 'types', value: '3' },
      { name: 'types', value: '5' },
      { name: 'cv', value: '%PDF-1.4', file: 'cv.pdf' },
    ]);
    const parsed = await readBody(post(parts.type, parts.body), { withFiles: true });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.fields).toEqual({ types: ['1', '3', '5'] });
    expect(parsed.files.cv?.name).toBe('cv.pdf');
    expect(await parsed.files.cv?.text()).toBe('%PDF-1.4');
  });

  it('refuses 15,000 repeated names (60 kB) as too many fields, in milliseconds', async () => {
    const body = Array.from({ length: 15_000 }, () => 'a=1').join('&');
    expect(body.length).toBeLessThan(maxTextBody);
    const started = performance.now();
    expect(await readBody(post('application/x-www-form-urlencoded', body), { withFiles: false })).toEqual({ ok: false, reason: 'too-many-fields' });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses a multipart body of 40,000 parts (2.8 MB) at the first part over the cap', async () => {
    const parts = multipart(Array.from({ length: 40_000 }, () => ({ name: 'a', value: '1' })));
    expect(parts.body.length).toBeGreaterThan(2_000_000);
    const started = performance.now();
    expect(await readBody(post(parts.type, parts.body), { withFiles: true })).toEqual({ ok: false, reason: 'too-many-fields' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('accepts the largest real form: a few dozen fields', async () => {
    const body = Array.from({ length: maxFields - 1 }, (_, index) => `zones=${index}`).join('&');
    const parsed = await readBody(post('application/x-www-form-urlencoded', body), { withFiles: false });
    expect(parsed.ok && Array.isArray(parsed.fields.zones) && parsed.fields.zones.length).toBe(maxFields - 1);
  });

  it('refuses JSON with more keys than a form has, a body over the cap, and bad bytes', async () => {
    const keys = `{${Array.from({ length: maxFields + 1 }, (_, index) => `"k${index}":1`).join(',')}}`;
    expect(await readBody(post('application/json', keys), { withFiles: false })).toEqual({ ok: false, reason: 'too-many-fields' });
    expect(await readBody(post('application/json', `{"a":"${'x'.repeat(maxTextBody)}"}`), { withFiles: false })).toEqual({ ok: false, reason: 'too-large' });
    expect(await readBody(post('application/x-www-form-urlencoded', new Uint8Array([0x61, 0x3d, 0xff])), { withFiles: false })).toEqual({ ok: false, reason: 'malformed' });
    expect(await readBody(post('application/json', '[1,2]'), { withFiles: false })).toEqual({ ok: false, reason: 'malformed' });
    expect(await readBody(post('multipart/form-data', 'x'), { withFiles: true })).toEqual({ ok: false, reason: 'malformed' });
    expect(await readBody(post('multipart/form-data; boundary=b', 'x'), { withFiles: false })).toEqual({ ok: false, reason: 'unsupported' });
    expect(await readBody(post('text/xml', '<a/>'), { withFiles: false })).toEqual({ ok: false, reason: 'unsupported' });
  });

  it('refuses a multipart body over its cap while it streams, whatever Content-Length says', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`--b\r\nContent-Disposition: form-data; name="cv"; filename="a.pdf"\r\n\r\n${'x'.repeat(64 * 1024)}`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(pulled === 1 ? chunk : new Uint8Array(64 * 1024).fill(0x78));
      },
    });
    expect(await readBody(post('multipart/form-data; boundary=b', endless), { withFiles: true })).toEqual({ ok: false, reason: 'too-large' });
    expect(pulled * 64 * 1024).toBeLessThan(maxMultipartBody + 4 * 64 * 1024);
  });
});

describe('readCapped', () => {
  it('stops reading a body at its cap: a beacon of 600 MB costs a few hundred bytes', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    expect(await readCapped(post('text/plain', endless), 256)).toBeUndefined();
    expect(pulled).toBeLessThanOrEqual(2);
    expect(await readCapped(post('text/plain', 'x', { 'content-length': String(600 * 1024 * 1024) }), 256)).toBeUndefined();
  });
});

/*
 * Issue 35: a body sent slowly was held for Node's 300 s (requestTimeout). Each read now has a
 * deadline of its own, counted on a fake clock here against a stream that sends its head and
 * then nothing more.
 */
describe('the body deadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function stalled(head: string) {
    const state = { cancelled: false };
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(head)),
      pull: () => new Promise<void>(() => undefined),
      cancel: () => {
        state.cancelled = true;
      },
    });
    return { body, state };
  }

  async function readUntil(type: string, head: string, withFiles: boolean, deadline: number) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { body, state } = stalled(head);
    let answer: ParsedBody | undefined;
    void readBody(post(type, body), { withFiles }).then((parsed) => (answer = parsed));
    await vi.advanceTimersByTimeAsync(deadline - 1);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toEqual({ ok: false, reason: 'timeout' });
    expect(state.cancelled).toBe(true);
  }

  it('gives up on a urlencoded or JSON body not complete within 20 s, and stops reading it', async () => {
    await readUntil('application/x-www-form-urlencoded', 'email=a', false, 20_000);
    await readUntil('application/json', '{"email": "a', false, 20_000);
  });

  it('gives a multipart body (an upload of up to 5 MB) 50 s', async () => {
    await readUntil('multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="cv"; filename="a.pdf"\r\n\r\n%PDF', true, 50_000);
  });

  it('leaves no timer behind once a body has arrived', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    expect(await readBody(post('application/x-www-form-urlencoded', 'email=a%40b.be'), { withFiles: false })).toEqual({ ok: true, fields: { email: 'a@b.be' }, files: {} });
    expect(vi.getTimerCount()).toBe(0);
  });
});
