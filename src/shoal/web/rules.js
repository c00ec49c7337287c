// @ts-check
// A rules page: the game's docs page when the server has one, else its summary and options.
import { $, footer, h, pageHead, readOrProblem, topbar } from "./common.js";

async function main() {
  topbar();
  const app = $("#app");
  const id = location.pathname.split("/").filter(Boolean).pop() ?? "";
  /** @type {import("./types/api.js").CatalogGame | null} */
  const game = await readOrProblem(`/api/catalog/${encodeURIComponent(id)}`, "No such game", { href: "/", text: "All games" });
  if (!game) return;
  document.title = `${game.title} rules — shoal`;
  const head = h(
    "div",
    { class: "rules-hero" },
    h(
      "div",
      {},
      ...pageHead(game.title),
      h("p", { class: "lead", text: game.summary }),
      h("a", { class: "btn primary", href: `/new?game=${game.id}`, text: `Play ${game.title}` }),
      " ",
      game.listed ? h("a", { class: "btn", href: `/learn/${game.id}`, text: "Learn step by step" }) : null,
    ),
    h("img", { src: `/api/catalog/${game.id}/start.svg`, alt: `${game.title} at the start` }),
  );
  app.append(head);
  const prose = h("article", { class: "prose" });
  if (game.rules_html) {
    prose.innerHTML = game.rules_html;
    const first = prose.querySelector("h1");
    if (first) first.remove();
  }
  if (game.options.length) {
    prose.append(h("h2", { text: "Options" }));
    const table = h("table", {}, h("tr", {}, h("th", { text: "Option" }), h("th", { text: "Default" }), h("th", { text: "Meaning" })));
    for (const o of game.options) {
      const limits = o.choices ? ` (one of ${o.choices.join(", ")})` : "";
      table.append(h("tr", {}, h("td", {}, h("code", { text: o.name })), h("td", { text: String(o.default) }), h("td", { text: o.help + limits })));
    }
    prose.append(table);
  }
  if (game.analysis) prose.append(...analysisSection(game.analysis));
  const technical = programmersSections(prose);
  if (technical.length) {
    prose.append(h("details", { class: "for-programmers", id: "for-programmers" }, h("summary", { text: "For programmers: position strings, action numbers, observations" }), ...technical));
  }
  app.append(prose);
  footer();
}

// The material for programmers (position strings, action numbers, perft, observations,
// engine notes) moves below the rules, folded, so a player reads the rules first.
const TECHNICAL = /^(position strings?|action (encoding|numbers)|perft|observations|engine notes|ai knowledge|ai)\b/i;

/** @param {HTMLElement} prose @returns {Element[]} */
function programmersSections(prose) {
  const moved = [];
  for (const heading of [...prose.querySelectorAll(":scope > h2")]) {
    if (!TECHNICAL.test((heading.textContent ?? "").trim())) continue;
    const section = [heading];
    let next = heading.nextElementSibling;
    while (next && next.tagName !== "H2") {
      section.push(next);
      next = next.nextElementSibling;
    }
    for (const el of section) el.remove();
    moved.push(...section);
  }
  return moved;
}

/** @param {import("./types/api.js").Rate} r */
const pct = (r) => `${(100 * r.rate).toFixed(1)}% (95%: ${(100 * r.low).toFixed(1)} to ${(100 * r.high).toFixed(1)}%)`;

/** @param {import("./types/api.js").AnalysisSummary} a */
function analysisSection(a) {
  const reasons = Object.entries(a.reasons).map(([r, n]) => `${r} ${n}`).join(", ");
  const rows = [
    ["Games", `${a.games}, ${a.players[0]} v ${a.players[1]}`],
    ["First seat's score", pct(a.seat0_score)],
    [`First mover's score (${(a.first_mover.sides || []).join(", ")})`, pct(a.first_mover)],
    ["Draws", pct(a.draw_rate)],
    ["Length", `${a.length_turns.mean.toFixed(1)} turns on average (median ${a.length_turns.median})`],
    ["How games end", reasons],
  ];
  const table = h("table", {}, ...rows.map(([k, v]) => h("tr", {}, h("th", { text: k }), h("td", { text: v }))));
  const plots = h("div", { class: "analysis-plots" }, ...a.plots.map((src) => h("img", { src, alt: (src.split("/").pop() ?? "").replace(".png", "") })));
  return [
    h("h2", { text: "Self-play summary" }),
    h("p", { text: "What computer players do with this game, from the shipped self-play report." }),
    table,
    plots,
    h("p", { class: "help" }, "Made with ", h("code", { text: a.command })),
  ];
}

main();
