// @ts-check
// The ladder pages (issue 63): /ladder lists the ladders (`shoal ladder` runs the site shows),
// /ladder/KEY shows one: the budget every agent played under, the pinned anchors, each
// player's Bayesian Elo rating with its 95% interval, and the games, each replayable on the
// replay page (its record is uploaded there, as a record file would be).
import { $, errorText, footer, h, pageHead, readOrProblem, toast, topbar } from "./common.js";
import { api } from "./net.js";
import { date, number, parts, t, tn } from "./i18n.js";

/** @typedef {import("./types/api.js").LadderOut} Ladder */
/** @typedef {import("./types/api.js").LadderPlayer} Player */
/** @typedef {import("./types/api.js").LadderGameOut} Game */
/** @typedef {import("./types/api.js").LadderSummary} Summary */

const key = decodeURIComponent(location.pathname.split("/")[2] || "");

const rules = () =>
  t("Every agent plays its turns under one budget: the same seconds on one CPU core it is pinned to (or, for an agent that declares them, the same iterations), and a turn over the budget loses the game. The anchors are the site's computer levels, playing fixed iteration budgets with ratings pinned for the game, so ladders of one game compare. Seats alternate: each pairing plays a set-up twice, each side moving first once; after every pairing has met once, the games go where they narrow the rating intervals most.");

/** An agent's kind in words (engine, bot, python, baseline; a kind not named here as it is). @param {string} kind */
function kindWord(kind) {
  /** @type {Record<string, () => string>} */
  const words = { engine: () => t("engine"), bot: () => t("bot"), python: () => t("Python"), baseline: () => t("baseline"), anchor: () => t("anchor") };
  return Object.hasOwn(words, kind) ? words[kind]() : kind;
}

/** @param {Record<string, string>} options */
const optionText = (options) => Object.entries(options).map(([k, v]) => `${k}=${v}`).join(", ");

/** @param {{ title: string, options: Record<string, string> }} ladder */
const ladderTitle = (ladder) => `${ladder.title}${Object.keys(ladder.options).length ? ` (${optionText(ladder.options)})` : ""}`;

/** @param {number | null} value */
const elo = (value) => (value === null ? "—" : String(Math.round(value)));

async function index() {
  const app = $("#app");
  /** @type {{ ladders: Summary[] } | null} */
  const read = await readOrProblem("/api/ladder", t("The ladder"), { href: "/", text: t("All games") });
  if (!read) return;
  const ladders = read.ladders;
  app.append(
    h(
      "section",
      { class: "card" },
      ...pageHead(t("The ladder"), t("Agents rated under fixed compute against pinned anchors.")),
      h("p", { text: rules() }),
      h("p", { class: "help" }, ...parts(t("Rate your own agent: {command} with an engine program, a Bot API program or a Python class; the site shows the results of the runs it publishes."), { command: h("code", { text: "shoal ladder GAME [OPTIONS] --agents SPEC ..." }) })),
    ),
    h(
      "section",
      { class: "card", id: "ladders" },
      h("h2", { text: t("Ladders") }),
      ladders.length
        ? h(
            "ul",
            { class: "ladder-list" },
            ladders.map((ladder) =>
              h(
                "li",
                { dataset: { key: ladder.key } },
                h("a", { href: `/ladder/${encodeURIComponent(ladder.key)}`, text: ladderTitle(ladder) }),
                h("span", { class: "help", text: " " + tn("{n} player", "{n} players", ladder.players) + ", " + tn("{n} game", "{n} games", ladder.games) + (ladder.leader ? "; " + t("best agent: {name}", { name: ladder.leader }) : "") }),
              ),
            ),
          )
        : h("p", { class: "help", text: t("No ladder has been published yet.") }),
    ),
  );
}

/**
 * A player's interval as a bar on the ladder's scale (decoration: the numbers are beside it).
 * @param {Player} player
 * @param {number} low the scale's left end
 * @param {number} span the scale's width
 */
function intervalBar(player, low, span) {
  const [from, to] = player.interval;
  const at = (/** @type {number} */ x) => `${(((x - low) / span) * 100).toFixed(1)}%`;
  const bar = h("span", { class: "interval-bar", "aria-hidden": "true" });
  if (player.rating === null || from === null || to === null) return bar;
  bar.append(h("span", { class: player.anchor ? "range pinned" : "range", style: `left: ${at(from)}; width: ${player.anchor ? "2px" : at(low + to - from)}` }), h("span", { class: "point", style: `left: ${at(player.rating)}` }));
  return bar;
}

