/*
 * nginx as docs/nginx-site.conf tells staff to run it, on this machine: the snippet with only its
 * machine-specific lines changed (the upstream's port, the ports it listens on, the certificate),
 * inside a main configuration of its own folder. Used by the nginx test (what the snippet does to
 * requests) and the phone bench (pages served as production serves them: TLS, HTTP/2).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const nginxBinary = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export type NginxSite = {
  /** The folder nginx runs in: its configuration, temporary files, log and certificate. */
  work: string;
  upstreamPort: number;
  httpPort: number;
  httpsPort: number;
  /** The name the certificate is made for. */
  serverName: string;
};

function siteConfig(snippet: string, site: NginxSite, certificate: { cert: string; key: string }): string {
  const replaced = snippet
    .replace(/server 127\.0\.0\.1:3000;/, `server 127.0.0.1:${site.upstreamPort};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${site.httpPort};`)
    .replace(/listen \[::\]:80;\n/, '')
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${site.httpsPort} ssl http2;`)
    .replace(/listen \[::\]:443 ssl http2;\n/, '')
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${certificate.cert};`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${certificate.key};`)
    // The redirect to https names the port a browser would not write on 443.
    .replace('return 301 https://$host$request_uri;', `return 301 https://$host:${site.httpsPort}$request_uri;`);
  for (const [what, pattern] of [
    ['the upstream', `127.0.0.1:${site.upstreamPort}`],
    ['the https port', `127.0.0.1:${site.httpsPort} ssl`],
    ['the certificate', certificate.cert],
  ] as const) {
    if (!replaced.includes(pattern)) throw new Error(`docs/nginx-site.conf changed shape: ${what} could not be set`);
  }
  return replaced;
}

function mainConfig(site: string, work: string): string {
  const temp = (name: string) => path.join(work, name);
  return `daemon off;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${temp('client-body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${site}
}
`;
}

/**
 * Writes the configuration and a self-signed certificate for the site's name into `site.work` (which
 * must exist), checks the configuration with `nginx -t`, and returns its path.
 */
export function writeNginxSite(root: string, site: NginxSite): string {
  const certificate = { cert: path.join(site.work, 'site.crt'), key: path.join(site.work, 'site.key') };
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${site.serverName}`, '-keyout', certificate.key, '-out', certificate.cert], {
    stdio: 'ignore',
  });
  const config = path.join(site.work, 'nginx.conf');
  writeFileSync(config, mainConfig(siteConfig(readFileSync(path.join(root, 'docs/nginx-site.conf'), 'utf8'), site, certificate), site.work));
  execFileSync(nginxBinary, ['-t', '-q', '-c', config, '-p', site.work], { stdio: 'inherit' });
  return config;
}
