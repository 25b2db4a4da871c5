// A real SMTP server on loopback for the browser tests: every message it accepts is written to
// a folder as JSON (envelope and raw source). Started by the global setup; tests stop and start
// it to prove that the outbox delivers what waited. Usage: node mail-sink.mjs <port> <folder>
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const [port = '4125', folder = 'test-results/mailbox'] = process.argv.slice(2);
mkdirSync(folder, { recursive: true });
let sequence = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const name = `${Date.now()}-${process.pid}-${(sequence += 1)}`;
      const message = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
      };
      // Written whole, then renamed: a reader never sees half a message.
      const temporary = path.join(folder, `.${name}.tmp`);
      writeFileSync(temporary, JSON.stringify(message));
      renameSync(temporary, path.join(folder, `${name}.json`));
      callback();
    });
  },
});

server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`mail sink listening on ${port}\n`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
