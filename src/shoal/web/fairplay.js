// @ts-check
// Fair play in the browser (issue 61): during your own rated or event game, the game's
// position searched in another tab of this browser (the analysis board, a hint, the offline
// engine, any page's engine) is told to the server, which files one report per game for the
// moderators (never a sanction). The tabs talk over one BroadcastChannel, "shoal-fairplay":
// every page that searches a position says so (`announce`); the game page of a player whose
// game counts listens (`watchGame`) and compares what it hears with the positions its game
// has shown. A page never hears its own messages (one channel object per page).
import { api } from "./net.js";

const CHANNEL = "shoal-fairplay";

/** @type {BroadcastChannel | null} */
let channel = null;
/** @type {"analysis" | "hint" | "offline" | "engine"} */
let tool = "engine";

function open() {
  if (!channel && typeof BroadcastChannel === "function") channel = new BroadcastChannel(CHANNEL);
  return channel;
}

/**
 * What this page's searches are, in the reports: "analysis" (the analysis board), "hint",
 * "offline" (the offline page), or "engine" (any other page).
 * @param {"analysis" | "hint" | "offline" | "engine"} name
 */
export function searchesAre(name) {
  tool = name;
}

/**
 * This page searches a position: tell the other tabs.
 * @param {(string | null | undefined)[]} positions the position string and/or the browser
 *   engine's packed state (hex): whatever this page has of the position searched
 * @param {"analysis" | "hint" | "offline" | "engine"} [by] the tool, if not the page's own
 */
export function announce(positions, by = tool) {
  const known = positions.filter((p) => typeof p === "string" && p.length > 0);
  if (!known.length) return;
  open()?.postMessage({ type: "analysing", tool: by, positions: known });
}

/**
 * The game page of `gid`: when the server says this player's game counts (rated or of an
 * event, and on), listen for its positions searched in another tab and tell the server once.
 * @param {string} gid
 * @param {() => { view: any, token: string | null }} now the page's view and seat token now
 * @returns {Promise<boolean>} whether the page watches
 */
export async function watchGame(gid, now) {
  const path = `/api/games/${encodeURIComponent(gid)}/fairplay`;
  const answer = await api(path, { token: now().token }).catch(() => null);
  const listening = open();
  if (!answer || !answer.watch || !listening) return false;
  /** @type {Set<string>} */
  const seen = new Set();
  const remember = () => {
    const { view } = now();
    if (view) for (const p of [view.position, view.engine_position]) if (p) seen.add(p);
  };
  let told = false;
  listening.addEventListener("message", (event) => {
    const message = event.data;
    remember();
    if (told || !message || message.type !== "analysing" || !Array.isArray(message.positions)) return;
    const position = message.positions.find((/** @type {unknown} */ p) => typeof p === "string" && seen.has(p));
    const { view, token } = now();
    if (!position || !view || view.result) return;
    told = true;
    api(path, { method: "POST", body: { tool: message.tool, position }, token }).catch(() => {
      told = false; // the server could not be told: the next message tries again
    });
  });
  remember();
  document.addEventListener("shoal:view", remember);
  return true;
}
