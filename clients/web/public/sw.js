// The service worker: it keeps only the build's hashed files (/assets/..., whose names change
// with their content, so a kept copy is never stale) and answers them from its cache. The page
// itself, the API, /metrics and the WebSocket always go to the server: it is the only authority,
// and a game is never played from a cache.
//
// Bounded: at most MAX_ENTRIES files are kept; the oldest go first. A new version of this file
// (a new CACHE name) drops the caches of the old one.

const CACHE = "carc-assets-v1";
const MAX_ENTRIES = 60;

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

function isHashedAsset(request) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  return url.origin === self.location.origin && url.pathname.startsWith("/assets/");
}

async function fromCacheOrNetwork(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(old);
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  // Everything else is not intercepted at all: the browser fetches it as if there were no worker.
  if (isHashedAsset(event.request)) event.respondWith(fromCacheOrNetwork(event.request));
});
