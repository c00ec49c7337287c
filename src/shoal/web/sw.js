// @ts-check
// shoal's service worker (served at /sw.js, so its scope is the whole site): keeps what the
// offline page needs (/offline: its scripts, the engines in WebAssembly, Pyodide and shoal's
// Python bundle) in the Cache Storage, so a player can play the computer with no network.
// Issue 43 adds a second cache, the site's shell (home, rules pages and courses, their scripts
// and data, the icons) with an offline fallback page for any other page, and Web Push: a push
// shows a system notification and sets the installed app's badge. Everything else goes to the
// network untouched.
/// <reference lib="webworker" />

const CACHE = "shoal-offline-v1";

/** The offline page and everything it loads. */
const PAGE_ASSETS = [
  "/offline",
  "/static/offline.js",
  "/static/offline-python.js",
  "/static/offline-python-worker.js",
  "/static/offline-store.js",
  "/static/board.js",
  "/static/board-keys.js",
  "/static/game-words.js",
  "/static/input-mode.js",
  "/static/common.js",
  "/static/i18n.js",
  "/static/language-picker.js",
  "/static/net.js",
  "/static/engine.js",
  "/static/engine-core.js",
  "/static/engine-alphabeta.js",
  "/static/engine-proof.js",
  "/static/engine-worker.js",
  "/static/style.css",
  "/static/favicon.svg",
  "/static/wasm/shoal-py.zip",
  ...["syrtis", "sirtet", "sytran", "cyclix", "sfirs", "connect4"].flatMap((g) => [`/static/wasm/${g}.wasm`, `/static/wasm/${g}.json`, `/static/wasm/${g}.starts.json`]),
];

/** Large files that change only with their version (scripts/setup pins Pyodide's). */
const FIXED_ASSETS = [
  "/static/pyodide/pyodide.mjs",
  "/static/pyodide/pyodide.asm.js",
  "/static/pyodide/pyodide.asm.wasm",
  "/static/pyodide/python_stdlib.zip",
  "/static/pyodide/pyodide-lock.json",
];

const SHELL = "shoal-shell-v1";
const GAMES = ["syrtis", "sirtet", "sytran", "cyclix", "sfirs", "connect4"];

/**
 * The page shown for any page that is neither cached nor reachable, in the reader's language
 * (the server makes it as it makes every page; kept in step with the pages' language below).
 */
const FALLBACK = "/offline-fallback";

/** The shell: pages, scripts and data read offline (network first, so always fresh online). */
const SHELL_ASSETS = [
  "/",
  "/learn",
  "/manifest.webmanifest",
  FALLBACK,
  "/static/app.js",
  "/static/home.js",
  "/static/lobby-view.js",
  "/static/lobby.css",
  "/static/rules.js",
  "/static/learn.js",
  "/static/notifications.js",
  "/static/icons/icon-192.png",
  "/static/icons/icon-512.png",
  "/api/catalog",
  "/api/learn",
  ...GAMES.flatMap((g) => [`/rules/${g}`, `/learn/${g}`, `/api/catalog/${g}`, `/api/catalog/${g}/start.svg`, `/api/learn/${g}`]),
];

/** Paths whose answers are kept in the shell cache as they are fetched (network first). */
const SHELL_PREFIXES = ["/rules/", "/learn/", "/api/catalog/", "/api/learn/", "/static/"];

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener("install", (event) => {
  // every asset on its own: one missing (an engine not built) must not lose the others
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.allSettled([...PAGE_ASSETS, ...FIXED_ASSETS].map((url) => cache.add(url))))
      .then(() => caches.open(SHELL))
      .then((cache) => Promise.allSettled(SHELL_ASSETS.map((url) => cache.add(url))))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => (k.startsWith("shoal-offline-") && k !== CACHE) || (k.startsWith("shoal-shell-") && k !== SHELL)).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

/**
 * The network's answer (kept in the cache for next time), or the cached one when offline.
 * @param {Request} request
 * @param {string} [name] the cache
 * @returns {Promise<Response>}
 */
async function networkFirst(request, name = CACHE) {
  const cache = await caches.open(name);
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
  else if (SHELL_ASSETS.includes(url.pathname) || SHELL_PREFIXES.some((p) => url.pathname.startsWith(p)))
    event.respondWith(networkFirst(event.request, SHELL).then((r) => inStep(event, r), () => fallback(event.request)));
  else if (event.request.mode === "navigate") event.respondWith(fetch(event.request).then((r) => inStep(event, r), () => fallback(event.request)));
});

/**
 * A page's answer, as it is; when its language (Content-Language) is not the cached fallback's
 * (the reader chose another), the fallback is fetched again in the background, so that the
 * page said offline speaks the language of the pages read online.
 * @param {FetchEvent} event a navigation's
 * @param {Response} response
 * @returns {Response}
 */
function inStep(event, response) {
  const language = response.headers.get("Content-Language");
  if (event.request.mode === "navigate" && language) {
    const refresh = caches
      .open(SHELL)
      .then(async (cache) => {
        const cached = await cache.match(FALLBACK);
        if (!cached || cached.headers.get("Content-Language") !== language) await cache.add(FALLBACK);
      })
      .catch(() => {});
    event.waitUntil(refresh);
  }
  return response;
}

/**
 * The offline fallback page for a page the browser cannot reach (any other request fails).
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function fallback(request) {
  const page = request.mode === "navigate" ? await caches.match(FALLBACK) : undefined;
  return page ?? Response.error();
}

/**
 * What the server pushes (shoal.server.push.service): a notification's words and link.
 * @typedef {{title: string, body: string, url?: string, tag?: string, kind?: string, turns?: number}} PushMessage
 */

sw.addEventListener("push", (event) => {
  /** @type {PushMessage} */
  let message;
  try {
    message = event.data ? event.data.json() : { title: "shoal", body: "" };
  } catch {
    message = { title: "shoal", body: event.data ? event.data.text() : "" };
  }
  const shown = sw.registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: "/static/icons/icon-192.png",
    badge: "/static/icons/icon-96.png",
    data: { url: message.url ?? "/notifications", kind: message.kind },
  });
  const nav = /** @type {any} */ (navigator);
  const badge = typeof message.turns === "number" && nav.setAppBadge ? (message.turns ? nav.setAppBadge(message.turns) : nav.clearAppBadge()) : undefined;
  event.waitUntil(Promise.all([shown, Promise.resolve(badge).catch(() => {})]));
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", location.origin).href;
  event.waitUntil(
    sw.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : sw.clients.openWindow(url);
    }),
  );
});
