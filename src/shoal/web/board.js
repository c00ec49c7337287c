// @ts-check
// The one generic board interaction: the server sends, for each legal action, the cells to
// click in order (its click path). We highlight the next cells of the paths that agree
// with the clicks so far, narrow on each click, and choose when one action remains; when
// several actions end on the same cells we ask with a small menu. No rules here.
import { $, download, h, icon, toast, trapFocus } from "./common.js";
import { boardWordsCard, cellKey, fillMoveBox, findEntry, keyCells, liveRegion, moveBox, moveError, nameCells, quietSvg, showBoardWords } from "./board-keys.js";
import { pickWords, reachWords } from "./input-mode.js";
import { t } from "./i18n.js";
import { sideTitle } from "./game-words.js";

/** @typedef {import("./board-keys.js").LegalEntry} LegalEntry */
/** @typedef {(text: string) => unknown} OnText */

/** @param {string[]} path @param {string[]} prefix */
const samePrefix = (path, prefix) => prefix.every((cell, i) => path[i] === cell);

/** A board the player clicks: highlights the next cells of the legal actions' paths, and chooses. */
export class ClickBoard {
  /**
   * @param {HTMLElement} wrap the board's box
   * @param {(entry: LegalEntry) => unknown} onChoose called with the action the player picks
   */
  constructor(wrap, onChoose) {
    this.wrap = wrap;
    this.onChoose = onChoose;
    /** @type {LegalEntry[]} */
    this.legal = [];
    /** @type {string[]} the cells clicked so far */
    this.prefix = [];
    this.enabled = false;
    /** @type {string[]} */
    this.hint = [];
    /** @type {string[] | null} */
    this.words = null;
    /** @type {Record<string, string> | null} each cell's name (the view's `cells`) */
    this.names = null;
    /** @type {(() => void) | null} called after each repaint (a page's status follows the clicks) */
    this.onPaint = null;
    /** @type {((event: MouseEvent) => boolean) | null} sees a click first; true: it took it (a zoom) */
    this.beforeClick = null;
    liveRegion(); // there before its first words
    /** @type {string | null} the cell the keyboard is on (kept across redrawn boards) */
    this.focusId = null;
    /** @type {OnText | null} where typed text no legal entry matches goes (the server's parse) */
    this.onText = null;
    wrap.addEventListener("click", (event) => this.click(event));
    wrap.addEventListener("keydown", (event) => cellKey(event, wrap, (id) => this.clickCell(id)));
    wrap.addEventListener("focusin", (event) => {
      const cell = event.target instanceof Element ? event.target.closest(".cell") : null;
      if (cell instanceof SVGElement || cell instanceof HTMLElement) this.focusId = cell.dataset.cell ?? null;
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.reset();
    });
  }

  // The move box for this board (board-keys.js): typed notation chooses the legal entry it
  // names; other text goes to `onText` when given (the server parses it and says why not).
  /** @param {OnText | null} [onText] */
  moveBox(onText = null) {
    this.onText = onText;
    return moveBox((text) => this.typed(text));
  }

  /** @param {string} text */
  typed(text) {
    const input = document.getElementById("move-text");
    if (!this.enabled) {
      moveError(t("No action can be played now."));
      return;
    }
    const entry = findEntry(this.legal, text);
    if (!entry && !this.onText) {
      moveError(t("{text} is not a legal action here: the box lists the legal ones as you type.", { text }));
      return;
    }
    if (input instanceof HTMLInputElement) input.value = "";
    moveError("");
    if (entry) this.choose(entry);
    else this.onText?.(text);
  }

  // Show a new board. ``legal`` is [{action, text, path}]; ``enabled`` says whether the
  // viewer may act now; ``words`` is the board in words (the server's lines), when sent;
  // ``names`` each cell's accessible name (the view's `cells`), when sent.
  /**
   * @param {string} svg
   * @param {LegalEntry[]} legal
   * @param {boolean} enabled
   * @param {string[] | null} [words]
   * @param {Record<string, string> | null} [names]
   */
  show(svg, legal, enabled, words = null, names = null) {
    this.words = words;
    this.names = names;
    showBoardWords(words);
    const active = document.activeElement;
    const refocus = Boolean(active && this.wrap.contains(active) && active.classList.contains("cell"));
    this.svgHost().innerHTML = svg;
    quietSvg(this.svgHost());
    this.legal = legal;
    this.enabled = enabled;
    this.prefix = [];
    this.hint = [];
    this.closeMenu();
    this.paint();
    keyCells(this.wrap, this.focusId, this.nextCells(), refocus);
  }

