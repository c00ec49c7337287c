// @ts-check
// The move tree of the analysis board and of a study's chapter, written once: nodes by id
// ({move, parent, children, comment, number, first, mark?}), -1 the start, whose children
// the page keeps. Shown as movetext: the main line inline, each variation in brackets
// after the move it replaces.
import { h } from "./common.js";

/**
 * @typedef {{move: string, parent: number, children: number[], comment: string, number: number, first: boolean, mark?: string}} TreeNode
 * @typedef {{nodes: TreeNode[], rootChildren: () => number[]}} Tree
 */

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
  top.append(h("span", { class: `mv start${current === -1 ? " current" : ""}`, dataset: { node: "-1", ...data(-1) }, text: "start", onclick: () => goTo(-1) }));
  if (startComment) top.append(h("span", { class: "comment", text: startComment }));
  lineOf(-1, top, true);
  return top;
}
