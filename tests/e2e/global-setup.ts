import { mkdirSync, rmSync } from 'node:fs';
import { mailFolder, startMailSink, stopMailSink } from './mailbox';

/** A clean mailbox and a running SMTP server on loopback before the first test. */
export default async function globalSetup(): Promise<void> {
  await stopMailSink();
  rmSync(mailFolder, { recursive: true, force: true });
  mkdirSync(mailFolder, { recursive: true });
  await startMailSink();
}