  svgHost() {
    /** @type {HTMLElement | null} */
    let host = this.wrap.querySelector(".svg-host");
    if (!host) {
      host = h("div", { class: "svg-host", style: "width:100%;display:flex;justify-content:center" });
      this.wrap.prepend(host);
    }
    return host;
  }

  candidates() {
    return this.legal.filter((a) => a.path.length >= this.prefix.length && a.path.length > 0 && samePrefix(a.path, this.prefix));
  }

  // Cell-less actions (pass, swap, a side choice...): shown as buttons by the page.
  buttons() {
    return this.legal.filter((a) => a.path.length === 0);
  }

  nextCells() {
    /** @type {Set<string>} */
    const next = new Set();
    for (const a of this.candidates()) if (a.path.length > this.prefix.length) next.add(a.path[this.prefix.length]);
    return next;
  }

  paint() {
    this.wrap.classList.toggle("mine", this.enabled);
    /** @type {Set<string>} */
    const next = this.enabled ? this.nextCells() : new Set();
    const chosen = new Set(this.prefix);
    const hinted = new Set(this.hint);
    for (const cell of /** @type {NodeListOf<SVGElement | HTMLElement>} */ (this.wrap.querySelectorAll(".cell"))) {
      const id = cell.dataset.cell ?? "";
      cell.classList.toggle("hl", next.has(id));
      cell.classList.toggle("sel", chosen.has(id));
      cell.classList.toggle("hint", hinted.has(id));
    }
    nameCells(this.wrap, next, chosen, this.names);
    fillMoveBox(this.legal, this.enabled);
    if (this.onPaint) this.onPaint();
  }

  /**
   * What to do now on the board, in words for the input in use ("Tap a highlighted cell to
   * move, sink or slide"): the kinds named are those of the actions still possible from
   * the cells chosen so far (where the game names kinds). Empty when nothing can be played.
   */
  pickWords() {
    if (!this.enabled) return "";
    const candidates = this.candidates();
    if (!candidates.length) return this.buttons().length ? t("Choose an action below") : "";
    if (!this.nextCells().size) return t("{cells} chosen: answer the question over the board", { cells: this.prefix.join(", ") });
    const kinds = [...new Set(candidates.map((a) => a.kind ?? "").filter(Boolean))];
    return pickWords(kinds, this.prefix);
  }

  /** @param {string[]} path */
  showHint(path) {
    this.hint = path;
    this.paint();
  }

  reset() {
    this.prefix = [];
    this.closeMenu();
    this.paint();
  }

  /** @param {MouseEvent} event */
  click(event) {
    if (this.beforeClick && this.beforeClick(event)) return;
    const cell = event.target instanceof Element ? event.target.closest(".cell") : null;
    if (cell instanceof SVGElement || cell instanceof HTMLElement) this.clickCell(cell.dataset.cell ?? "");
  }

  /** A cell chosen, by a click or from the keyboard. @param {string} id */
  clickCell(id) {
    if (!this.enabled) return;
    if (this.nextCells().has(id)) {
      this.prefix = [...this.prefix, id];
    } else if (this.prefix.length && this.prefix[this.prefix.length - 1] === id) {
      this.prefix = this.prefix.slice(0, -1); // a second click on the last cell steps back
      this.paint();
      return;
    } else if (this.legal.some((a) => a.path[0] === id)) {
      this.prefix = [id]; // start over from another first cell
    } else {
      // a refused click says why not (a cell that is no start, or no way on from the last one)
      toast(this.prefix.length ? t("{cell} does not go on from {cells}: start again from a highlighted cell.", { cell: id, cells: this.prefix.join(", ") }) : t("No move starts on {cell} now: {how}.", { cell: id, how: reachWords() }));
      this.reset();
      return;
    }
    this.hint = [];
    this.settle();
  }

