// @ts-check
// shoal's pure-Python games for the offline page: they run in a Worker
// (offline-python-worker.js: Pyodide with shoal's games), so loading them never freezes the
// page; this module starts it, passes on its progress, and answers the page's requests. The
// board, notation, click paths, cell names, status and record come from the server's own
// code (shoal.interop.offline.OfflineGame); no rule is written in JavaScript. The game's words
// come in the page's language: the page's catalogue (with the games' messages on this page)
// goes to the Python with each new game.

import { pageWords } from "./i18n.js";

/**
 * @typedef {{action: number, text: string, label: string, path: string[], kind?: string, confirm?: boolean}} LegalEntry
 * @typedef {{ply: number, seat: number, side: string, label: string, news: string[]}} SaidAction
 * @typedef {{game: {id: string, title: string}, seed: number, ply: number, actions: number[],
 *   to_move: number | null, sides: string[], svg: string, legal: LegalEntry[],
 *   cells: Record<string, string>, spoken: SaidAction[], status: string,
 *   ending: string}} OfflineView
 * @typedef {{play: (action: number) => Promise<OfflineView>, view: () => OfflineView,
 *   record: (players: string[]) => Promise<string>}} OfflineGame
 * @typedef {{done: number, total: number, text: string}} Progress
 */

/** @type {Worker | null} */
let worker = null;
let nextId = 0;
/** @type {Map<number, {resolve: (r: any) => void, reject: (e: Error) => void}>} */
const waiting = new Map();
/** @type {Progress} */
let last = { done: 0, total: 1, text: "Starting" };
/** @type {Set<(progress: Progress) => void>} */
const watchers = new Set();

/** Start loading the games (at once, while the player chooses; again: nothing). */
export function startPython() {
  if (worker) return;
  worker = new Worker(new URL("./offline-python-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (/** @type {MessageEvent<any>} */ event) => {
    const data = event.data;
    if (data.progress) {
      last = data.progress;
      for (const watcher of watchers) watcher(last);
      return;
    }
    const entry = waiting.get(data.id);
    if (!entry) return;
    waiting.delete(data.id);
    if ("result" in data) entry.resolve(data.result);
    else entry.reject(new Error(data.error || "the games' Python failed"));
  };
  worker.onerror = (event) => {
    for (const entry of waiting.values()) entry.reject(new Error(event.message || "the games' Python failed"));
    waiting.clear();
  };
}

/**
 * Follow the loading's progress (called at once with where it is).
 * @param {(progress: Progress) => void} watcher
 */
export function watchProgress(watcher) {
  watchers.add(watcher);
  watcher(last);
}

/** @returns {boolean} whether the games are loaded */
export const pythonReady = () => last.done >= last.total;

/**
 * @param {Record<string, any>} request
 * @returns {Promise<any>}
 */
function ask(request) {
  startPython();
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    /** @type {Worker} */ (worker).postMessage({ id, ...request });
  });
}

/**
 * A game of `game` from its starting position `seed`, replaying `actions` (resolves once the
 * games are loaded).
 * @param {string} game
 * @param {number} seed
 * @param {number[]} actions
 * @returns {Promise<OfflineGame>}
 */
export async function offlineGame(game, seed, actions) {
  /** @type {OfflineView} */
  let view = await ask({ op: "game", game, seed, actions, words: JSON.stringify(pageWords()) });
  return {
    play: async (action) => (view = await ask({ op: "play", action })),
    view: () => view,
    record: (players) => ask({ op: "record", players }),
  };
}

/** @type {Map<string, Promise<Record<string, OfflineView>>>} */
const starts = new Map();

/**
 * The view of a new game before any action, drawn at build time (/static/wasm/GAME.starts.json,
 * shoal.interop.webengine): a new game shows its board at once, while the games load. By
 * seed for a game whose set-up the seed draws, else "any"; null where none was drawn.
 * @param {string} game
 * @param {number} seed
 * @returns {Promise<OfflineView | null>}
 */
export async function startView(game, seed) {
  if (!starts.has(game)) starts.set(game, fetch(`/static/wasm/${game}.starts.json`).then((r) => (r.ok ? r.json() : {})).catch(() => ({})));
  const views = (await starts.get(game)) || {};
  return views[String(seed)] || views.any || null;
}
