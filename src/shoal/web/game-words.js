// @ts-check
// The game page's words for a screen reader (issue 40): each action as it is made, the
// opponent's included, in the game's own words (the view's `spoken`: the server's
// action_label of each action of the last turns), the ending sentence, and "your turn".
import { announce } from "./board-keys.js";

let saidPly = -1; // the actions said so far (-1: nothing yet; the first view says whose turn)
let saidEnd = false;
let saidTurn = false;

/**
 * Say what is new in `view` since the last view that was said.
 * @param {Pick<import("./types/api.js").GameView, "ply" | "spoken" | "result" | "mode">} view the game's view
 * @param {number[]} you the viewer's seats
 * @param {boolean} mine whether the viewer may act now
 */
export function sayTheNews(view, you, mine) {
  const first = saidPly < 0;
  if (!first && view.ply > saidPly) {
    for (const said of view.spoken || []) {
      if (said.ply < saidPly) continue;
      const who = you.includes(said.seat) && you.length === 1 ? "You" : said.side.charAt(0).toUpperCase() + said.side.slice(1);
      announce(`${who}: ${said.label}.`);
    }
  } else if (!first && view.ply < saidPly) {
    announce(`Taken back: ${view.ply} ${view.ply === 1 ? "action" : "actions"} played.`);
  }
  saidPly = view.ply;
  // the top bar's count of my turns follows an online game's turns and any game's end
  const ended = Boolean(view.result) && !saidEnd;
  if (!first && (ended || (view.mode === "friend" && mine !== saidTurn))) document.dispatchEvent(new CustomEvent("shoal:game-turn"));
  if (view.result && !saidEnd) announce(view.result.sentence);
  saidEnd = Boolean(view.result);
  if (mine && !saidTurn) announce(view.ply === 0 ? "Your turn: you move first." : "Your turn.");
  saidTurn = mine;
}
