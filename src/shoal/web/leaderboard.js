// @ts-check
// The leaderboard page /leaderboard/GAME: per speed, the top 50 established players
// (deviation <= 110) active in the last 90 days, from GET /api/leaderboard/GAME.
import { footer, topbar } from "./common.js";
import { api } from "./net.js";

const app = document.getElementById("app");
const game = decodeURIComponent(location.pathname.split("/")[2] || "");

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text); // text, never HTML
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

async function main() {
  let body;
  try {
    body = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
  } catch (error) {
    app.append(el("h1", "Leaderboard"), el("p", error.message, { class: "error" }));
    return;
  }
  document.title = `${body.title} leaderboard — shoal`;
  const intro = el("section", null, { class: "card" });
  intro.append(el("h1", `${body.title} leaderboard`));
  intro.append(el("p", "Established players (rating deviation at most 110) who played a rated game in the last 90 days.", { class: "help" }));
  app.append(intro);
  for (const [speed, rows] of Object.entries(body.speeds)) {
    const section = el("section", null, { class: "card leaderboard", "data-speed": speed });
    section.append(el("h2", speed === "live" ? "Live" : "Correspondence"));
    if (!rows.length) {
      section.append(el("p", "No established players yet."));
    } else {
      const table = el("table");
      const head = el("tr");
      for (const h of ["#", "Player", "Rating", "Games"]) head.append(el("th", h));
      table.append(head);
      for (const row of rows) {
        const tr = el("tr");
        tr.append(el("td", row.rank));
        const name = el("td");
        name.append(el("a", row.username, { href: `/@/${encodeURIComponent(row.username)}` }));
        tr.append(name, el("td", row.rating), el("td", row.games));
        table.append(tr);
      }
      section.append(table);
    }
    app.append(section);
  }
}

topbar();
main().then(footer);
