// @ts-check
// A rules page: the game's docs page when the server has one, else its summary and options.
// The rules read in the reader's language when translated (docs/games/LANG/GAME.md), else in
// English; the English rules are the reference, one link away (?rules=en).
import { $, footer, h, pageHead, readOrProblem, topbar } from "./common.js";
import { lang, languages, number, t } from "./i18n.js";

async function main() {
  topbar();
  const app = $("#app");
  const id = location.pathname.split("/").filter(Boolean).pop() ?? "";
  const asked = new URLSearchParams(location.search).get("rules");
  const query = asked ? `?rules_language=${encodeURIComponent(asked)}` : "";
  /** @type {import("./types/api.js").CatalogGame | null} */
  const game = await readOrProblem(`/api/catalog/${encodeURIComponent(id)}${query}`, t("No such game"), { href: "/", text: t("All games") });
  if (!game) return;
  document.title = t("{game} rules — shoal", { game: game.title });
  const head = h(
    "div",
    { class: "rules-hero" },
    h(
      "div",
      {},
      ...pageHead(game.title),
      h("p", { class: "lead", text: game.summary }),
      h("a", { class: "btn primary", href: `/new?game=${game.id}`, text: t("Play {game}", { game: game.title }) }),
      " ",
      game.listed ? h("a", { class: "btn", href: `/learn/${game.id}`, text: t("Learn step by step") }) : null,
    ),
    h("img", { src: `/api/catalog/${game.id}/start.svg`, alt: t("{game} at the start", { game: game.title }) }),
  );
  app.append(head);
  const prose = h("article", { class: "prose", lang: game.rules_language ?? lang });
  if (game.rules_html) {
    prose.innerHTML = game.rules_html;
    const first = prose.querySelector("h1");
    if (first) first.remove();
    const note = referenceNote(game);
    if (note) prose.prepend(note);
  }
  if (game.options.length) {
    prose.append(h("h2", { text: t("Options") }));
    const table = h("table", {}, h("tr", {}, h("th", { text: t("Option") }), h("th", { text: t("Default") }), h("th", { text: t("Meaning") })));
    for (const o of game.options) {
      const limits = o.choices ? " " + t("(one of {choices})", { choices: o.choices.join(", ") }) : "";
      table.append(h("tr", {}, h("td", {}, h("code", { text: o.name })), h("td", { text: String(o.default) }), h("td", { text: o.help + limits })));
    }
    prose.append(table);
  }
  if (game.analysis) prose.append(...analysisSection(game.analysis));
  const technical = programmersSections(prose);
  if (technical.length) {
    prose.append(h("details", { class: "for-programmers", id: "for-programmers" }, h("summary", { text: t("For programmers: position strings, action numbers, observations") }), ...technical));
  }
  app.append(prose);
  footer();
}

/**
 * The line above translated rules (the English is the reference, one link away), above the
 * English read by choice (the translation, one link away), or above English rules a reader of
 * another language gets because they are not translated yet; none for an English reader.
 * @param {import("./types/api.js").CatalogGame} game
 * @returns {HTMLElement | null}
 */
function referenceNote(game) {
  const written = game.rules_language ?? "en";
  const here = location.pathname;
  if (written !== "en") {
    return h(
      "p",
      { class: "help rules-note", lang },
      t("Translated from the English rules, which are the reference.") + " ",
      h("a", { href: `${here}?rules=en`, hreflang: "en", text: t("Read the rules in English") }),
    );
  }
  if (lang === "en") return null;
  if (game.rules_languages.includes(lang)) {
    const name = languages.find(([code]) => code === lang)?.[1] ?? lang;
    return h(
      "p",
      { class: "help rules-note", lang },
      t("These are the English rules, the reference.") + " ",
      h("a", { href: here, hreflang: lang, text: t("Read them in {language}", { language: name }) }),
    );
  }
  return h("p", { class: "help rules-note", lang }, t("These rules are not translated yet: here is the English text, the reference."));
}

// The material for programmers (position strings, action numbers, perft, observations,
// engine notes) moves below the rules, folded, so a player reads the rules first. A
// translated rules page names these sections with the catalogue's words below.
const TECHNICAL = /^(position strings?|action (encoding|numbers)|perft|observations|engine notes|ai knowledge|ai)\b/i;
const TECHNICAL_TRANSLATED = [t("Position string"), t("Action encoding"), t("Observations (for learning agents)"), t("Engine notes"), t("AI knowledge")];

/** @param {string} heading */
const technical = (heading) => TECHNICAL.test(heading) || TECHNICAL_TRANSLATED.some((words) => heading.startsWith(words));

/** @param {HTMLElement} prose @returns {Element[]} */
function programmersSections(prose) {
  const moved = [];
  for (const heading of [...prose.querySelectorAll(":scope > h2")]) {
    if (!technical((heading.textContent ?? "").trim())) continue;
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

/** A figure with one decimal, in the page's language ("48.3", "48,3"). @param {number} x */
const fixed = (x) => number(x, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });

/** @param {import("./types/api.js").Rate} r */
const pct = (r) => t("{rate}% (95%: {low} to {high}%)", { rate: fixed(100 * r.rate), low: fixed(100 * r.low), high: fixed(100 * r.high) });

/** @param {import("./types/api.js").AnalysisSummary} a */
function analysisSection(a) {
  const reasons = Object.entries(a.reasons).map(([r, n]) => `${r} ${n}`).join(", ");
  const rows = [
    [t("Games"), t("{games}, {first} v {second}", { games: String(a.games), first: a.players[0], second: a.players[1] })],
    [t("First seat's score"), pct(a.seat0_score)],
    [t("First mover's score ({sides})", { sides: (a.first_mover.sides || []).join(", ") }), pct(a.first_mover)],
    [t("Draws"), pct(a.draw_rate)],
    [t("Length"), t("{mean} turns on average (median {median})", { mean: fixed(a.length_turns.mean), median: String(a.length_turns.median) })],
    [t("How games end"), reasons],
  ];
  const table = h("table", {}, ...rows.map(([k, v]) => h("tr", {}, h("th", { text: k }), h("td", { text: v }))));
  const plots = h("div", { class: "analysis-plots" }, ...a.plots.map((src) => h("img", { src, alt: (src.split("/").pop() ?? "").replace(".png", "") })));
  return [
    h("h2", { text: t("Self-play summary") }),
    h("p", { text: t("What computer players do with this game, from the shipped self-play report.") }),
    table,
    plots,
    h("p", { class: "help" }, t("Made with") + " ", h("code", { text: a.command })),
  ];
}

main();
