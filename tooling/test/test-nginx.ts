/*
 * npm run test:nginx (part of npm test): the site build behind nginx configured with
 * docs/nginx-site.conf as docs/security.md tells staff to use it, only the machine-specific lines changed
 * (ports, certificate paths, a self-signed certificate for the site's name). The site starts as
 * `npm start` does with TRUST_PROXY_HOPS=1, so it listens on the loopback alone. It shows (issue 35):
 *
 *   - http answers a permanent redirect to https, and the site's own redirects keep its host;
 *   - a browser's post from the site's own https origin passes the origin check (the Host and
 *     X-Forwarded-Proto nginx passes), one from another site is refused;
 *   - the form limit counts the client nginx saw, whatever X-Forwarded-For the client sends;
 *   - a body over the snippet's limit is refused by nginx before it reaches the site;
 *   - the site's security headers (HSTS included, the build's origin being https) come through.
 *
 * It builds nothing: it serves the site build of the browser tests (.next-e2e-<E2E_PORT>) or
 * NGINX_BUILD_DIR. Needs /usr/sbin/nginx (Debian's nginx) and openssl. Targets 127.0.0.1 only and
 * stops everything it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { nginxBinary, writeNginxSite } from './support/nginx-site';

const root = process.cwd();
const sitePort = Number(process.env.E2E_PORT ?? 3100);
const base = Number(process.env.NGINX_TEST_PORT ?? sitePort + 80);
const ports = { site: base, http: base + 1, https: base + 2 };
const work = path.join(root, 'var', `nginx-${base}`);
const siteName = 'www.immo-hainaut.be';
const siteOrigin = `https://${siteName}`;

const failures: string[] = [];
function check(condition: boolean, what: string): void {
  console.log(`${condition ? '  ✓' : '  ✗'} ${what}`);
  if (!condition) failures.push(what);
}

function buildDirectory(): string {
  const candidates = [process.env.NGINX_BUILD_DIR, `.next-e2e-${sitePort}`].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(path.join(root, dir, 'BUILD_ID')));
  if (!found) throw new Error(`no build to serve: looked for ${candidates.join(', ')} (npm test builds .next-e2e-${sitePort} first)`);
  return found;
}

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** A request to nginx as a browser on the site's name makes it (the name resolved to this machine). */
function viaNginx(method: string, pathname: string, headers: Record<string, string> = {}, body?: Buffer, secure = true): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = {
      host: '127.0.0.1',
      port: secure ? ports.https : ports.http,
      method,
      path: pathname,
      servername: siteName,
      rejectUnauthorized: false,
      headers: { host: secure ? siteName : `${siteName}:${ports.http}`, ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
    };
    const request = (secure ? httpsRequest : httpRequest)(options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const children: ChildProcess[] = [];
function stopAll(): void {
  for (const child of children) {
    if (child.pid === undefined || child.exitCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

async function until(what: string, test: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await test().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer within ${timeoutMs / 1000} s`);
}

const post = (origin: string | undefined, client: string) =>
  viaNginx(
    'POST',
    '/api/forms/site-contact/',
    { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': client, ...(origin ? { origin } : {}) },
    Buffer.from(JSON.stringify({ lang: 'en' })),
  );

async function main(): Promise<void> {
  if (!existsSync(nginxBinary)) throw new Error(`${nginxBinary} not found: install Debian's nginx (apt-get install nginx)`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const config = writeNginxSite(root, { work, upstreamPort: ports.site, httpPort: ports.http, httpsPort: ports.https, serverName: siteName });

  const log = openSync(path.join(work, 'site.log'), 'a');
  // As staff start it: npm start with TRUST_PROXY_HOPS=1 and no address, so on the loopback only.
  const site = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '-p', String(ports.site)], {
    cwd: root,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: buildDirectory(),
      DATABASE_URL: `file:${path.join(work, 'site.db')}`,
      SITE_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY_HOPS: '1',
      FORM_RATE_LIMIT: '5',
      RATE_LIMIT_STORE: 'memory',
    },
  });
  children.push(site);
  const nginx = spawn(nginxBinary, ['-c', config, '-p', work], { detached: true, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(nginx);
  await until('the site behind nginx', async () => (await viaNginx('GET', '/robots.txt')).status === 200, 120_000);
  console.log(`The site build ${buildDirectory()} behind nginx with docs/nginx-site.conf (https on ${ports.https}, site on 127.0.0.1:${ports.site})`);

  const plain = await viaNginx('GET', '/en/', {}, undefined, false);
  check(plain.status === 301 && (plain.headers.location ?? '').startsWith(`https://${siteName}:${ports.https}/en/`), `http answers 301 to https (${plain.status} ${plain.headers.location ?? ''})`);
  const home = await viaNginx('GET', '/', { 'accept-language': 'fr' });
  check([307, 308].includes(home.status) && home.headers.location === '/fr/', `/ redirects to the visitor's language on the site's host (${home.status} ${home.headers.location ?? ''})`);
  check(/accept-language/i.test(String(home.headers.vary ?? '')), `that redirect says Vary: Accept-Language (${String(home.headers.vary ?? '')})`);

  const page = await viaNginx('GET', '/en/services/', { accept: 'text/html' });
  check(page.status === 200, `a page answers 200 through nginx (${page.status})`);
  for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy']) check(typeof page.headers[header] === 'string', `the page carries ${header}`);
  const hsts = String(page.headers['strict-transport-security'] ?? '');
  const builtOrigin = process.env.NGINX_EXPECT_HSTS === '1';
  if (builtOrigin) check(/max-age=\d{7,}/.test(hsts), `HSTS with the build's https origin (${hsts})`);
  else console.log(`  · HSTS: ${hsts || "not sent: this build's public origin is http (docs/configuration.md: SITE_URL is read at build)"}`);

  const own = await post(siteOrigin, '203.0.113.7');
  check(own.status === 422, `a post from ${siteOrigin} passes the origin check and is validated (${own.status})`);
  const foreign = await post('https://evil.example', '203.0.113.8');
  check(foreign.status === 403, `a post from another site is refused (${foreign.status})`);
  const downgraded = await post(`http://${siteName}`, '203.0.113.9');
  check(downgraded.status === 403, `a post from the http origin of the same host is refused (${downgraded.status})`);

  // FORM_RATE_LIMIT=5: the client is nginx's peer (127.0.0.1 here), whatever the client forges.
  const statuses: number[] = [];
  for (let index = 0; index < 8; index += 1) statuses.push((await post(siteOrigin, `198.51.100.${index + 1}`)).status);
  const passed = statuses.filter((status) => status !== 429).length;
  // The post from the site's origin above counts in the same window (the refused ones never reach the limit).
  check(passed === 4 && statuses.slice(4).every((status) => status === 429), `the form limit counts the client nginx saw, not a forged X-Forwarded-For (${statuses.join(', ')})`);

  const large = await viaNginx('POST', '/api/forms/site-contact/', { 'content-type': 'application/octet-stream', origin: siteOrigin }, Buffer.alloc(8 * 1024 * 1024, 97));
  check(large.status === 413, `a body over the snippet's 7m is refused by nginx (${large.status})`);
}

main()
  .catch((error: unknown) => {
    failures.push(error instanceof Error ? error.message : String(error));
    console.error(error);
  })
  .finally(() => {
    stopAll();
    if (failures.length > 0) {
      console.log(`\n${failures.length} check(s) failed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
      try {
        console.log(`\nThe site's log:\n${readFileSync(path.join(work, 'site.log'), 'utf8').slice(-4000)}`);
      } catch {
        // No log written.
      }
    }
    process.exit(failures.length > 0 ? 1 : 0);
  });
