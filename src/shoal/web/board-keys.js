// @ts-check
// A board without a mouse and without sight (issue 40): the board's cells as one tab stop
// (a roving tabindex; the arrow keys go to the nearest cell that way on the picture, Enter
// or Space chooses, as a click would), the move box (the game's notation, with the server's
// legal actions as completions), the live region that says each action in words, and the
// board in words on request. No rules here: the cells, the legal actions, their notation,
// their words and the board's description all come from the server.
import { announce, h } from "./common.js";
import { t } from "./i18n.js";

/** @typedef {{ action: number, text: string, label?: string, path: string[], kind?: string | null, confirm?: boolean | null }} LegalEntry */

// -- the live region: common.js's live log (re-exported for the board pages) -------------------
export { announce, liveRegion } from "./common.js";

// -- the cells ---------------------------------------------------------------------------------

/** @param {Element} el */
const centre = (el) => {
  const box = el.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
};

/** @type {Record<string, [number, number]>} */
const DIRECTIONS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/**
 * The cell nearest to `from` in the direction of `key` on the picture (boards differ: a
 * square grid, hexagons, rings; only where the cells are drawn counts), or null.
 * @template {Element} T
 * @param {T[]} cells
 * @param {Element} from
 * @param {string} key
 * @returns {T | null}
 */
export function nextCell(cells, from, key) {
  const [dx, dy] = DIRECTIONS[key];
  const start = centre(from);
  /** @type {T | null} */
  let best = null;
  let bestScore = Infinity;
  for (const cell of cells) {
    if (cell === from) continue;
    const c = centre(cell);
    const along = (c.x - start.x) * dx + (c.y - start.y) * dy;
    const across = Math.abs((c.x - start.x) * dy - (c.y - start.y) * dx);
    if (along < 2) continue;
    const score = along + 2.5 * across;
    if (score < bestScore) {
      bestScore = score;
      best = cell;
    }
  }
  return best;
}

/**
 * Make the board's cells reachable from the keyboard: one of them takes part in the tab order
 * (`focusId` when it is still on the board, else the first cell a legal action starts on, else
 * the first cell); the arrows, Home and End move between cells; `choose(id)` on Enter/Space.
 * @param {HTMLElement} wrap
 * @param {string | null} focusId
 * @param {Set<string>} next the cells a legal action may go through next
 * @param {boolean} refocus give the focus back to the cell (it had it before the board was redrawn)
 */
export function keyCells(wrap, focusId, next, refocus) {
  const cells = /** @type {HTMLElement[]} */ ([...wrap.querySelectorAll(".cell")]);
  if (!cells.length) return;
  const rover = cells.find((c) => c.dataset.cell === focusId) || cells.find((c) => next.has(c.dataset.cell ?? "")) || cells[0];
  for (const cell of cells) {
    cell.setAttribute("tabindex", cell === rover ? "0" : "-1");
    cell.setAttribute("role", "button");
  }
  if (refocus) rover.focus();
}

/**
 * Each cell's name for a screen reader: the game's name for it (`names`, the view's `cells`:
 * "a2: white rook"; its id where the game names none) and whether it can be chosen or is
 * chosen.
 * @param {HTMLElement} wrap
 * @param {Set<string>} next
 * @param {Set<string>} chosen
 * @param {Record<string, string> | null} names
 */
export function nameCells(wrap, next, chosen, names) {
  for (const cell of /** @type {HTMLElement[]} */ ([...wrap.querySelectorAll(".cell")])) {
    const id = cell.dataset.cell ?? "";
    const name = (names && names[id]) || id;
    const label = chosen.has(id) ? t("{cell}, chosen", { cell: name }) : next.has(id) ? t("{cell}, can be chosen", { cell: name }) : name;
    if (cell.getAttribute("aria-label") !== label) cell.setAttribute("aria-label", label);
  }
}

/**
 * The board's picture for assistive technology: its cells are the board's buttons (named by
 * nameCells); its drawn text (coordinates, glyphs, captions, a title) is decoration, hidden.
 * @param {Element} host the element holding the board's SVG
 */
export function quietSvg(host) {
  const svg = host.querySelector("svg");
  if (!svg) return;
  svg.setAttribute("role", "none");
  for (const text of svg.querySelectorAll("text, title, desc")) text.setAttribute("aria-hidden", "true");
}

