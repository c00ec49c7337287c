// @ts-check
// A correspondence game's deadline under the status of the game page (issue 22):
// "2 days 4 h left to move", read from /api/games/{id}/correspondence after each move.
import { h } from "./common.js";
import { api } from "./net.js";
import { date, t, tn } from "./i18n.js";

/** @typedef {import("./types/api.js").CorrespondenceView} Clock */
/** @typedef {import("./types/api.js").GameView} View */

/** @type {{ id: string, version: number, clock: Clock | null } | null} the last answer (clock null: not correspondence) */
let known = null;

/** @param {number} seconds */
function left(seconds) {
  if (seconds <= 0) return t("time is up");
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return tn("{n} day {h} h left", "{n} days {h} h left", days, { h: hours });
  if (hours) return t("{h} h {m} min left", { h: hours, m: minutes });
  return minutes ? t("{m} min left", { m: minutes }) : t("{s} s left", { s: Math.ceil(seconds) });
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
  const per = tn("{n} day per move", "{n} days per move", clock.days);
  if (view.result || clock.deadline === null) line.textContent = t("Correspondence · {per}", { per });
  else {
    const until = date(clock.deadline * 1000, { dateStyle: "medium", timeStyle: "short" });
    line.textContent = t("{per} · {left} to move (until {until})", { per, left: left(clock.deadline - clock.now), until });
    if (clock.vacation) line.textContent += " · " + t("on vacation until {date}: the clock is stopped", { date: date(clock.vacation.until * 1000) }); // issue 43
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
