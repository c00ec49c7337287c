// @ts-check
// The leaderboard page /leaderboard/GAME: per speed, the top 50 established players
// (deviation <= 110) active in the last 90 days, from GET /api/leaderboard/GAME; people
// first, the bots on their own boards below (issue 63).
import { $, footer, h, pageHead, readOrProblem, topbar } from "./common.js";
import { number, parts, t } from "./i18n.js";

const game = decodeURIComponent(location.pathname.split("/")[2] || "");

/** @typedef {import("./types/api.js").Leader} Row */
/** @typedef {import("./types/api.js").Leaderboard} Board */

/** A speed's name (a speed not named here as the server says it). @param {string} speed */
function speedName(speed) {
  if (speed === "live") return t("Live");
  if (speed === "correspondence") return t("Correspondence");
  return speed;
}

/**
 * One board: a speed's table, or a line saying it is empty.
 * @param {string} kind "people" or "bots"
 * @param {string} speed
 * @param {Row[]} rows
 */
function boardCard(kind, speed, rows) {
  const who = kind === "bots" ? t("Bot") : t("Player");
  const table = h(
    "table",
    {},
    h("caption", { class: "sr-only", text: kind === "bots" ? t("{speed}: bots", { speed: speedName(speed) }) : t("{speed}: people", { speed: speedName(speed) }) }),
    h("tr", {}, ["#", who, t("Rating"), t("Games played")].map((title) => h("th", { scope: "col", text: title }))),
    rows.map((row) => h("tr", {}, h("td", { text: number(row.rank) }), h("td", {}, h("a", { href: `/@/${encodeURIComponent(row.username)}`, text: row.username }), row.bot ? h("span", { class: "bot-badge", title: t("a program or the site's computer"), text: t("BOT") }) : null), h("td", { text: String(row.rating) }), h("td", { text: number(row.games) }))),
  );
  const empty = kind === "bots" ? t("No established bots yet.") : t("No established players yet.");
  return h("section", { class: "card leaderboard", "data-speed": speed, "data-kind": kind }, h("h3", { text: speedName(speed) }), rows.length ? table : h("p", { text: empty }));
}

async function main() {
  const app = $("#app");
  /** @type {Board | null} */
  const board = await readOrProblem(`/api/leaderboard/${encodeURIComponent(game)}`, t("No such leaderboard"), { href: "/", text: t("All games") });
  if (!board) return;
  document.title = t("{game} leaderboard — shoal", { game: board.title });
  app.append(h("section", { class: "card" }, ...pageHead(t("{game} leaderboard", { game: board.title }), t("Established players (rating deviation at most 110) who played a rated game in the last 90 days. People and bots are ranked apart."))));
  for (const [kind, title, boards] of /** @type {const} */ ([["people", t("People"), board.speeds], ["bots", t("Bots"), board.bots]])) {
    app.append(
      h(
        "div",
        { class: "leaderboards", id: `leaderboard-${kind}` },
        h("h2", { text: title }),
        kind === "bots"
          ? h("p", { class: "help" }, ...parts(t("Programs playing through the Bot API, and the site's own computer levels. To compare agents under equal compute, see {link}."), { link: h("a", { href: "/ladder", text: t("the ladder") }) }))
          : h("p", { class: "help", text: t("Accounts of people.") }),
        Object.entries(boards).map(([speed, rows]) => boardCard(kind, speed, rows)),
      ),
    );
  }
}

topbar();
main().then(footer);