  settle() {
    const candidates = this.candidates();
    const done = candidates.filter((a) => a.path.length === this.prefix.length);
    const longer = candidates.filter((a) => a.path.length > this.prefix.length);
    this.paint();
    if (done.length === 1 && longer.length === 0) {
      if (done[0].confirm) this.ask(done, false, true); // a sink: asked before it is done
      else this.choose(done[0]);
    } else if (done.length >= 1) {
      this.ask(done, longer.length > 0);
    }
  }

  /** @param {LegalEntry} entry */
  choose(entry) {
    this.closeMenu();
    this.onChoose(entry);
  }

  /**
   * The dialog over the board: which of `options` (they end on the same cells), or with
   * `confirm` whether to play the one option (an action the game asks to confirm).
   * @param {LegalEntry[]} options
   * @param {boolean} canContinue
   * @param {boolean} [confirm]
   */
  ask(options, canContinue, confirm = false) {
    this.closeMenu();
    const title = confirm ? `${options[0].label || options[0].text}?` : t("Which move?");
    const menu = h(
      "div",
      { class: "menu", role: "dialog", "aria-label": confirm ? t("Confirm the action") : t("Choose an action") },
      h("h3", { text: title }),
      options.map((a) => h("button", { class: "btn", dataset: { action: String(a.action) }, text: a.label || a.text, title: a.text, onclick: () => this.choose(a) })),
      canContinue ? h("button", { class: "btn ghost", text: t("Keep clicking"), onclick: () => this.closeMenu() }) : null,
      h("button", { class: "btn ghost", text: t("Cancel"), onclick: () => this.reset() }),
    );
    const backdrop = h("div", { class: "menu-backdrop", id: "choice-menu" }, menu);
    backdrop.addEventListener("click", (e) => {
      if (e.target === backdrop) this.reset();
    });
    trapFocus(menu);
    document.body.append(backdrop);
    menu.querySelector("button")?.focus(); // the keyboard goes to the choice
  }

  closeMenu() {
    const menu = document.getElementById("choice-menu");
    if (!menu) return;
    const hadFocus = menu.contains(document.activeElement);
    menu.remove();
    if (hadFocus) this.focusCell(); // and back to the board after it
  }

  // Put the keyboard back on the board's cell (the last one it was on).
  focusCell() {
    const cells = [...this.wrap.querySelectorAll(".cell")];
    const cell = cells.find((c) => c.getAttribute("tabindex") === "0") || cells[0];
    if (cell instanceof SVGElement || cell instanceof HTMLElement) cell.focus();
  }
}

/** The status line above a board: a dot, the main line, the sub line, and any `extra` lines. @param {...HTMLElement} extra */
export function statusLine(...extra) {
  return h("div", { class: "status", id: "status" }, h("span", { class: "dot" }), h("div", {}, h("div", { id: "status-main" }), h("div", { class: "sub", id: "status-sub" }), ...extra));
}

/**
 * The two columns of every board page: the board column (`column`, its parts in order) and
 * the panel of `cards` beside it.
 * @param {HTMLElement[]} column
 * @param {(HTMLElement | null)[]} cards
 */
export function gameLayout(column, cards) {
  return h("div", { class: "game-layout" }, h("section", { class: "board-col" }, ...column), h("aside", { class: "panel" }, ...cards));
}

/**
 * A page that plays on one board beside a panel (a lesson, a puzzle): fills #app with the
 * board column (the status line, the board, the action buttons) and an aside of `cards`, and
 * returns the ClickBoard that calls onChoose(entry) when the player picks an action.
 * `onText`, when given, gets typed text that names no legal action (the server says why).
 * @param {HTMLElement[]} cards
 * @param {(entry: LegalEntry) => unknown} onChoose
 * @param {OnText | null} [onText]
 */