/**
 * Move the roving focus on a key press inside the board; true when the key was the board's.
 * @param {KeyboardEvent} event
 * @param {HTMLElement} wrap
 * @param {(id: string) => void} choose
 */
export function cellKey(event, wrap, choose) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (!(target instanceof Element) || !target.classList.contains("cell")) return false;
  const cells = /** @type {HTMLElement[]} */ ([...wrap.querySelectorAll(".cell")]);
  let to = null;
  if (event.key in DIRECTIONS) to = nextCell(cells, target, event.key);
  else if (event.key === "Home") to = cells[0];
  else if (event.key === "End") to = cells[cells.length - 1];
  else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    choose(target.dataset.cell ?? "");
    return true;
  } else return false;
  event.preventDefault();
  event.stopPropagation(); // the page's own arrow keys (a replay's steps) are not the board's
  if (to) {
    for (const cell of cells) cell.setAttribute("tabindex", cell === to ? "0" : "-1");
    to.focus();
  }
  return true;
}

// -- the move box: a combobox of the legal actions ---------------------------------------------

/** The most completions the list shows at once (a Sytran turn offers 270 stones). */
const SHOWN = 60;

/**
 * The move box: a text field for one action in the game's notation, an ARIA combobox whose
 * list box offers the legal actions that match what is typed (notation, and the words
 * beside it): ArrowDown opens it and walks it, Enter plays the option walked to (or the
 * typed text), Escape closes it. A line under it says what went wrong. `submit(text)` gets
 * the text to play.
 * @param {(text: string) => void} submit
 */
export function moveBox(submit) {
  const input = h("input", {
    type: "text",
    id: "move-text",
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": "false",
    "aria-controls": "move-list",
    autocomplete: "off",
    spellcheck: "false",
    maxlength: "60",
    placeholder: t("Type an action"),
    "aria-label": t("Type an action in the game's notation"),
    "aria-describedby": "move-error",
  });
  const list = h("ul", { id: "move-list", class: "move-options", role: "listbox", "aria-label": t("Legal actions"), hidden: true });
  const play = (/** @type {string} */ text) => {
    closeList();
    if (text) submit(text);
  };
  input.addEventListener("input", () => openList(false));
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (list.hidden) openList(true);
      walk(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Escape" && !list.hidden) {
      event.preventDefault();
      event.stopPropagation(); // the page's Escape (a board's reset) waits for the next one
      closeList();
    } else if (event.key === "Enter") {
      const active = activeOption();
      if (active && !list.hidden) {
        event.preventDefault();
        input.value = active.dataset.value ?? "";
        play(input.value);
      }
    }
  });
  input.addEventListener("blur", () => setTimeout(() => list.contains(document.activeElement) || closeList(), 150));
  list.addEventListener("mousedown", (event) => event.preventDefault()); // the field keeps the focus
  list.addEventListener("click", (event) => {
    const option = event.target instanceof Element ? event.target.closest("[role=option]") : null;
    if (option instanceof HTMLElement) {
      input.value = option.dataset.value ?? "";
      play(input.value);
    }
  });
  return h(
    "form",
    {
      class: "type-move",
      id: "type-move",
      onsubmit: (/** @type {Event} */ event) => {
        event.preventDefault();
        play(input.value.trim());
      },
    },
    h("div", { class: "move-combo" }, input, list),
    h("button", { class: "btn small", type: "submit", text: t("Play") }),
    h("p", { class: "help move-error", id: "move-error" }),
  );
}

/** @returns {LegalEntry[]} the entries the move box offers now */
let offered = () => /** @type {LegalEntry[]} */ ([]);

/** @returns {HTMLElement | null} */
function activeOption() {
  const id = document.getElementById("move-text")?.getAttribute("aria-activedescendant");
  return id ? document.getElementById(id) : null;
}

/**
 * Show the options matching the typed text (all of them when `all`), none walked to yet.
 * @param {boolean} all
 */
function openList(all) {
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById("move-text"));
  const list = document.getElementById("move-list");
  if (!input || !list) return;
  const loose = (/** @type {string} */ s) => s.replace(/\s+/g, "").toLowerCase();
  const typed = all ? "" : loose(input.value);
  const matches = offered().filter((a) => loose(a.text).startsWith(typed) || (typed.length > 1 && loose(a.label || "").includes(typed)));
  list.replaceChildren(
    ...matches.slice(0, SHOWN).map((a, i) =>
      h("li", { role: "option", id: `move-option-${i}`, "aria-selected": "false", dataset: { value: a.text } }, h("span", { class: "move-text", text: a.text }), a.label && a.label !== a.text ? h("span", { class: "move-label", text: a.label }) : null),
    ),
  );
  const open = matches.length > 0 && (all || typed.length > 0) && !input.readOnly;
  list.hidden = !open;
  input.setAttribute("aria-expanded", String(open));
  input.removeAttribute("aria-activedescendant");
}

