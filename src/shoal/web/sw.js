// @ts-check
// shoal's service worker (served at /sw.js, so its scope is the whole site): keeps what the
// offline page needs (/offline: its scripts, the engines in WebAssembly, Pyodide and shoal's
// Python bundle) in the Cache Storage, so a player can play the computer with no network.
// Scope on purpose small: one cache, one list of assets, two strategies. Everything else goes
// to the network untouched.
/// <reference lib="webworker" />

const CACHE = "shoal-offline-v1";

/** The offline page and everything it loads. */
const PAGE_ASSETS = [
  "/offline",
  "/static/offline.js",
  "/static/offline-python.js",
  "/static/offline-store.js",
  "/static/board.js",
  "/static/common.js",
  "/static/net.js",
  "/static/engine.js",
  "/static/engine-core.js",
  "/static/engine-worker.js",
  "/static/style.css",
  "/static/favicon.svg",
  "/static/wasm/shoal-py.zip",
  ...["syrtis", "sirtet", "sytran", "cyclix", "sfirs", "connect4"].flatMap((g) => [`/static/wasm/${g}.wasm`, `/static/wasm/${g}.json`]),
];

/** Large files that change only with their version (scripts/setup pins Pyodide's). */
const FIXED_ASSETS = [
  "/static/pyodide/pyodide.mjs",
  "/static/pyodide/pyodide.asm.js",
  "/static/pyodide/pyodide.asm.wasm",
  "/static/pyodide/python_stdlib.zip",
  "/static/pyodide/pyodide-lock.json",
];

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener("install", (event) => {
  // every asset on its own: one missing (an engine not built) must not lose the others
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.allSettled([...PAGE_ASSETS, ...FIXED_ASSETS].map((url) => cache.add(url))))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("shoal-offline-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

/**
 * The network's answer (kept in the cache for next time), or the cached one when offline.
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

/**
 * The cached answer, else the network's (then cached).
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

sw.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  if (FIXED_ASSETS.includes(url.pathname)) event.respondWith(cacheFirst(event.request));
  else if (PAGE_ASSETS.includes(url.pathname)) event.respondWith(networkFirst(event.request));
});
