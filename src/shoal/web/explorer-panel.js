// @ts-check
// The opening explorer's panel beside the analysis board (issue 44): every move played from the
// board's position (the site's games, the shipped book, or one player's games), with its games,
// results for the side that made it, average rating, the engine's value and "proven win/loss in
// N". A click on a move plays it on the board (down the tree); "Back" goes up. The server counts;
// this file only shows GET /api/explorer/{game}.

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
 * An element with attributes and children.
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {(Node | string)[]} children
 * @returns {HTMLElement}
 */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

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

export class ExplorerPanel {
  /** @param {PanelHooks} hooks */
  constructor(hooks) {
    this.hooks = hooks;
    /** @type {{game: string, options: string, position: string} | null} */
    this.at = null;
    this.ticket = 0;
    this.source = /** @type {HTMLSelectElement} */ (
      el("select", { id: "explorer-source", "aria-label": "Games from" },
        el("option", { value: "site" }, "Site games"),
        el("option", { value: "book" }, "Book (self-play)"),
        el("option", { value: "player" }, "A player"))
    );
    this.player = /** @type {HTMLInputElement} */ (
      el("input", { id: "explorer-player", placeholder: "username", autocomplete: "off", hidden: "" })
    );
    this.summary = el("p", { class: "help", id: "explorer-summary" });
    this.body = el("tbody", { id: "explorer-moves" });
    const back = el("button", { class: "btn small", id: "explorer-back", type: "button", title: "One move up the tree" }, "Back");
    back.addEventListener("click", () => this.hooks.back());
    this.source.addEventListener("change", () => {
      this.player.hidden = this.source.value !== "player";
      this.refresh();
    });
    this.player.addEventListener("change", () => this.refresh());
    const head = el("tr", {}, ...["Move", "Games", "Win/draw/loss", "Avg", "Value", ""].map((t) => el("th", { scope: "col" }, t)));
    this.element = el(
      "div",
      { class: "card explorer", id: "explorer" },
      el("h3", {}, "Opening explorer"),
      el("div", { class: "tools" }, this.source, this.player, back),
      this.summary,
      el("div", { class: "explorer-scroll" }, el("table", { class: "explorer-table" }, el("thead", {}, head), this.body)),
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
        this.summary.textContent = "Type a username to see that player's games.";
        this.body.replaceChildren();
        return;
      }
      query.set("player", this.player.value.trim());
    }
    this.summary.textContent = "Loading…";
    const response = await fetch(`/api/explorer/${encodeURIComponent(this.at.game)}?${query}`);
    const data = await response.json();
    if (ticket !== this.ticket) return;
    if (!response.ok) {
      this.summary.textContent = String(data.detail || response.statusText);
      this.body.replaceChildren();
      return;
    }
    this.render(/** @type {ExplorerReply} */ (data));
  }

  /** @param {ExplorerReply} reply */
  render(reply) {
    const word = reply.games === 1 ? "game" : "games";
    this.summary.textContent = reply.moves.length
      ? `${reply.games.toLocaleString()} ${word} from here; results for the side that moved.`
      : "No games reach this position.";
    this.body.replaceChildren(
      ...reply.moves.map((move) => {
        const bar = el(
          "span",
          { class: "wdl", title: `${move.win_pct}% won, ${move.draw_pct}% drawn, ${move.loss_pct}% lost` },
          el("span", { class: "w", style: `width:${move.win_pct}%` }, move.win_pct >= 15 ? `${Math.round(move.win_pct)}%` : ""),
          el("span", { class: "d", style: `width:${move.draw_pct}%` }, move.draw_pct >= 15 ? `${Math.round(move.draw_pct)}%` : ""),
          el("span", { class: "l", style: `width:${move.loss_pct}%` }, move.loss_pct >= 15 ? `${Math.round(move.loss_pct)}%` : ""),
        );
        const last = move.last_game && !move.last_game.startsWith("book:")
          ? el("a", { href: `/game/${move.last_game}`, title: "The last game with this move" }, "last")
          : "";
        const value = move.value === null ? "" : `${move.value > 0 ? "+" : ""}${move.value.toFixed(2)}`;
        const row = el(
          "tr",
          { class: "explorer-move", "data-action": String(move.action), tabindex: "0" },
          el("td", { class: "move" }, move.text),
          el("td", { class: "num" }, move.games.toLocaleString()),
          el("td", {}, bar),
          el("td", { class: "num" }, move.average_rating === null ? "" : String(move.average_rating)),
          el("td", { class: "num" }, move.proven ? el("strong", { class: "proven" }, move.proven) : value),
          el("td", {}, last),
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
