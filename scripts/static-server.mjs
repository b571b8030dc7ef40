// A small static server for dist/ that sends the [[headers]] of netlify.toml
// and the rules of the directory's _headers file (the pages', written by the
// build), as Netlify does, so local use and every browser test run under the
// production headers.
// Usage: node scripts/static-server.mjs [port] [dir]   (port 0 picks a free one)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parse as parseToml } from 'smol-toml';
import { parseHeaderRules } from './lib/page-headers.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);

// Like Netlify's CDN, compress text and wasm for clients that accept it.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.svg', '.json', '.webmanifest', '.txt']);

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Netlify header rules from netlify.toml and, when the served directory has
 * one, its _headers file, as [{path, pattern: RegExp, values: {}}].
 */
export function loadHeaderRules(tomlPath = join(root, 'netlify.toml'), dir = join(root, 'dist')) {
  const config = parseToml(readFileSync(tomlPath, 'utf8'));
  const headersFile = join(dir, '_headers');
  const generated = existsSync(headersFile) ? parseHeaderRules(readFileSync(headersFile, 'utf8')) : [];
  return [...(config.headers ?? []), ...generated].map(({ for: path, values }) => ({
    path,
    // Netlify paths: "*" is a splat that matches anything, including "/".
    pattern: new RegExp(`^${path.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`),
    values,
  }));
}

/** The headers Netlify would send for a URL path. Overlapping rules that set the same header are an error. */
export function headersForPath(rules, urlPath) {
  const headers = {};
  const setBy = {};
  for (const rule of rules) {
    if (!rule.pattern.test(urlPath)) continue;
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase();
      if (key in setBy) {
        throw new Error(`netlify.toml: ${name} for ${urlPath} is set by both "${setBy[key]}" and "${rule.path}"`);
      }
      setBy[key] = rule.path;
      headers[name] = value;
    }
  }
  return headers;
}

// Every URL path a directory serves ("/" and "/index.html", "/a/b.js", ...).
function servedPaths(base) {
  return readdirSync(base, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !(entry.name === '_headers' && (entry.parentPath ?? entry.path) === base))
    .map((entry) => `/${relative(base, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join('/')}`)
    .flatMap((path) => (path.endsWith('/index.html') ? [path.slice(0, -'index.html'.length), path] : [path]));
}

// Error responses get the headers every response gets, and nothing a
// particular file's rule adds (no year-long caching of a 404).
const ERROR_PATH = '/.error';

export function startServer({ port = 8080, host = '127.0.0.1', dir = join(root, 'dist'), rules = null } = {}) {
  const base = resolve(dir);
  rules ??= loadHeaderRules(undefined, base);
  // Fail at start, not on some later request, if netlify.toml is ambiguous for a file.
  for (const path of servedPaths(base)) headersForPath(rules, path);
  const errorHeaders = headersForPath(rules, ERROR_PATH);
  // Long URLs are allowed so hostile-input tests can reach the page (Node's default is 16 KB).
  const server = createServer({ maxHeaderSize: 1024 * 1024 }, async (request, response) => {
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return send(response, 405, 'Method not allowed', { ...errorHeaders, 'Allow': 'GET, HEAD' });
      }
      const url = new URL(request.url, 'http://localhost');
      let decoded;
      try {
        decoded = decodeURIComponent(url.pathname);
      } catch {
        return send(response, 400, 'Bad request', errorHeaders);
      }
      let filePath = normalize(join(base, decoded));
      if (filePath !== base && !filePath.startsWith(base + sep)) return send(response, 403, 'Forbidden', errorHeaders);
      // Like Netlify: the _headers file configures the site and is not part of it.
      if (filePath === join(base, '_headers')) return send(response, 404, 'Not found', errorHeaders);
      // Headers follow the file actually served, named as Netlify would name it,
      // never the raw path ("/%2findex.html" is "/index.html").
      let servedPath = `/${relative(base, filePath).split(sep).join('/')}`;
      if ((await stat(filePath).catch(() => null))?.isDirectory()) {
        // Like Netlify: a folder's address ends with a slash, so relative links resolve inside it.
        if (!url.pathname.endsWith('/')) {
          // From the normalised path, never the raw one: "/.//evil.com/..%2fen" must not become "//evil.com/...", another host.
          return send(response, 301, 'Moved', { ...errorHeaders, 'Location': `${servedPath === '/' ? '' : servedPath}/${url.search}` });
        }
        filePath = join(filePath, 'index.html');
        servedPath = servedPath.endsWith('/') ? servedPath : `${servedPath}/`;
      }
      let body = await readFile(filePath).catch(() => null);
      if (!body) return send(response, 404, 'Not found', errorHeaders);
      const headers = {
        'Content-Type': MIME_TYPES[extname(filePath)] ?? 'application/octet-stream',
        'Vary': 'Accept-Encoding',
        ...headersForPath(rules, servedPath),
      };
      if (COMPRESSIBLE.has(extname(filePath)) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        body = compressed(filePath, body);
        headers['Content-Encoding'] = 'gzip';
      }
      headers['Content-Length'] = body.length;
      response.writeHead(200, headers);
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      send(response, 500, String(error?.message ?? error), errorHeaders);
    }
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}

// Like a CDN, compress each file once: the same bytes for the same content.
const gzipCache = new Map();
function compressed(filePath, body) {
  const cached = gzipCache.get(filePath);
  if (cached && cached.source.equals(body)) return cached.gzip;
  const gzip = gzipSync(body, { level: 9 });
  gzipCache.set(filePath, { source: body, gzip });
  return gzip;
}

function send(response, status, text, headers = {}) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  response.end(text);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const port = Number(process.argv[2] ?? 8080);
  const dir = process.argv[3] ?? join(root, 'dist');
  const host = process.env.HOST ?? '127.0.0.1';
  try {
    const server = await startServer({ port, host, dir });
    const address = `http://localhost:${server.address().port}`;
    console.log(`Serving dist/ at ${address}/ (pt-BR) and ${address}/en/ (English). Ctrl+C stops.`);
  } catch (error) {
    if (error.code !== 'EADDRINUSE') throw error;
    console.error(`static-server: port ${port} is already in use; give another one, e.g. scripts/serve 8081`);
    process.exit(1);
  }
}
