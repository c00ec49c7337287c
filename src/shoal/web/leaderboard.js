// @ts-check
// The leaderboard page /leaderboard/GAME: per speed, the top 50 established players
// (deviation <= 110) active in the last 90 days, from GET /api/leaderboard/GAME.
import { $, footer, h, pageHead, topbar } from "./common.js";
import { api } from "./net.js";

const game = decodeURIComponent(location.pathname.split("/")[2] || "");

/**
 * @typedef {{ rank: number, username: string, rating: number, games: number, bot?: boolean }} Row
 * @typedef {{ title: string, speeds: Record<string, Row[]> }} Board
 */

async function main() {
  const app = $("#app");
  /** @type {Board} */
  let board;
  try {
    board = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
  } catch (error) {
    app.append(h("h1", { text: "Leaderboard" }), h("p", { class: "error", text: error.message }));
    return;
  }
  document.title = `${board.title} leaderboard — shoal`;
  app.append(h("section", { class: "card" }, ...pageHead(`${board.title} leaderboard`, "Established players (rating deviation at most 110) who played a rated game in the last 90 days.")));
  for (const [speed, rows] of Object.entries(board.speeds)) {
    const table = h(
      "table",
      {},
      h("tr", {}, ["#", "Player", "Rating", "Games"].map((title) => h("th", { text: title }))),
      rows.map((row) => h("tr", {}, h("td", { text: String(row.rank) }), h("td", {}, h("a", { href: `/@/${encodeURIComponent(row.username)}`, text: row.username }), row.bot ? h("span", { class: "bot-badge", title: "a program or the site's computer", text: "BOT" }) : null), h("td", { text: String(row.rating) }), h("td", { text: String(row.games) }))),
    );
    app.append(h("section", { class: "card leaderboard", "data-speed": speed }, h("h2", { text: speed === "live" ? "Live" : "Correspondence" }), rows.length ? table : h("p", { text: "No established players yet." })));
  }
}

topbar();
main().then(footer);
