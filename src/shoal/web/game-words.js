// @ts-check
// The game page's words for a screen reader (issues 40 and 60): each action as it is made,
// the opponent's included, in the game's own words (the view's `spoken`: the server's
// action label of each action of the last turns, and what else a sighted player saw happen:
// a check, a capture, a tile sinking...), the ending sentence, and "your turn". Each once.
// In the page's language: the server sends the labels, the news and the ending sentence in
// the reader's language; the lines around them go through t() here.
import { announce } from "./common.js";
import { t, tn } from "./i18n.js";

/** @typedef {{ ply: number, seat: number, side: string, label: string, news?: string[] }} Said */

let saidPly = -1; // the actions said so far (-1: nothing yet; the first view says whose turn)
let saidEnd = false;
let saidTurn = false;

/**
 * A side's name in the page's language (the games' sides: "white", "light", "first"...; a
 * side no game names here is shown as the server says it). The one table of them: the game
 * panel takes it from here, and the offline page (and its service worker's files) uses this
 * module without the panel.
 * @param {string} side
 */
export function sideWord(side) {
  /** @type {Record<string, () => string>} */
  const words = {
    white: () => t("white"),
    black: () => t("black"),
    light: () => t("light"),
    dark: () => t("dark"),
    first: () => t("first"),
    second: () => t("second"),
    setup: () => t("setup"),
    chooser: () => t("chooser"),
  };
  return Object.hasOwn(words, side) ? words[side]() : side;
}

/**
 * A side's name with a capital, in the page's language.
 * @param {string} side
 */
export function sideTitle(side) {
  const word = sideWord(side);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * An action in the live log's words: who ("You" for the viewer's only seat, else the side),
 * the game's label, then the news: "Black: Rook e5 takes on e3, the white rook goes to
 * White's hand, check."
 * @param {Said} said
 * @param {number[]} you the viewer's seats
 */
export function saidLine(said, you) {
  const who = you.includes(said.seat) && you.length === 1 ? t("You") : sideTitle(said.side);
  const what = [said.label, ...(said.news || [])].join(", ");
  return t("{who}: {what}.", { who, what });
}

/** The live log's line after a takeback. @param {number} ply the actions played now */
export const takenBack = (ply) => tn("Taken back: {n} action played.", "Taken back: {n} actions played.", ply);

/** "Your turn", at the start or later. @param {number} ply the actions played so far */
export const yourTurn = (ply) => (ply === 0 ? t("Your turn: you move first.") : t("Your turn."));

/**
 * Say what is new in `view` since the last view that was said. The first view says the
 * opponent's actions since the viewer's last one (the computer's first move, when the
 * viewer plays second), then whose turn it is.
 * @param {Pick<import("./types/api.js").GameView, "ply" | "spoken" | "result" | "mode">} view the game's view
 * @param {number[]} you the viewer's seats
 * @param {boolean} mine whether the viewer may act now
 */
export function sayTheNews(view, you, mine) {
  const first = saidPly < 0;
  /** @type {Said[]} */
  const spoken = view.spoken || [];
  /** @type {Said[]} */
  let news = [];
  if (first && you.length === 1) {
    let from = spoken.length;
    while (from > 0 && spoken[from - 1].seat !== you[0]) from -= 1;
    news = spoken.slice(from);
  } else if (!first && view.ply > saidPly) {
    news = spoken.filter((said) => said.ply >= saidPly);
  } else if (!first && view.ply < saidPly) {
    announce(takenBack(view.ply));
  }
  for (const said of news) announce(saidLine(said, you));
  saidPly = view.ply;
  // the top bar's count of my turns follows an online game's turns and any game's end
  const ended = Boolean(view.result) && !saidEnd;
  if (!first && (ended || (view.mode === "friend" && mine !== saidTurn))) document.dispatchEvent(new CustomEvent("shoal:game-turn"));
  if (view.result && !saidEnd) announce(view.result.sentence);
  saidEnd = Boolean(view.result);
  // "Your turn" when the turn comes to the viewer, even when the opponent's answer came in
  // the same view as the viewer's own action (the turn never seemed to leave)
  const answered = news.some((said) => !you.includes(said.seat));
  if (mine && (!saidTurn || answered)) announce(yourTurn(view.ply));
  saidTurn = mine;
}
