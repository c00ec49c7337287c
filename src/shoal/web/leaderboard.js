// @ts-check
// The leaderboard page /leaderboard/GAME: per speed, the top 50 established players
// (deviation <= 110) active in the last 90 days, from GET /api/leaderboard/GAME; people
// first, the bots on their own boards below (issue 63).
import { $, footer, h, pageHead, readOrProblem, topbar } from "./common.js";

const game = decodeURIComponent(location.pathname.split("/")[2] || "");

/** @typedef {import("./types/api.js").Leader} Row */
/** @typedef {import("./types/api.js").Leaderboard} Board */

/** @type {Record<string, string>} */
const SPEEDS = { live: "Live", correspondence: "Correspondence" };

/**
 * One board: a speed's table, or a line saying it is empty.
 * @param {string} kind "people" or "bots"
 * @param {string} speed
 * @param {Row[]} rows
 */
function boardCard(kind, speed, rows) {
  const who = kind === "bots" ? "Bot" : "Player";
  const table = h(
    "table",
    {},
    h("caption", { class: "sr-only", text: `${SPEEDS[speed] ?? speed} ${kind}` }),
    h("tr", {}, ["#", who, "Rating", "Games"].map((title) => h("th", { scope: "col", text: title }))),
    rows.map((row) => h("tr", {}, h("td", { text: String(row.rank) }), h("td", {}, h("a", { href: `/@/${encodeURIComponent(row.username)}`, text: row.username }), row.bot ? h("span", { class: "bot-badge", title: "a program or the site's computer", text: "BOT" }) : null), h("td", { text: String(row.rating) }), h("td", { text: String(row.games) }))),
  );
  const empty = kind === "bots" ? "No established bots yet." : "No established players yet.";
  return h("section", { class: "card leaderboard", "data-speed": speed, "data-kind": kind }, h("h3", { text: SPEEDS[speed] ?? speed }), rows.length ? table : h("p", { text: empty }));
}

async function main() {
  const app = $("#app");
  /** @type {Board | null} */
  const board = await readOrProblem(`/api/leaderboard/${encodeURIComponent(game)}`, "No such leaderboard", { href: "/", text: "All games" });
  if (!board) return;
  document.title = `${board.title} leaderboard — shoal`;
  app.append(h("section", { class: "card" }, ...pageHead(`${board.title} leaderboard`, "Established players (rating deviation at most 110) who played a rated game in the last 90 days. People and bots are ranked apart.")));
  for (const [kind, title, boards] of /** @type {const} */ ([["people", "People", board.speeds], ["bots", "Bots", board.bots]])) {
    app.append(
      h(
        "div",
        { class: "leaderboards", id: `leaderboard-${kind}` },
        h("h2", { text: title }),
        kind === "bots"
          ? h("p", { class: "help" }, "Programs playing through the Bot API, and the site's own computer levels. To compare agents under equal compute, see ", h("a", { href: "/ladder", text: "the ladder" }), ".")
          : h("p", { class: "help", text: "Accounts of people." }),
        Object.entries(boards).map(([speed, rows]) => boardCard(kind, speed, rows)),
      ),
    );
  }
}

topbar();
main().then(footer);
