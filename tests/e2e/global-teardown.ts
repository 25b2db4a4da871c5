import { stopMailSink } from './mailbox';

export default async function globalTeardown(): Promise<void> {
  await stopMailSink();
}
