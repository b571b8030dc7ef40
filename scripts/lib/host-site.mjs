// A documentation-like host page on another origin than the calculator, sending
// its own strict CSP: the calculator's origin is allowed for scripts, styles,
// fetches and frames, with no 'unsafe-inline' and no 'unsafe-eval'.
import { createServer } from 'node:http';

export function hostPolicy(calculatorOrigin) {
  return [
    "default-src 'self'",
    `script-src 'self' ${calculatorOrigin} 'wasm-unsafe-eval'`,
    `style-src 'self' ${calculatorOrigin}`,
    `connect-src 'self' ${calculatorOrigin}`,
    `frame-src ${calculatorOrigin}`,
    "img-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * pages: {"/path": "<body html>"} or {"/path": {body, extraPolicy, headers}}, where
 * extraPolicy adds CSP directives (e.g. Trusted Types) and headers adds response
 * headers (e.g. COEP). Each body is wrapped in a minimal document.
 */
export async function serveHostSite(calculatorOrigin, pages) {
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://host').pathname;
    const page = typeof pages[path] === 'string' ? { body: pages[path] } : pages[path];
    const body = page?.body;
    if (path === '/favicon.ico') {
      response.writeHead(204);
      response.end();
      return;
    }
    if (body === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('Not found');
      return;
    }
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': [hostPolicy(calculatorOrigin), ...(page.extraPolicy ?? [])].join('; '),
      ...page.headers,
    });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Training docs</title>`
      + `</head><body><h1>Training docs</h1>${body}</body></html>`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}
