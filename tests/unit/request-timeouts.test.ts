import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { boundRequestTimes, requestTimeoutMs } from '@/lib/server/request-timeouts';

/*
 * Issue 35: a slow body was held for Node's 300 s. The bounds are set on a real server here, the
 * way `next start` makes one (the hook finds it at its first request); Node checks them every
 * connectionsCheckingInterval, 30 s by default and 50 ms here, so that the test takes a second.
 */

process.env.REQUEST_TIMEOUT_MS = '1000';
boundRequestTimes();

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function startServer(): Promise<{ server: Server; port: number }> {
  const server = createServer({ connectionsCheckingInterval: 50 }, (request, response) => {
    request.resume();
    request.on('end', () => response.end('ok'));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address !== null ? address.port : 0 };
}

/** Sends `text` and never more; resolves with the first line the server answers, or '' if it just closes. */
function sendAndStall(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('request time bounds', () => {
  it('sets the bounds on the server at its first request', async () => {
    const { server, port } = await startServer();
    expect(server.requestTimeout).toBe(300_000);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
    expect({ request: server.requestTimeout, headers: server.headersTimeout }).toEqual({ request: 1000, headers: 1000 });
  });

  it('answers 408 to a body that stops arriving, and to headers that never end', { timeout: 10_000 }, async () => {
    const { port } = await startServer();
    await fetch(`http://127.0.0.1:${port}/`);
    const started = performance.now();
    const [body, headers] = await Promise.all([
      sendAndStall(port, 'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nemail=a'),
      sendAndStall(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: '),
    ]);
    expect({ body, headers }).toEqual({ body: 'HTTP/1.1 408 Request Timeout', headers: 'HTTP/1.1 408 Request Timeout' });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('reads REQUEST_TIMEOUT_MS, refusing a value that is no bound', () => {
    expect(requestTimeoutMs('')).toBe(60_000);
    expect(requestTimeoutMs('30000')).toBe(30_000);
    for (const bad of ['0', '-1', '1.5', 'soon', '999']) expect(() => requestTimeoutMs(bad)).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
