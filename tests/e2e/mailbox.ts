import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect } from '@playwright/test';

/*
 * The mailbox of the loopback SMTP server (tests/e2e/mail-sink.mjs): messages as the server
 * received them, decoded enough to read subject and text.
 */

const mailPort = Number(process.env.E2E_PORT ?? 3100) + 1025;
export const mailFolder = path.resolve(Number(process.env.E2E_PORT ?? 3100) === 3100 ? 'test-results-mail' : `test-results-mail-${process.env.E2E_PORT}`);
// Beside the mailbox, not in it: the global setup empties the mailbox but must still find the sink.
const pidFile = `${mailFolder}.pid`;

export type ReceivedMail = { file: string; to: string[]; subject: string; text: string; raw: string; headers: Record<string, string> };

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_match, _charset: string, encoding: string, body: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(body, 'base64').toString('utf8') : decodeQuotedPrintable(body.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] ?? '';
    if (character === '=' && /^[0-9A-F]{2}$/i.test(text.slice(index + 1, index + 3))) {
      bytes.push(parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(character, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The text/plain part, decoded. */
function textOf(raw: string): string {
  const [headerBlock = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(headerBlock);
  const body = rest.join('\n\n');
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const text = textOf(part.replace(/^\r?\n/, ''));
      if (text) return text;
    }
    return '';
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function readMailbox(): ReceivedMail[] {
  if (!existsSync(mailFolder)) return [];
  return readdirSync(mailFolder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const message = JSON.parse(readFileSync(path.join(mailFolder, file), 'utf8')) as { to: string[]; raw: string };
      const headers = parseHeaders(message.raw.split(/\r?\n\r?\n/)[0] ?? '');
      return { file, to: message.to, raw: message.raw, headers, subject: decodeWords(headers.subject ?? ''), text: textOf(message.raw) };
    });
}

export function mailsTo(address: string): ReceivedMail[] {
  return readMailbox().filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Waits until `address` has received `count` messages (the outbox delivers within seconds). */
export async function waitForMails(address: string, count = 1, timeout = 20_000): Promise<ReceivedMail[]> {
  await expect.poll(() => mailsTo(address).length, { timeout, message: `mails to ${address}` }).toBeGreaterThanOrEqual(count);
  return mailsTo(address);
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(check: () => Promise<boolean>, timeout: number, what: string): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startMailSink(): Promise<void> {
  if (await portOpen(mailPort)) return;
  const child = spawn(process.execPath, [path.resolve('tests/e2e/mail-sink.mjs'), String(mailPort), mailFolder], { detached: true, stdio: 'ignore' });
  child.unref();
  writeFileSync(pidFile, String(child.pid));
  await until(() => portOpen(mailPort), 10_000, 'the mail sink to listen');
}

export async function stopMailSink(): Promise<void> {
  if (existsSync(pidFile)) {
    try {
      process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await until(async () => !(await portOpen(mailPort)), 10_000, 'the mail sink to stop');
}