/** @param {Ladder} ladder */
function standings(ladder) {
  const rated = ladder.players.filter((p) => p.rating !== null);
  const ends = rated.flatMap((p) => p.interval.filter((x) => x !== null));
  const low = Math.min(...ends) - 20;
  const span = Math.max(...ends) + 20 - low || 1;
  const heads = ["#", t("Player"), t("Rating"), t("Interval (95%)"), t("Games played"), t("W-D-L")];
  return h(
    "table",
    { class: "ladder-table stack-table", id: "standings" },
    h("caption", { class: "sr-only", text: t("Ratings and their intervals (95%)") }),
    h("tr", {}, heads.map((head) => h("th", { scope: "col", text: head }))),
    ladder.players.map((p, i) => {
      const [from, to] = p.interval;
      const interval = p.anchor ? t("pinned") : from === null || to === null ? t("no games") : t("{low} to {high}", { low: elo(from), high: elo(to) });
      return h(
        "tr",
        { class: p.anchor ? "anchor" : "", dataset: { name: p.name } },
        h("td", { dataset: { label: heads[0] }, text: String(i + 1) }),
        h("td", { dataset: { label: heads[1] } }, h("span", { class: "name", text: p.name, translate: "no" }), h("span", { class: "kind", text: kindWord(p.anchor ? "anchor" : p.kind) })),
        h("td", { class: "num", dataset: { label: heads[2] }, text: elo(p.rating) }),
        h("td", { class: "interval", dataset: { label: heads[3] } }, h("span", { text: interval }), intervalBar(p, low, span)),
        h("td", { class: "num", dataset: { label: heads[4] }, text: number(p.games) }),
        h("td", { dataset: { label: heads[5] }, text: `${p.wins}-${p.draws}-${p.losses}` + (p.forfeits ? " " + tn("({n} forfeited)", "({n} forfeited)", p.forfeits) : "") }),
      );
    }),
  );
}

/**
 * Upload a game's record and open it on the replay page.
 * @param {Game} game
 * @param {HTMLButtonElement} button
 */
async function replay(game, button) {
  button.disabled = true;
  try {
    const text = await api(`/api/ladder/${encodeURIComponent(key)}/games/${game.index}/record`);
    /** @type {import("./types/api.js").RecordIn} */
    const body = { text };
    const made = await api("/api/records", { method: "POST", body });
    location.href = `/replay/record/${made.id}`;
  } catch (error) {
    toast(errorText(error), "error");
    button.disabled = false;
  }
}

/** @param {Ladder} ladder */
function gamesTable(ladder) {
  return h(
    "table",
    { class: "ladder-table", id: "ladder-games" },
    h("caption", { class: "sr-only", text: t("The games") }),
    h("tr", {}, ["#", t("First"), t("Second"), t("Result"), t("How"), ""].map((head) => h("th", { scope: "col", text: head }))),
    ladder.games.map((game) => {
      const button = h("button", { class: "btn small", type: "button", text: t("Replay"), "aria-label": t("Replay game {n}", { n: game.index + 1 }) });
      button.addEventListener("click", () => replay(game, button));
      return h(
        "tr",
        { dataset: { index: String(game.index) } },
        h("td", { class: "n", text: String(game.index + 1) }),
        h("td", { text: game.players[0], translate: "no" }),
        h("td", { class: "second", text: game.players[1], translate: "no" }),
        h("td", { class: "result", text: game.result }),
        // the record's short reason ("score 31 to -52"): a record's words, language-neutral as its notation
        h("td", { class: game.forfeit ? "how forfeit" : "how" }, h("span", { text: game.reason, translate: "no" }), game.actions ? ", " + tn("{n} action", "{n} actions", game.actions) : ""),
        h("td", { class: "replay" }, button),
      );
    }),
  );
}

async function one() {
  const app = $("#app");
  /** @type {Ladder | null} */
  const ladder = await readOrProblem(`/api/ladder/${encodeURIComponent(key)}`, t("No such ladder"), { href: "/ladder", text: t("All ladders") });
  if (!ladder) return;
  const title = t("{ladder} ladder", { ladder: ladderTitle(ladder) });
  document.title = `${title} — shoal`;
  const budget = ladder.budget;
  const method = ladder.method;
  const machine = ladder.machine;
  const load = machine.load_start !== undefined && machine.load_start !== null;
  const figure = (/** @type {string | number | null | undefined} */ value) => (typeof value === "number" ? value : String(value));
  const facts = [
    t("Budget: {seconds} s a turn on one pinned core (a turn over {limit} s loses), or {iterations} iterations an action for agents that declare them.", { seconds: budget.seconds, limit: +(budget.seconds + budget.grace).toFixed(3), iterations: budget.iterations }),
    t("Ratings: Bayesian Elo, intervals of {confidence}%; moving first is worth {advantage} Elo here, drawelo {drawelo}.", { confidence: Math.round(method.confidence * 100), advantage: method.advantage, drawelo: method.drawelo }) + (method.held.length ? " " + t("(held: {names})", { names: method.held.join(", ") }) : "") + " " + t("Anchors keep their pinned ratings."),
    tn("{n} game", "{n} games", ladder.games.length) + ", " + date(ladder.finished) + (load ? "; " + t("load average {start} at the start, {end} at the end ({cores} cores)", { start: figure(machine.load_start), end: figure(machine.load_end), cores: figure(machine.cores) }) : "") + ".",
  ];
  app.append(
    h("section", { class: "card" }, ...pageHead(title, rules()), h("ul", { class: "ladder-facts" }, facts.map((f) => h("li", { text: f }))), h("p", {}, h("a", { href: "/ladder", text: t("All ladders") }))),
    h("section", { class: "card" }, h("h2", { text: t("Ratings") }), h("div", { class: "table-scroll" }, standings(ladder))),
    h("section", { class: "card" }, h("h2", { text: t("Games played") }), h("div", { class: "table-scroll" }, gamesTable(ladder))),
  );
}

topbar();
(key ? one() : index()).then(footer);
