// @ts-check
// The leaderboard page /leaderboard/GAME: per speed, the top 50 established players
// (deviation <= 110) active in the last 90 days, from GET /api/leaderboard/GAME.
import { $, footer, h, pageHead, readOrProblem, topbar } from "./common.js";

const game = decodeURIComponent(location.pathname.split("/")[2] || "");

/**
 * @typedef {{ rank: number, username: string, rating: number, games: number }} Row
 * @typedef {{ title: string, speeds: Record<string, Row[]> }} Board
 */

async function main() {
  const app = $("#app");
  /** @type {Board | null} */
  const board = await readOrProblem(`/api/leaderboard/${encodeURIComponent(game)}`, "No such leaderboard", { href: "/", text: "All games" });
  if (!board) return;
  document.title = `${board.title} leaderboard — shoal`;
  app.append(h("section", { class: "card" }, ...pageHead(`${board.title} leaderboard`, "Established players (rating deviation at most 110) who played a rated game in the last 90 days.")));
  for (const [speed, rows] of Object.entries(board.speeds)) {
    const table = h(
      "table",
      {},
      h("tr", {}, ["#", "Player", "Rating", "Games"].map((title) => h("th", { text: title }))),
      rows.map((row) => h("tr", {}, h("td", { text: String(row.rank) }), h("td", {}, h("a", { href: `/@/${encodeURIComponent(row.username)}`, text: row.username })), h("td", { text: String(row.rating) }), h("td", { text: String(row.games) }))),
    );
    app.append(h("section", { class: "card leaderboard", "data-speed": speed }, h("h2", { text: speed === "live" ? "Live" : "Correspondence" }), rows.length ? table : h("p", { text: "No established players yet." })));
  }
}

topbar();
main().then(footer);
