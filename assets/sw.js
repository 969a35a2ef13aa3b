// Service worker: makes the game load and the AI play with the network off after the first visit.
// Files with a content hash in their name never change: cache-first. Everything else (the page, worker.js and
// its wasm, the manifest) is fetched network-first so a new build is picked up, with the cache as the fallback
// offline. The files of the current build are cached at install.
//
// It also gives every response the two headers of cross-origin isolation, which a static host may not send:
// with them the engine's workers share one memory and search together (the page reloads once, on the first
// visit, to be served through here).
const CACHE = 'reversi-v2';

const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** `response` with the isolation headers (an opaque or error response as it is). */
function isolated(response) {
  if (!response || response.status === 0 || response.type === 'opaque') return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function precache() {
  const cache = await caches.open(CACHE);
  const response = await fetch('./', { cache: 'no-cache' });
  const html = await response.clone().text();
  await cache.put('./', response);
  const urls = new Set([
    './worker.js',
    './worker_bg.wasm',
    './worker-threads.js',
    './worker-threads_bg.wasm',
    './manifest.webmanifest',
    './icon.svg',
    './explorer.bin',
    './puzzles.bin',
  ]);
  for (const match of html.matchAll(/(?:href|src)="([^"#?]+)"/g)) {
    const url = new URL(match[1], self.registration.scope);
    if (url.origin === self.location.origin) urls.add(url.href);
  }
  await Promise.all(
    [...urls].map(async (url) => {
      try {
        const r = await fetch(url, { cache: 'no-cache' });
        if (r.ok) await cache.put(url, r);
      } catch {
        // A missing optional file must not stop the installation.
      }
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const HASHED = /-[0-9a-f]{16}(_bg)?\.(js|wasm|css)$/;

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // The server's API (online play) is live data: never cached, never answered from the cache.
  if (url.pathname.includes('/api/')) return;
  if (!HASHED.test(url.pathname)) {
    const key = request.mode === 'navigate' ? './' : request;
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(key, copy));
          }
          return response;
        })
        .catch(() => caches.match(key, { ignoreSearch: true }))
        .then(isolated),
    );
    return;
  }
  event.respondWith(
    caches
      .match(request, { ignoreSearch: true })
      .then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      )
      .then(isolated),
  );
});
