import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/*
 * A real SMTP server on loopback for the tests: it keeps every message it was given (as a real
 * server queues a message once the data is in, whether or not the client waits for the answer),
 * and can be made slow to answer the end of DATA, or stopped and started again on the same port.
 */

/** `dataAt`, `answeredAt`: when the message's DATA began and when the server answered it (performance.now()). */
export type ReceivedMail = { to: string[]; raw: string; messageId: string | undefined; body: string; dataAt: number; answeredAt?: number };

/** The text of a message: headers dropped, quoted-printable parts decoded (as UTF-8). */
function decodeBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < body.length; index += 1) {
    const escaped = body[index] === '=' ? /^[0-9A-F]{2}/.exec(body.slice(index + 1, index + 3)) : null;
    if (escaped) {
      bytes.push(Number.parseInt(escaped[0], 16));
      index += 2;
    } else bytes.push(...Buffer.from(body[index] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export class SmtpSink {
  received: ReceivedMail[] = [];
  /** Connections opened, message or not (a probe of the server is one). */
  connections = 0;
  /** How long the server waits before it answers the end of DATA, per message in order; then 0. */
  dataDelays: number[] = [];
  port = 0;
  private server: SMTPServer | undefined;

  start(port = this.port): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 100,
      onConnect: (_session, callback) => {
        this.connections += 1;
        callback();
      },
      onData: (stream, session, callback) => {
        const dataAt = performance.now();
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];
          const mail: ReceivedMail = { to: session.envelope.rcptTo.map((recipient) => recipient.address), raw, messageId, body: decodeBody(raw), dataAt };
          this.received.push(mail);
          setTimeout(() => {
            mail.answeredAt = performance.now();
            callback();
          }, this.dataDelays.shift() ?? 0);
        });
      },
    });
    // A client that gave up before a slow answer leaves a closed socket behind: not a failure of the test.
    server.on('error', () => undefined);
    this.server = server;
    return new Promise((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        const address = server.server.address();
        if (address && typeof address === 'object') this.port = address.port;
        resolve(this.port);
      }),
    );
  }

  stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** The most messages of `received` that were between their DATA and its answer at one moment. */
  mostAtOnce(): number {
    const moments = this.received.flatMap((mail) => [
      { at: mail.dataAt, step: 1 },
      { at: mail.answeredAt ?? Number.POSITIVE_INFINITY, step: -1 },
    ]);
    // An answer and a DATA at the same instant: the answer came first.
    moments.sort((a, b) => a.at - b.at || a.step - b.step);
    let current = 0;
    let most = 0;
    for (const moment of moments) {
      current += moment.step;
      most = Math.max(most, current);
    }
    return most;
  }

  /** Waits until `count` messages arrived, or `timeoutMs` passed. */
  async waitFor(count: number, timeoutMs = 5_000): Promise<ReceivedMail[]> {
    const end = Date.now() + timeoutMs;
    while (this.received.length < count && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.received;
  }
}

/**
 * The sink for one test file: started before its tests with SMTP_URL and SITE_URL pointing at it
 * and at `siteUrl`, stopped after them, then `cleanUp` (e.g. dropping the store) runs.
 */
export function useSmtpSink(siteUrl: string, cleanUp: () => void = () => undefined): SmtpSink {
  const sink = new SmtpSink();
  beforeAll(async () => {
    await sink.start();
    process.env.SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
    process.env.SITE_URL = siteUrl;
  });
  afterAll(async () => {
    await sink.stop();
    delete process.env.SMTP_URL;
    delete process.env.SITE_URL;
    cleanUp();
  });
  return sink;
}
