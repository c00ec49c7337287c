// @ts-check
// An event game's first-move deadline under the status of the game page (issue 59): a side
// that makes no first turn in time loses by no-show. The deadline is the server's stored
// one (`first_move_deadline`, epoch seconds); the page counts down to it each second,
// in the server's time (the view's clock carries the server's `now`).
import { h } from "./common.js";
import { t } from "./i18n.js";

/** @typedef {import("./types/api.js").GameView} View */

/** @type {ReturnType<typeof setInterval> | null} */
let ticking = null;

/** @param {number} seconds  "0:42", "1:05" */
function mmss(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The sentence for the viewer: the side to move is told to move, the others what is due.
 * @param {View} view @param {number[]} you @param {number} left seconds
 */
export function firstMoveWords(view, you, left) {
  const seat = view.to_move ?? 0;
  if (left <= 0) return t("No first move in time: the game ends by no-show.");
  if (you.includes(seat)) return t("Make your first move within {time}, or the game is lost by no-show.", { time: mmss(left) });
  return t("{name} has {time} to make a first move, or loses the game by no-show.", { name: view.players[seat] ?? t("The side to move"), time: mmss(left) });
}

/**
 * Show (or remove) the first-move deadline of the game in `view` (called by game.js after
 * each view), at the place of the correspondence deadline.
 * @param {View} view @param {number[]} you
 */
export function showFirstMove(view, you) {
  if (ticking !== null) clearInterval(ticking);
  ticking = null;
  const deadline = view.first_move_deadline;
  let line = document.getElementById("first-move-deadline");
  if (deadline === null || view.result || view.to_move === null) {
    line?.remove();
    return;
  }
  if (!line) {
    line = h("div", { class: "sub", id: "first-move-deadline", role: "timer" });
    document.getElementById("status-sub")?.after(line);
  }
  const shown = line;
  // the server's time now = this browser's time + skew (the view's clock says the server's)
  const skew = view.clock ? view.clock.server_time - Date.now() / 1000 : 0;
  const paint = () => {
    const left = deadline - (Date.now() / 1000 + skew);
    shown.textContent = firstMoveWords(view, you, left);
    shown.dataset.left = String(Math.max(0, Math.ceil(left)));
    if (left <= 0 && ticking !== null) {
      clearInterval(ticking);
      ticking = null;
    }
  };
  paint();
  ticking = setInterval(paint, 1000);
}
