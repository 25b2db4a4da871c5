// node scripts/serve-static.mjs <dir> [port]: a plain static file server, as a static host or CDN
// serves `npm run export`'s out/: files by path, `index.html` for folders, the query string
// ignored, `404.html` (status 404) for anything else, and the headers of `_headers` as Netlify and
// Cloudflare Pages read it (every matching rule applies). For trying the export and for its tests.
import { createReadStream, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const [dir = 'out', port = '3000'] = process.argv.slice(2);
const root = path.resolve(dir);
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.map': 'application/json',
};

/** `_headers`: a path pattern (a trailing * matches any rest), then its indented `Name: value` lines. */
function readHeaderRules() {
  let text;
  try {
    text = readFileSync(path.join(root, '_headers'), 'utf8');
  } catch {
    return [];
  }
  const rules = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else if (rules.length > 0) {
      const at = line.indexOf(':');
      rules[rules.length - 1].headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}
const headerRules = readHeaderRules();
const matches = (pattern, pathname) => (pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern);
function headersFor(pathname) {
  const headers = {};
  for (const rule of headerRules) if (matches(rule.pattern, pathname)) for (const [name, value] of rule.headers) headers[name.toLowerCase()] = value;
  return headers;
}

async function fileAt(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const file = path.join(root, decoded);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  try {
    const info = await stat(file);
    if (info.isFile()) return { file };
    if (info.isDirectory()) {
      if (!pathname.endsWith('/')) return { redirect: `${pathname}/` };
      const index = path.join(file, 'index.html');
      if ((await stat(index)).isFile()) return { file: index };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function send(response, status, file, method, pathname) {
  response.writeHead(status, { ...headersFor(pathname), 'content-type': types[path.extname(file).toLowerCase()] ?? 'application/octet-stream' });
  if (method === 'HEAD') return response.end();
  createReadStream(file).pipe(response);
}

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://static.invalid');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' });
    return response.end();
  }
  const found = await fileAt(url.pathname);
  if (found?.redirect) {
    response.writeHead(301, { location: `${found.redirect}${url.search}` });
    return response.end();
  }
  if (found?.file) return send(response, 200, found.file, request.method, url.pathname);
  const notFound = path.join(root, '404.html');
  try {
    await stat(notFound);
    return send(response, 404, notFound, request.method, '/404.html');
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    return response.end('Not found\n');
  }
}).listen(Number(port), () => console.log(`Serving ${root} on http://localhost:${port}/`));
