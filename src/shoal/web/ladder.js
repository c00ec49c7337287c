// @ts-check
// The ladder pages (issue 63): /ladder lists the ladders (`shoal ladder` runs the site shows),
// /ladder/KEY shows one: the budget every agent played under, the pinned anchors, each
// player's Bayesian Elo rating with its 95% interval, and the games, each replayable on the
// replay page (its record is uploaded there, as a record file would be).
import { $, errorText, footer, h, pageHead, readOrProblem, toast, topbar } from "./common.js";
import { api } from "./net.js";

/** @typedef {import("./types/api.js").LadderOut} Ladder */
/** @typedef {import("./types/api.js").LadderPlayer} Player */
/** @typedef {import("./types/api.js").LadderGameOut} Game */
/** @typedef {import("./types/api.js").LadderSummary} Summary */

const key = decodeURIComponent(location.pathname.split("/")[2] || "");

const RULES =
  "Every agent plays its turns under one budget: the same seconds on one CPU core it is pinned to (or, for an agent that declares them, the same iterations), and a turn over the budget loses the game. The anchors are the site's computer levels, playing fixed iteration budgets with ratings pinned for the game, so ladders of one game compare. Seats alternate: each pairing plays a set-up twice, each side moving first once; after every pairing has met once, the games go where they narrow the rating intervals most.";

/** @param {Record<string, string>} options */
const optionText = (options) => Object.entries(options).map(([k, v]) => `${k}=${v}`).join(", ");

/** @param {{ title: string, options: Record<string, string> }} ladder */
const ladderTitle = (ladder) => `${ladder.title}${Object.keys(ladder.options).length ? ` (${optionText(ladder.options)})` : ""}`;

/** @param {number | null} value */
const elo = (value) => (value === null ? "—" : String(Math.round(value)));

async function index() {
  const app = $("#app");
  /** @type {{ ladders: Summary[] } | null} */
  const read = await readOrProblem("/api/ladder", "The ladder", { href: "/", text: "All games" });
  if (!read) return;
  const ladders = read.ladders;
  app.append(
    h(
      "section",
      { class: "card" },
      ...pageHead("The ladder", "Agents rated under fixed compute against pinned anchors."),
      h("p", { text: RULES }),
      h("p", { class: "help" }, "Rate your own agent: ", h("code", { text: "shoal ladder GAME [OPTIONS] --agents SPEC ..." }), " with an engine program, a Bot API program or a Python class; the site shows the results of the runs it publishes."),
    ),
    h(
      "section",
      { class: "card", id: "ladders" },
      h("h2", { text: "Ladders" }),
      ladders.length
        ? h(
            "ul",
            { class: "ladder-list" },
            ladders.map((ladder) =>
              h(
                "li",
                { dataset: { key: ladder.key } },
                h("a", { href: `/ladder/${encodeURIComponent(ladder.key)}`, text: ladderTitle(ladder) }),
                h("span", { class: "help", text: ` ${ladder.players} players, ${ladder.games} games${ladder.leader ? `; best agent: ${ladder.leader}` : ""}` }),
              ),
            ),
          )
        : h("p", { class: "help", text: "No ladder has been published yet." }),
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
  return h(
    "table",
    { class: "ladder-table stack-table", id: "standings" },
    h("caption", { class: "sr-only", text: "Ratings with 95% intervals" }),
    h("tr", {}, ["#", "Player", "Rating", "95% interval", "Games", "W-D-L"].map((t) => h("th", { scope: "col", text: t }))),
    ladder.players.map((p, i) => {
      const [from, to] = p.interval;
      const interval = p.anchor ? "pinned" : from === null || to === null ? "no games" : `${elo(from)} to ${elo(to)}`;
      return h(
        "tr",
        { class: p.anchor ? "anchor" : "", dataset: { name: p.name } },
        h("td", { dataset: { label: "#" }, text: String(i + 1) }),
        h("td", { dataset: { label: "Player" } }, h("span", { class: "name", text: p.name }), h("span", { class: "kind", text: p.anchor ? "anchor" : p.kind })),
        h("td", { class: "num", dataset: { label: "Rating" }, text: elo(p.rating) }),
        h("td", { class: "interval", dataset: { label: "95% interval" } }, h("span", { text: interval }), intervalBar(p, low, span)),
        h("td", { class: "num", dataset: { label: "Games" }, text: String(p.games) }),
        h("td", { dataset: { label: "W-D-L" }, text: `${p.wins}-${p.draws}-${p.losses}${p.forfeits ? ` (${p.forfeits} forfeited)` : ""}` }),
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
    h("caption", { class: "sr-only", text: "The games" }),
    h("tr", {}, ["#", "First", "Second", "Result", "How", ""].map((t) => h("th", { scope: "col", text: t }))),
    ladder.games.map((game) => {
      const button = h("button", { class: "btn small", type: "button", text: "Replay", "aria-label": `Replay game ${game.index + 1}` });
      button.addEventListener("click", () => replay(game, button));
      return h(
        "tr",
        { dataset: { index: String(game.index) } },
        h("td", { class: "n", text: String(game.index + 1) }),
        h("td", { text: game.players[0] }),
        h("td", { class: "second", text: game.players[1] }),
        h("td", { class: "result", text: game.result }),
        h("td", { class: game.forfeit ? "how forfeit" : "how", text: `${game.reason}${game.actions ? `, ${game.actions} actions` : ""}` }),
        h("td", { class: "replay" }, button),
      );
    }),
  );
}

async function one() {
  const app = $("#app");
  /** @type {Ladder | null} */
  const ladder = await readOrProblem(`/api/ladder/${encodeURIComponent(key)}`, "No such ladder", { href: "/ladder", text: "All ladders" });
  if (!ladder) return;
  const title = `${ladderTitle(ladder)} ladder`;
  document.title = `${title} — shoal`;
  const budget = ladder.budget;
  const method = ladder.method;
  const facts = [
    `Budget: ${budget.seconds} s a turn on one pinned core (a turn over ${+(budget.seconds + budget.grace).toFixed(3)} s loses), or ${budget.iterations} iterations an action for agents that declare them.`,
    `Ratings: Bayesian Elo with ${Math.round(method.confidence * 100)}% intervals; moving first is worth ${method.advantage} Elo here, drawelo ${method.drawelo}${method.held.length ? ` (held: ${method.held.join(", ")})` : ""}. Anchors keep their pinned ratings.`,
    `${ladder.games.length} games, ${ladder.finished.slice(0, 10)}${ladder.machine.load_start !== undefined && ladder.machine.load_start !== null ? `; load average ${ladder.machine.load_start} at the start, ${ladder.machine.load_end} at the end (${ladder.machine.cores} cores)` : ""}.`,
  ];
  app.append(
    h("section", { class: "card" }, ...pageHead(title, RULES), h("ul", { class: "ladder-facts" }, facts.map((f) => h("li", { text: f }))), h("p", {}, h("a", { href: "/ladder", text: "All ladders" }))),
    h("section", { class: "card" }, h("h2", { text: "Ratings" }), h("div", { class: "table-scroll" }, standings(ladder))),
    h("section", { class: "card" }, h("h2", { text: "Games" }), h("div", { class: "table-scroll" }, gamesTable(ladder))),
  );
}

topbar();
(key ? one() : index()).then(footer);
