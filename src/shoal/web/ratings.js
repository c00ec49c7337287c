// @ts-check
// Ratings on the game page (issue 23): each player's rating beside the name, and once a
// rated game is over, each player's change on the result screen ("+12" / "−12").
// game.js calls showRatings(gid, view) after every render of the players.
import { $, h } from "./common.js";
import { api } from "./net.js";
import { t } from "./i18n.js";

/** @type {import("./types/api.js").GameRatings | null} the last answer of GET /api/games/ID/ratings */
let cached = null;
let cachedFor = ""; // "over" or "playing": refetch when the game ends
/** @type {Promise<void> | null} */
let pending = null;

/** @param {number} n */
function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}

/** @param {import("./types/api.js").GameView} view */
function paint(view) {
  const ratings = cached;
  if (!ratings) return;
  for (const item of ratings.seats) {
    const name = document.querySelector(`#players .player[data-seat="${item.seat}"] .name`);
    if (!name || !item.rating) continue;
    if (item.bot && !name.querySelector(".bot-badge")) name.append(h("span", { class: "bot-badge", title: t("a program or the site's computer plays this seat"), text: t("BOT") }));
    const shown = name.querySelector(".rating");
    if (shown) shown.textContent = `(${item.rating})`;
    else name.append(" ", h("span", { class: "rating", text: `(${item.rating})`, title: String(item.rating).endsWith("?") ? t("rating, provisional: the ? goes once enough rated games have settled it") : t("rating") }));
  }
  const status = $("#status");
  /** @type {HTMLElement | null} */
  let box = document.querySelector("#rating-changes");
  if (!view.result || !ratings.rated || ratings.seats.every((s) => s.change === null)) {
    if (box) box.remove();
    return;
  }
  if (!box) {
    box = h("div", { id: "rating-changes", class: "rating-changes" });
    status.append(box);
  }
  box.replaceChildren(
    ...ratings.seats.map(({ seat, rating, change }) =>
      h(
        "span",
        { class: `rating-change ${(change ?? 0) > 0 ? "up" : (change ?? 0) < 0 ? "down" : ""}`, dataset: { seat: String(seat) } },
        `${view.players[seat]} ${rating} `,
        h("strong", { text: signed(change ?? 0) }),
      ),
    ),
  );
}

/**
 * Show the players' ratings (and, once it is over, their changes) of the game in `view`.
 * @param {string} gid
 * @param {import("./types/api.js").GameView} view
 */
export function showRatings(gid, view) {
  const state = view.result ? "over" : "playing";
  paint(view);
  if (state === cachedFor || pending) return;
  pending = api(`/api/games/${encodeURIComponent(gid)}/ratings`)
    .catch(() => null) // no ratings to show (an unrated game, a server that cannot answer)
    .then((answer) => {
      cached = answer;
      cachedFor = state;
      pending = null;
      paint(view);
    })
    .catch(() => {
      pending = null;
    });
}
