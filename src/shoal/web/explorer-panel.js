// @ts-check
// The opening explorer's panel beside the analysis board (issue 44): every move played from the
// board's position (the site's games, the shipped book, or one player's games), with its games,
// results for the side that made it, average rating, the engine's value and "proven win/loss in
// N". A click on a move plays it on the board (down the tree); "Back" goes up. The server counts;
// this file only shows GET /api/explorer/{game}.
import { errorText, h } from "./common.js";
import { api } from "./net.js";
import { proofWords } from "./engine.js";
import { number, parts, t, tn } from "./i18n.js";

/**
 * @typedef {object} ExplorerMove
 * @property {number} action
 * @property {string} text
 * @property {string} position
 * @property {number} games
 * @property {number} win_pct
 * @property {number} draw_pct
 * @property {number} loss_pct
 * @property {number | null} average_rating
 * @property {string | null} last_game
 * @property {number | null} value
 * @property {string | null} proven
 */

/**
 * @typedef {object} ExplorerReply
 * @property {string} source
 * @property {string} position
 * @property {string | null} side
 * @property {number} games
 * @property {ExplorerMove[]} moves
 */

/**
 * @typedef {object} PanelHooks
 * @property {(action: number) => void} play  plays a move on the board
 * @property {() => void} back  goes one move up the tree
 */

/**
 * The options of a game as the API's `options` words (`name=value name=value`).
 * @param {Record<string, unknown>} options
 * @returns {string}
 */
export function optionWords(options) {
  return Object.entries(options)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
}

/** The explorer's card: its source menu, the moves' table, and Back. */
export class ExplorerPanel {
  /** @param {PanelHooks} hooks */
  constructor(hooks) {
    this.hooks = hooks;
    /** @type {{game: string, options: string, position: string} | null} */
    this.at = null;
    this.ticket = 0;
    this.source = h(
      "select",
      { id: "explorer-source", "aria-label": t("Games from") },
      h("option", { value: "site" }, t("Site games")),
      h("option", { value: "book" }, t("Book (self-play)")),
      h("option", { value: "player" }, t("A player")),
    );
    this.player = h("input", { id: "explorer-player", placeholder: t("username"), "aria-label": t("username"), autocomplete: "off", hidden: "" });
    this.summary = h("p", { class: "help", id: "explorer-summary" });
    this.body = h("tbody", { id: "explorer-moves" });
    const back = h("button", { class: "btn small", id: "explorer-back", type: "button", title: t("One move up the tree") }, t("Back"));
    back.addEventListener("click", () => this.hooks.back());
    this.source.addEventListener("change", () => {
      this.player.hidden = this.source.value !== "player";
      this.refresh();
    });
    this.player.addEventListener("change", () => this.refresh());
    // "Played": the games played (the home page's "Games" are the games on offer)
    const head = h("tr", {}, ...[t("Move"), t("Played"), t("Results"), h("abbr", { title: t("Average rating") }, t("Avg")), t("Value"), ""].map((label) => h("th", { scope: "col" }, label)));
    // the bar's colours are results, not sides (issue 59: read as White/Black): said once
    const legend = h(
      "p",
      { class: "help wdl-legend", id: "explorer-legend" },
      ...parts(t("Results for the side that made the move: {won} won {drawn} drawn {lost} lost."), { won: h("span", { class: "key w" }), drawn: h("span", { class: "key d" }), lost: h("span", { class: "key l" }) }),
      " " + t("Value: that side's expected result after the move, from −1 to +1."),
    );
    this.element = h(
      "div",
      { class: "card explorer", id: "explorer" },
      h("h3", {}, t("Opening explorer")),
      h("div", { class: "tools" }, this.source, this.player, back),
      this.summary,
      legend,
      h("div", { class: "explorer-scroll" }, h("table", { class: "explorer-table" }, h("thead", {}, head), this.body)),
    );
  }

  /**
   * Show the moves from a position (called after every move of the board).
   * @param {string} game
   * @param {Record<string, unknown>} options
   * @param {string} position
   */
  show(game, options, position) {
    this.at = { game, options: optionWords(options), position };
    this.refresh();
  }

  async refresh() {
    if (!this.at) return;
    const ticket = ++this.ticket;
    const query = new URLSearchParams({ source: this.source.value, position: this.at.position });
    if (this.at.options) query.set("options", this.at.options);
    if (this.source.value === "player") {
      if (!this.player.value.trim()) {
        this.summary.textContent = t("Type a username to see that player's games.");
        this.body.replaceChildren();
        return;
      }
      query.set("player", this.player.value.trim());
    }
    this.summary.textContent = t("Loading…");
    /** @type {ExplorerReply} */
    let reply;
    try {
      reply = await api(`/api/explorer/${encodeURIComponent(this.at.game)}?${query}`);
    } catch (error) {
      if (ticket !== this.ticket) return;
      this.summary.textContent = errorText(error); // the server's words (net.js)
      this.body.replaceChildren();
      return;
    }
    if (ticket !== this.ticket) return;
    this.render(reply);
  }

  /** @param {ExplorerReply} reply */
  render(reply) {
    this.summary.textContent = reply.moves.length
      ? tn("{n} game from here.", "{n} games from here.", reply.games)
      : t("No games reach this position.");
    const pct = (/** @type {number} */ value) => number(value / 100, { style: "percent", maximumFractionDigits: 1 });
    const round = (/** @type {number} */ value) => number(Math.round(value) / 100, { style: "percent" });
    this.body.replaceChildren(
      ...reply.moves.map((move) => {
        const bar = h(
          "span",
          { class: "wdl", title: t("{won} won, {drawn} drawn, {lost} lost", { won: pct(move.win_pct), drawn: pct(move.draw_pct), lost: pct(move.loss_pct) }) },
          h("span", { class: "w", style: `width:${move.win_pct}%` }, move.win_pct >= 15 ? round(move.win_pct) : ""),
          h("span", { class: "d", style: `width:${move.draw_pct}%` }, move.draw_pct >= 15 ? round(move.draw_pct) : ""),
          h("span", { class: "l", style: `width:${move.loss_pct}%` }, move.loss_pct >= 15 ? round(move.loss_pct) : ""),
        );
        const last = move.last_game && !move.last_game.startsWith("book:")
          ? h("a", { href: `/game/${move.last_game}`, title: t("The last game with this move") }, t("last"))
          : "";
        const value = move.value === null ? "" : number(move.value, { signDisplay: "exceptZero", minimumFractionDigits: 2, maximumFractionDigits: 2 });
        const row = h(
          "tr",
          { class: "explorer-move", "data-action": String(move.action), tabindex: "0" },
          h("td", { class: "move" }, move.text),
          h("td", { class: "num" }, number(move.games)),
          h("td", {}, bar),
          h("td", { class: "num" }, move.average_rating === null ? "" : number(move.average_rating)),
          h("td", { class: "num" }, move.proven ? h("strong", { class: "proven" }, proofWords(move.proven)) : value),
          h("td", {}, last),
        );
        const go = () => this.hooks.play(move.action);
        row.addEventListener("click", (event) => {
          if (!(event.target instanceof HTMLAnchorElement)) go();
        });
        row.addEventListener("keydown", (event) => {
          if (event.key === "Enter") go();
        });
        return row;
      }),
    );
  }
}
