// @ts-check
// The move tree of the analysis board and of a study's chapter, written once: nodes by id
// ({move, parent, children, comment, number, first, mark?}), -1 the start, whose children
// the page keeps. Shown as movetext: the main line inline, each variation in brackets
// after the move it replaces.
import { $, $button, errorText, h, toast } from "./common.js";
import { api } from "./net.js";
import { cap, sideWord } from "./game-panel.js";
import { number, t, tn } from "./i18n.js";

/**
 * @typedef {{move: string, parent: number, children: number[], comment: string, number: number, first: boolean, seat?: number | null, mark?: string}} TreeNode
 * @typedef {{nodes: TreeNode[], rootChildren: () => number[]}} Tree
 * @typedef {{move: string, parent: number, comment?: string | null, mark?: string | null, number: number, first: boolean, seat?: number | null}} NodeEntry
 */

/**
 * The nodes of a tree as the server sends it (depth first, parents by index); the start's
 * children are written into `rootChildren`, which is emptied first.
 * @param {NodeEntry[]} entries @param {number[]} rootChildren @returns {TreeNode[]}
 */
export function nodesFrom(entries, rootChildren) {
  /** @type {TreeNode[]} */
  const nodes = [];
  rootChildren.length = 0;
  for (const entry of entries) {
    const id = nodes.length;
    nodes.push({ move: entry.move, parent: entry.parent, children: [], comment: entry.comment || "", mark: entry.mark || "", number: entry.number, first: entry.first, seat: entry.seat });
    (entry.parent === -1 ? rootChildren : nodes[entry.parent].children).push(id);
  }
  return nodes;
}

/** The moves from the start to `id`. @param {Tree} tree @param {number} id @returns {string[]} */
export function movesTo(tree, id) {
  const moves = [];
  for (let n = id; n !== -1; n = tree.nodes[n].parent) moves.push(tree.nodes[n].move);
  return moves.reverse();
}

/** A node's path: its index among its siblings at every step from the start. @param {Tree} tree @param {number} id @returns {number[]} */
export function pathOf(tree, id) {
  const path = [];
  for (let n = id; n !== -1; n = tree.nodes[n].parent) path.push(kidsOf(tree, tree.nodes[n].parent).indexOf(n));
  return path.reverse();
}

/** The node at `path`, or the deepest one its prefix reaches (a line since deleted). @param {Tree} tree @param {number[]} path */
export function nodeAt(tree, path) {
  let n = -1;
  for (const index of path) {
    if (index >= kidsOf(tree, n).length) break;
    n = kidsOf(tree, n)[index];
  }
  return n;
}

/** The children of `id` (-1: the start). @param {Tree} tree @param {number} id */
export function kidsOf(tree, id) {
  return id === -1 ? tree.rootChildren() : tree.nodes[id].children;
}

/** The end of the main line below `id`. @param {Tree} tree @param {number} id */
export function lastOfLine(tree, id) {
  let n = id;
  while (kidsOf(tree, n).length) n = kidsOf(tree, n)[0];
  return n;
}

/** The sibling `step` places from `id` (the previous or next variation), or null. @param {Tree} tree @param {number} id @param {number} step */
export function siblingOf(tree, id, step) {
  if (id === -1) return null;
  const siblings = kidsOf(tree, tree.nodes[id].parent);
  const at = siblings.indexOf(id) + step;
  return at >= 0 && at < siblings.length ? siblings[at] : null;
}

/**
 * The steps over a tree, for board.js's stepControls, the variation buttons and the keys:
 * the start, the parent, the main line's next move, the end of the line, the previous and
 * next variation.
 * @param {Tree} tree @param {() => number} current the current node, read at each step
 * @param {(id: number) => unknown} goTo
 */
export function treeSteps(tree, current, goTo) {
  const sibling = (/** @type {number} */ step) => {
    const next = siblingOf(tree, current(), step);
    if (next !== null) goTo(next);
  };
  return {
    first: () => void goTo(-1),
    prev: () => void (current() !== -1 && goTo(tree.nodes[current()].parent)),
    next: () => void (kidsOf(tree, current()).length && goTo(kidsOf(tree, current())[0])),
    last: () => void goTo(lastOfLine(tree, current())),
    lastTitle: t("End of the line (End)"),
    up: () => sibling(-1),
    down: () => sibling(1),
  };
}

/**
 * The keys of a tree's page, outside text fields: ← and → as the back and forward buttons
 * (#prev, #next: nothing while disabled), Home and End, ↑ and ↓ between variations.
 * @param {ReturnType<typeof treeSteps>} steps
 */
