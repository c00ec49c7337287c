// @ts-check
// A correspondence game's deadline under the status of the game page (issue 22):
// "2 days 4 h left to move", read from /api/games/{id}/correspondence after each move.
import { h } from "./common.js";
import { api } from "./net.js";

/** @typedef {import("./types/api.js").CorrespondenceView} Clock */
/** @typedef {import("./types/api.js").GameView} View */

/** @type {{ id: string, version: number, clock: Clock | null } | null} the last answer (clock null: not correspondence) */
let known = null;

/** @param {number} seconds */
function left(seconds) {
  if (seconds <= 0) return "time is up";
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return `${days} day${days > 1 ? "s" : ""} ${hours} h left`;
  if (hours) return `${hours} h ${minutes} min left`;
  return minutes ? `${minutes} min left` : `${Math.ceil(seconds)} s left`;
}

/** @param {View} view @param {Clock | null} clock */
function paint(view, clock) {
  let line = document.getElementById("corr-deadline");
  if (!clock) {
    line?.remove();
    return;
  }
  if (!line) {
    line = h("div", { class: "sub", id: "corr-deadline" });
    document.getElementById("status-sub")?.after(line);
  }
  const per = `${clock.days} day${clock.days > 1 ? "s" : ""} per move`;
  if (view.result || clock.deadline === null) line.textContent = `Correspondence · ${per}`;
  else {
    const until = new Date(clock.deadline * 1000).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
    line.textContent = `${per} · ${left(clock.deadline - clock.now)} to move (until ${until})`;
    if (clock.vacation) line.textContent += ` · on vacation until ${new Date(clock.vacation.until * 1000).toLocaleDateString([], { dateStyle: "medium" })}: the clock is stopped`; // issue 43
  }
}

/**
 * Show the deadline of the game in ``view`` (called by game.js after each view).
 * @param {View} view
 */
export async function showDeadline(view) {
  if (view.mode !== "friend") return;
  /** @type {{ id: string, version: number, clock: Clock | null }} */
  let now;
  if ("correspondence" in view) now = { id: view.id, version: view.version, clock: view.correspondence ?? null };
  else if (!known || known.id !== view.id || (known.clock && known.version !== view.version)) {
    /** @type {Clock | null} */
    const clock = await api(`/api/games/${view.id}/correspondence`).catch(() => null);
    now = { id: view.id, version: view.version, clock };
  } else now = known;
  known = now;
  paint(view, now.clock);
}
