// @ts-check
// The offline page's memory, in the browser's localStorage: the game in progress (so a reload,
// even with no network, resumes it) and the finished games not yet uploaded. Once online, each
// finished game goes to the records API (POST /api/records, the record's text) and leaves the
// queue; the page links to its replay.
import { api, ApiError } from "./net.js";

const CURRENT = "shoal.offline.current";
const PENDING = "shoal.offline.pending";
const UPLOADED = "shoal.offline.uploaded";

/**
 * @typedef {{game: string, seed: number, human: number, iterations: number, actions: number[]}} SavedGame
 * @typedef {{text: string, game: string, finished: string}} PendingRecord
 * @typedef {{id: string, game: string, finished: string}} UploadedRecord
 */

/**
 * @template T
 * @param {string} key
 * @param {T} fallback
 * @returns {T}
 */
function read(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

/** @returns {SavedGame | null} the game in progress */
export function loadCurrent() {
  return read(CURRENT, null);
}

/** @param {SavedGame | null} game */
export function saveCurrent(game) {
  if (game) localStorage.setItem(CURRENT, JSON.stringify(game));
  else localStorage.removeItem(CURRENT);
}

const VIEW = "shoal.offline.view";

/**
 * Keep the last view of the game in progress (its board, legal actions, cell names): a
 * reload shows it at once while Python loads again in its Worker.
 * @param {import("./offline-python.js").OfflineView} view
 */
export function saveView(view) {
  try {
    localStorage.setItem(VIEW, JSON.stringify(view));
  } catch {
    localStorage.removeItem(VIEW); // storage full: the resumed game waits for Python instead
  }
}

/**
 * The last view kept of `game`, when it is the view of `game` as it stands (else null).
 * @param {SavedGame} game
 * @returns {import("./offline-python.js").OfflineView | null}
 */
export function loadView(game) {
  const view = read(VIEW, /** @type {import("./offline-python.js").OfflineView | null} */ (null));
  if (!view || view.game.id !== game.game || view.seed !== game.seed || view.ply !== game.actions.length) return null;
  return view.actions.every((action, i) => action === game.actions[i]) ? view : null;
}

/** @returns {PendingRecord[]} finished games waiting for the network */
export function pending() {
  return read(PENDING, []);
}

/** @returns {UploadedRecord[]} finished games already uploaded, newest first */
export function uploaded() {
  return read(UPLOADED, []);
}

/** @param {PendingRecord} record a finished game's record, queued for upload */
export function queue(record) {
  localStorage.setItem(PENDING, JSON.stringify([...pending(), record]));
}

/**
 * Uploads the queued records (each removed once the server has it); the uploaded ones.
 * A network failure keeps the rest for the next try; a record the server refuses is dropped.
 * @returns {Promise<UploadedRecord[]>}
 */
export async function uploadPending() {
  /** @type {UploadedRecord[]} */
  const done = [];
  for (const record of pending()) {
    const rest = pending().filter((r) => r.text !== record.text);
    try {
      /** @type {import("./types/api.js").RecordIn} */
      const body = { text: record.text };
      const { id } = await api("/api/records", { method: "POST", body });
      const entry = { id, game: record.game, finished: record.finished };
      done.push(entry);
      localStorage.setItem(UPLOADED, JSON.stringify([entry, ...uploaded()].slice(0, 50)));
      localStorage.setItem(PENDING, JSON.stringify(rest));
    } catch (error) {
      // status 0: still offline; 429 and 5xx: later; any other refusal is for good
      const status = error instanceof ApiError ? error.status : 0;
      if (status >= 400 && status < 500 && status !== 429) localStorage.setItem(PENDING, JSON.stringify(rest));
      else break;
    }
  }
  return done;
}
