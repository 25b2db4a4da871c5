/*
 * `npm start`: `next start` with a SITE_SECRET. A production server refuses to start without one
 * (lib/security/secret.ts); the embedded default (one instance, SQLite) should start with nothing
 * else, so this keeps a random secret in var/site-secret and passes it. With several instances
 * (PostgreSQL) every instance needs the same secret: set SITE_SECRET there.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

function keptSecret() {
  const file = path.resolve('var', 'site-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const generated = randomBytes(32).toString('hex');
    try {
      writeFileSync(file, generated, { mode: 0o600, flag: 'wx' });
      return generated;
    } catch {
      // Another process wrote it first: use theirs.
      return readFileSync(file, 'utf8').trim();
    }
  }
}

const env = { ...process.env };
if (!env.SITE_SECRET) {
  if (/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) {
    console.error('SITE_SECRET is not set: with PostgreSQL every instance needs the same SITE_SECRET, for example the output of `openssl rand -hex 32`.');
    process.exit(1);
  }
  env.SITE_SECRET = keptSecret();
}

// glibc gives each thread that allocates its own malloc arena; sharp's libvips encodes in Node's
// thread pool, and the memory it frees there stays with those arenas. Two arenas kept 60 encoded
// pictures at 5,000 listings to 25 MB more RSS instead of 107 MB (issue 16: the server stays
// under 400 MB). Set MALLOC_ARENA_MAX to choose another count.
env.MALLOC_ARENA_MAX ??= '2';
// glibc serves a freed large block's size from its heap afterwards (its mmap threshold climbs to
// the largest block freed, up to 32 MB), and that heap hardly shrinks: the 1-16 MB buffers of
// reading and storing 5,000 listings kept about 40 MB of RSS after warm-up (397-400 MB against
// 352-356 MB with the threshold fixed at its default of 128 kB, measured by tooling/bench/server-memory.ts).
env.MALLOC_MMAP_THRESHOLD_ ??= '131072';

// V8 sizes its heap limit from the machine (about 2 GB here) and, below it, collects lazily: the
// server grew to 690 MB under load at 5,000 listings while it used under 180 MB of heap. A limit of
// 256 MB makes it collect before it grows. The pages use about 120 MB of heap at the shipped size
// and up to 175 MB under load at 5,000 listings; a larger catalogue needs a larger limit: set
// --max-old-space-size in NODE_OPTIONS.
if (!/--max-old-space-size\b/.test(env.NODE_OPTIONS ?? '')) env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --max-old-space-size=256`.trim();

// A reverse proxy or load balancer keeps its connections to the server open between requests
// (nginx's upstream keepalive: 60 s; AWS's load balancers: 60 s) and does not expect the server to
// close one first. Node's default of 5 s did: under load the proxy sent a visitor's request on a
// connection the server was closing, and the visitor got a 502, a form post lost (the
// multi-instance test saw it, 1 post in 500). 65 s outlasts those proxies; a load balancer that
// keeps connections longer (Google Cloud's: 600 s) needs a longer one: --keepAliveTimeout <ms>.
const args = process.argv.slice(2);
const keepAlive = args.some((arg) => arg.startsWith('--keepAliveTimeout')) ? [] : ['--keepAliveTimeout', '65000'];
// With TRUST_PROXY_HOPS the server believes the X-Forwarded-For of the proxy in front of it. On
// every interface (next start's default) anyone reaching the port could skip that proxy, so without
// a bind address of its own the server then listens on the loopback only, where the proxy reaches it
// (the server also ignores X-Forwarded-* from a peer that is no trusted proxy, see TRUSTED_PROXIES).
const bindGiven = args.some((arg) => /^(-H|--hostname)(=|$)|^-H./.test(arg));
const loopbackOnly = !bindGiven && Number(env.TRUST_PROXY_HOPS ?? 0) > 0 ? ['-H', '127.0.0.1'] : [];
if (loopbackOnly.length > 0) console.log('TRUST_PROXY_HOPS is set: listening on 127.0.0.1 only, for the proxy in front (give -H <address> to listen elsewhere).');
const next = createRequire(import.meta.url).resolve('next/dist/bin/next');
const child = spawn(process.execPath, [next, 'start', ...keepAlive, ...loopbackOnly, ...args], { env, stdio: 'inherit' });
// A deploy stops the server with SIGTERM: the server gets it, so it can hand back its claimed mails.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