export function boardPage(cards, onChoose, onText = null) {
  const column = [statusLine(), h("div", { class: "board-wrap", id: "board", role: "group", "aria-label": t("Board") }), h("div", { class: "move-slot", id: "move-slot" }), h("div", { class: "action-buttons", id: "action-buttons" })];
  /** @type {ClickBoard | null} */
  let board = null;
  $("#app").replaceChildren(gameLayout(column, [...cards, boardWordsCard(() => board && board.words)]));
  board = new ClickBoard($("#board"), onChoose);
  $("#move-slot").append(board.moveBox(onText));
  return board;
}

// -- the cards that several board pages share -----------------------------------------------

/** The feedback line under a lesson's or a puzzle's task (read out by screen readers). */
export function feedbackBox() {
  return h("p", { class: "feedback", id: "feedback", role: "status" });
}

/**
 * Say `text` in the feedback line; `kind` ("good", "bad", "hint" or "") colours it.
 * @param {string} text
 * @param {"good" | "bad" | "hint" | ""} kind
 */
export function setFeedback(text, kind) {
  const box = $("#feedback");
  box.textContent = text;
  box.className = `feedback ${kind}`;
  box.dataset.kind = kind;
}

/** The moves card of a game or a replay (the page fills #moves). */
export function movesCard() {
  return h("div", { class: "card" }, h("h3", { text: t("Moves") }), h("ol", { class: "moves", id: "moves" }));
}

/** @type {Record<string, string>} how a screen reader says a move list's mark */
const MARK_WORDS = { "+": "check", "#": "checkmate" };

/**
 * One row of a moves list (`movesCard`'s, the game page's and the replay's): the turn's
 * number, its text with its mark (Cyclix's check, "+", said "check"; a link to `href` when
 * given) and the side that played it.
 * @param {{ number: number | string, text: string, side?: string, mark?: string }} turn
 * @param {Record<string, unknown>} [attrs] the row's own: its class, dataset, onclick
 * @param {string} [href]
 */
export function moveRow({ number, text, side, mark = "" }, attrs = {}, href = undefined) {
  const shown = { class: "t", text: `${text}${mark}`, "aria-label": mark ? `${text}, ${MARK_WORDS[mark] || mark}` : null };
  return h(
    "li",
    attrs,
    h("span", { class: "n", text: `${number}.` }),
    href ? h("a", { ...shown, href }) : h("span", shown),
    side === undefined ? null : h("span", { class: "s", text: sideTitle(side) }),
  );
}

/**
 * The record card: the links and downloads of what the page shows (`tools`), and `below`
 * them anything more (the analysis's position line).
 * @param {(HTMLElement | HTMLElement[] | null)[]} tools
 * @param {...HTMLElement} below
 */
export function recordCard(tools, ...below) {
  return h("div", { class: "card" }, h("h3", { text: t("Record") }), h("div", { class: "tools" }, ...tools), ...below);
}

/**
 * The downloads of a stored record at `url` (GET, ?format=text or json).
 * @param {string} url
 */
export function recordDownloads(url) {
  return [
    h("button", { class: "btn small", text: t("Download text"), onclick: () => download(`${url}?format=text`) }),
    h("button", { class: "btn small", text: "JSON", onclick: () => download(`${url}?format=json`) }),
  ];
}

/**
 * The step controls under a replay's or an analysis's board: first, back, the position
 * (#pos, filled by the page), forward, last; `more` goes after them (a slider).
 * @param {{ first: () => void, prev: () => void, next: () => void, last: () => void, lastTitle?: string }} go
 * @param {...HTMLElement} more
 */
export function stepControls(go, ...more) {
  return h(
    "div",
    { class: "card replay-controls" },
    h("button", { class: "btn small", id: "first", "aria-label": t("To the start"), title: t("To the start (Home)"), html: icon("first"), onclick: go.first }),
    h("button", { class: "btn small", id: "prev", "aria-label": t("Back"), title: t("Back (←)"), html: icon("prev"), onclick: go.prev }),
    h("span", { class: "pos", id: "pos" }),
    h("button", { class: "btn small", id: "next", "aria-label": t("Forward"), title: t("Forward (→)"), html: icon("next"), onclick: go.next }),
    h("button", { class: "btn small", id: "last", "aria-label": t("To the end"), title: go.lastTitle ?? t("To the end (End)"), html: icon("last"), onclick: go.last }),
    ...more,
  );
}
