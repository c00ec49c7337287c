// @ts-check
// The input the player uses now (a finger, a mouse, the keyboard), so that a board page's
// instructions speak of it: "Tap a highlighted cell", "Click ...", or the keys. Learnt from
// the last pointer or navigation key; a touch screen starts as "tap".
import { t } from "./i18n.js";

/** @typedef {"tap" | "click" | "keys"} InputMode */

/** @type {InputMode} */
let mode = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches ? "tap" : "click";
/** @type {Set<(mode: InputMode) => void>} */
const listeners = new Set();
const KEYS = new Set(["Tab", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Home", "End"]);

/** @param {InputMode} next */
function set(next) {
  if (next === mode) return;
  mode = next;
  for (const listener of listeners) listener(mode);
}

window.addEventListener("pointerdown", (event) => set(event.pointerType === "mouse" ? "click" : "tap"), { capture: true });
window.addEventListener("keydown", (event) => KEYS.has(event.key) && set("keys"), { capture: true });

/** @returns {InputMode} the input in use */
export const inputMode = () => mode;

/**
 * Call `listener` whenever the input in use changes.
 * @param {(mode: InputMode) => void} listener
 */
export function onInputMode(listener) {
  listeners.add(listener);
}

/**
 * What to do on a board, in words for the input in use: "Tap a highlighted cell", with the
 * kinds of action still possible ("to move, sink or slide") and the cells chosen so far.
 * @param {string[]} kinds the kinds of the actions still possible (the game's words)
 * @param {string[]} chosen the cells chosen so far
 */
export function pickWords(kinds, chosen) {
  const how = {
    tap: () => t("Tap a highlighted cell"),
    click: () => t("Click a highlighted cell"),
    keys: () => t("Arrow keys to a highlighted cell, then Enter (or type the action)"),
  }[mode]();
  const verbs = kinds.map(kindWord);
  const list = verbs.length > 1 ? t("{list} or {last}", { list: verbs.slice(0, -1).join(", "), last: verbs[verbs.length - 1] }) : verbs[0];
  const what = list ? t("{how} to {what}", { how, what: list }) : how;
  return chosen.length ? t("{cells} chosen: {next}", { cells: chosen.join(", "), next: `${what[0].toLowerCase()}${what.slice(1)}` }) : what;
}

/**
 * A kind of action in the page's language (the games' kinds, as verbs: Syrtis's "move",
 * "sink", "slide"...; a kind no game names here is shown as the server says it).
 * @param {string} kind
 */
function kindWord(kind) {
  /** @type {Record<string, () => string>} */
  const verbs = {
    move: () => t("move"),
    sink: () => t("sink"),
    slide: () => t("slide"),
    place: () => t("place"),
    switch: () => t("switch"),
    pass: () => t("pass"),
    choose: () => t("choose"),
  };
  return Object.hasOwn(verbs, kind) ? verbs[kind]() : kind;
}

/**
 * How to reach a cell the board offers, for the input in use, as the end of a sentence
 * ("No move starts on e6 now: tap a highlighted cell").
 */
export function reachWords() {
  return { tap: () => t("tap a highlighted cell"), click: () => t("click a highlighted cell"), keys: () => t("move with the arrow keys to a highlighted cell") }[mode]();
}

/**
 * What to do on a board too fine for a finger (the game page's lens), for the input in use;
 * empty for the keys (they reach every cell as they are).
 */
export function lensWords() {
  if (mode === "keys") return "";
  return mode === "tap" ? t("Tap the board where you want to play: it zooms in, then tap a highlighted cell") : t("Click the board where you want to play: it zooms in, then click a highlighted cell");
}