export function treeKeys(steps) {
  document.addEventListener("keydown", (e) => {
    if (["INPUT", "TEXTAREA", "SELECT"].includes(/** @type {HTMLElement} */ (e.target).tagName)) return;
    /** @type {Record<string, () => void>} */
    const keys = { ArrowLeft: () => $("#prev").click(), ArrowRight: () => $("#next").click(), Home: steps.first, End: steps.last, ArrowUp: steps.up, ArrowDown: steps.down };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}

/**
 * The analysis board's view of the line to a node, for the newest request only: an answer a
 * later request overtook (a quick click through the tree) comes back as null, and so does a
 * refusal, shown as a toast.
 * @returns {(body: object) => Promise<import("./types/api.js").AnalysisView | null>}
 */
export function latestView() {
  let loading = 0;
  return async (body) => {
    const ticket = ++loading;
    try {
      /** @type {import("./types/api.js").AnalysisView} */
      const next = await api("/api/analysis/view", { method: "POST", body });
      return ticket === loading ? next : null;
    } catch (error) {
      toast(errorText(error), "error");
      return null;
    }
  };
}

/**
 * The status line and the step buttons of a tree's page for `view` at node `current`.
 * @param {{result: {sentence: string} | null, turns: unknown[], sides: string[], to_move: number | null, ply: number}} view
 * @param {Tree} tree @param {number} current @param {string} hint what a click on the board does
 *   (in words, after " · "; "" for nothing)
 */
export function treeStatus(view, tree, current, hint) {
  const r = view.result;
  $("#status-main").textContent = r ? r.sentence : current === -1 ? t("Start position") : tn("After {n} turn", "After {n} turns", view.turns.length);
  $("#status-sub").textContent = r ? "" : t("{side} to move", { side: cap(sideWord(view.sides[view.to_move ?? -1] ?? "")) }) + (hint ? ` · ${hint}` : "");
  $("#status").className = r ? "status over" : "status";
  $("#pos").textContent = number(view.ply);
  $button("#first").disabled = $button("#prev").disabled = current === -1;
  $button("#next").disabled = $button("#last").disabled = kidsOf(tree, current).length === 0;
}

/** A move's label: its number where a line starts or a turn begins, its mark. @param {TreeNode} n @param {boolean} forceNumber */
export function moveLabel(n, forceNumber) {
  const prefix = n.first ? `${n.number}. ` : forceNumber ? `${n.number}… ` : "";
  return `${prefix}${n.move}${n.mark || ""}`;
}

/**
 * The tree as movetext, the current node marked; a click goes to a node.
 * @param {Tree} tree
 * @param {{current: number, goTo: (id: number) => void, startComment?: string, data?: (id: number) => Record<string, string>}} how
 */
export function movetext(tree, { current, goTo, startComment = "", data = () => ({}) }) {
  const span = (/** @type {number} */ id, /** @type {boolean} */ forceNumber) => {
    const n = tree.nodes[id];
    const el = h("span", { class: `mv${id === current ? " current" : ""}`, dataset: { node: String(id), ...data(id) }, text: moveLabel(n, forceNumber), onclick: () => goTo(id) });
    return n.comment ? [el, h("span", { class: "comment", text: n.comment })] : [el];
  };
  const lineOf = (/** @type {number} */ parent, /** @type {HTMLElement} */ into, /** @type {boolean} */ forceFirst) => {
    let at = parent;
    let force = forceFirst;
    while (kidsOf(tree, at).length) {
      const [first, ...others] = kidsOf(tree, at);
      into.append(...span(first, force));
      for (const v of others) {
        const block = h("span", { class: "variation" });
        block.append(...span(v, true));
        lineOf(v, block, false);
        into.append(block);
      }
      force = others.length > 0;
      at = first;
    }
  };
  const top = h("div", { class: "mainline" });
  top.append(h("span", { class: `mv start${current === -1 ? " current" : ""}`, dataset: { node: "-1", ...data(-1) }, text: t("start"), onclick: () => goTo(-1) }));
  if (startComment) top.append(h("span", { class: "comment", text: startComment }));
  lineOf(-1, top, true);
  return top;
}

/**
 * Scroll the move tree's own box (not the page) so that its current move shows. The page
 * stays where the reader is: scrollIntoView also scrolled the page, and a study opened on a
 * phone came up scrolled down to its tree, under the sticky header (issue 59).
 * @param {HTMLElement} box
 */
export function showCurrentIn(box) {
  const current = box.querySelector(".current");
  if (!current) return;
  const outer = box.getBoundingClientRect();
  const inner = current.getBoundingClientRect();
  if (inner.top < outer.top) box.scrollTop += inner.top - outer.top;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
}