function closeList() {
  const input = document.getElementById("move-text");
  const list = document.getElementById("move-list");
  if (list) list.hidden = true;
  input?.setAttribute("aria-expanded", "false");
  input?.removeAttribute("aria-activedescendant");
}

/**
 * Walk the open list by `step` (1 down, -1 up), wrapping round.
 * @param {number} step
 */
function walk(step) {
  const input = document.getElementById("move-text");
  const options = /** @type {HTMLElement[]} */ ([...document.querySelectorAll("#move-list [role=option]")]);
  if (!input || !options.length) return;
  const now = options.findIndex((o) => o.getAttribute("aria-selected") === "true");
  const next = now < 0 ? (step > 0 ? 0 : options.length - 1) : (now + step + options.length) % options.length;
  options.forEach((o, i) => o.setAttribute("aria-selected", String(i === next)));
  input.setAttribute("aria-activedescendant", options[next].id);
  options[next].scrollIntoView({ block: "nearest" });
}

/**
 * The move box's completions are `legal`; it takes actions only when `enabled` (read-only
 * otherwise: a disabled field loses the focus, and the player's next turn should find the
 * keyboard where it was; Enter then says that nothing can be played now).
 * @param {LegalEntry[]} legal
 * @param {boolean} enabled
 */
export function fillMoveBox(legal, enabled) {
  offered = () => legal;
  const input = document.getElementById("move-text");
  if (input instanceof HTMLInputElement) {
    input.readOnly = !enabled;
    if (!enabled) closeList();
  }
  for (const control of document.querySelectorAll("#type-move input, #type-move button")) control.setAttribute("aria-disabled", String(!enabled));
}

/**
 * The legal entry that `text` names: its notation exactly, else its notation or its words
 * without regard to case or spaces when only one entry matches so; null when none does.
 * @param {LegalEntry[]} legal
 * @param {string} text
 */
export function findEntry(legal, text) {
  const exact = legal.find((a) => a.text === text);
  if (exact) return exact;
  const loose = (/** @type {string} */ s) => s.replace(/\s+/g, "").toLowerCase();
  const matches = legal.filter((a) => loose(a.text) === loose(text) || (a.label && loose(a.label) === loose(text)));
  return matches.length === 1 ? matches[0] : null;
}

/**
 * Say what went wrong with the typed action under the move box, and to a screen reader.
 * @param {string} text
 */
export function moveError(text) {
  const line = document.getElementById("move-error");
  if (line) line.textContent = text;
  const input = document.getElementById("move-text");
  if (input) input.setAttribute("aria-invalid", text ? "true" : "false");
  if (text) announce(text);
}

// -- the board in words ------------------------------------------------------------------------

/**
 * The card that shows the board in words on request (lichess's blind mode is the model):
 * a button that opens a list of the cells and what is on them (`describe()` gives the lines).
 * @param {() => string[] | null} describe
 */
export function boardWordsCard(describe) {
  const list = h("ul", { class: "board-words", id: "board-words", hidden: true });
  const button = h("button", {
    class: "btn small",
    id: "board-words-toggle",
    type: "button",
    "aria-expanded": "false",
    "aria-controls": "board-words",
    text: t("Show the board in words"),
    onclick: () => {
      const open = list.hidden;
      list.hidden = !open;
      button.setAttribute("aria-expanded", String(open));
      button.textContent = open ? t("Hide the board in words") : t("Show the board in words");
      if (open) showBoardWords(describe());
    },
  });
  return h("div", { class: "card board-words-card" }, h("h3", { text: t("Board in words") }), button, list);
}

/**
 * Refill the open board-in-words list with `lines` (nothing when it is closed).
 * @param {string[] | null} lines
 */
export function showBoardWords(lines) {
  const list = document.getElementById("board-words");
  if (!list || list.hidden) return;
  list.replaceChildren(...(lines && lines.length ? lines : [t("No description of this board.")]).map((line) => h("li", { text: line })));
}
