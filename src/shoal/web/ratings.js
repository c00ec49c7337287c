// @ts-check
// Ratings on the game page (issue 23): each player's rating beside the name, and once a
// rated game is over, each player's change on the result screen ("+12" / "−12").
// game.js calls showRatings(gid, view) after every render of the players.
import { $, h } from "./common.js";
import { api } from "./net.js";

let cached = null; // the last answer of GET /api/games/ID/ratings
let cachedFor = ""; // "over" or "playing": refetch when the game ends
let pending = null;

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}

function paint(view) {
  if (!cached) return;
  for (const item of cached.seats) {
    const name = document.querySelector(`#players .player[data-seat="${item.seat}"] .name`);
    if (!name || !item.rating) continue;
    if (item.bot && !name.querySelector(".bot-badge")) name.append(h("span", { class: "bot-badge", title: "a program or the site's computer plays this seat", text: "BOT" }));
    const shown = name.querySelector(".rating");
    if (shown) shown.textContent = `(${item.rating})`;
    else name.append(" ", h("span", { class: "rating", text: `(${item.rating})`, title: String(item.rating).endsWith("?") ? "rating, provisional: the ? goes once enough rated games have settled it" : "rating" }));
  }
  const status = $("#status");
  let box = $("#rating-changes");
  if (!view.result || !cached.rated || cached.seats.every((s) => s.change === null)) {
    if (box) box.remove();
    return;
  }
  if (!box) {
    box = h("div", { id: "rating-changes", class: "rating-changes" });
    status.append(box);
  }
  box.replaceChildren(
    ...cached.seats.map((s) =>
      h(
        "span",
        { class: `rating-change ${s.change > 0 ? "up" : s.change < 0 ? "down" : ""}`, dataset: { seat: String(s.seat) } },
        `${view.players[s.seat]} ${s.rating} `,
        h("strong", { text: signed(s.change) }),
      ),
    ),
  );
}

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
