// The service worker (dist/sw.js): every page works offline after the first
// visit, and a deployment is never mixed with another.
//  - One cache per deployment, named by VERSION, filled at install with every
//    file of that deployment (PRECACHE, written in by scripts/assemble.mjs).
//  - Pages: network first (they are revalidated on every visit anyway), the
//    cached page of this deployment when offline.
//  - Everything else: this deployment's cache first. Hashed names mean a file
//    in the cache is exactly the file the page asked for.
//  - A new deployment installs beside the old one and takes over only when no
//    page of the old one is open (no skipWaiting), then drops the old cache.
//    Until then the old worker fetches new pages' new files from the network.
/* global self, caches, VERSION, PRECACHE */
const CACHE = `batch-planner-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith('batch-planner-') && name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.open(CACHE)
      .then((cache) => cache.match(pageAddress(request.url), { ignoreSearch: true }))
      .then((cached) => cached ?? Response.error())));
    return;
  }
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(request, { ignoreSearch: true }))
    .then((cached) => cached ?? fetch(request)));
});

// A page is cached under its directory address ("/en/"): "/en/index.html" and
// "/en", which the server answers (the latter by a redirect), name the same page.
function pageAddress(href) {
  const url = new URL(href);
  if (url.pathname.endsWith('/index.html')) url.pathname = url.pathname.slice(0, -'index.html'.length);
  else if (!url.pathname.endsWith('/') && !/\.[a-z0-9]+$/i.test(url.pathname.split('/').at(-1))) url.pathname += '/';
  return url.href;
}
