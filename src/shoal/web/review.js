// @ts-check
// The review of a finished game (issue 26), shown on the replay page: a button that starts
// it on the server (a background job, computed once), its progress, then the evaluation
// graph (the first player's winning chance over the turns, marks at the inaccuracies,
// mistakes and blunders, click to jump to a turn), the marked turns beside the engine's
// preferred turn, and each player's accuracy and counts.
import { $, $button, errorText, h, toast } from "./common.js";
import { api } from "./net.js";
import { cap, playerName, sideWord } from "./game-panel.js";
import { number, parts, t, tn } from "./i18n.js";

/** @typedef {import("./types/api.js").ReviewStatus} Status */

const NS = "http://www.w3.org/2000/svg";
/**
 * A count of a kind of mark in words, {count} where its number goes (in bold).
 * @type {Record<string, (n: number) => string>}
 */
const CLASS_NAMES = {
  inaccuracy: (n) => tn("{count} inaccuracy", "{count} inaccuracies", n),
  mistake: (n) => tn("{count} mistake", "{count} mistakes", n),
  blunder: (n) => tn("{count} blunder", "{count} blunders", n),
};

/** A winning chance in percent (50 → "50%", "50 %"...). @param {number} value */
export const percent = (value) => number(value / 100, { style: "percent", maximumFractionDigits: 1 });

/**
 * The review's search per position as the server says it ("1000 MCTS simulations",
 * "alpha-beta to depth 4"), in the page's language; other words as they are.
 * @param {string} budget
 */
function budgetWords(budget) {
  const mcts = /^(\d+) MCTS simulations$/.exec(budget);
  if (mcts) return tn("{n} MCTS simulation", "{n} MCTS simulations", Number(mcts[1]));
  const depth = /^alpha-beta to depth (\d+)$/.exec(budget);
  if (depth) return t("alpha-beta to depth {depth}", { depth: Number(depth[1]) });
  return budget;
}
/** @type {Record<string, string>} */
const SYMBOL = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/** An SVG element. @param {string} tag @param {Record<string, string | number>} [attrs] */
function svg(tag, attrs = {}) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

/** The computer review's card on the replay page. */
export class ReviewPanel {
  /**
   * @param {HTMLElement} card
   * @param {string} base /api/games/ID or /api/records/ID
   * @param {(ply: number) => unknown} go shows the board after `ply` actions
   * @param {string[]} sides
   * @param {((ply: number) => string) | null} [analysisUrl] the analysis board at a ply, to try the better turn
   */
  constructor(card, base, go, sides, analysisUrl = null) {
    this.analysisUrl = analysisUrl;
    this.card = card;
    this.base = base;
    this.go = go;
    this.sides = sides;
    /** @type {import("./types/api.js").ReviewData | null} */
    this.review = null;
    /** @type {string | null} */
    this.status = null;
    this.ply = 0;
    /** @type {() => unknown} */
    this.onReady = () => {};
    this.card.replaceChildren(
      h("h3", { text: t("Computer review") }),
      h("p", { class: "help", id: "review-help", text: t("Every turn searched by the engine: where the game was won and lost.") }),
      h("button", { class: "btn primary", id: "review-start", text: t("Review"), onclick: () => this.start() }),
      h("div", { class: "review-progress", id: "review-progress", hidden: true }, h("div", { class: "bar" }, h("span")), h("span", { class: "help", id: "review-progress-text" })),
      h("div", { id: "review-body" }),
    );
  }

  /** Show the review's state; start it when asked and none is. @param {boolean} [autostart] */
  async load(autostart = false) {
    /** @type {Status | null} */
    const status = await api(`${this.base}/review`).catch(() => null);
    if (!status) return;
    if (status.status === "none" && autostart) return this.start();
    this.update(status);
    if (status.status === "running") this.poll();
  }

  async start() {
    $button("#review-start", this.card).disabled = true;
    try {
      this.update(await api(`${this.base}/review`, { method: "POST", body: {} }));
      this.poll();
    } catch (error) {
      toast(errorText(error), "error");
      $button("#review-start", this.card).disabled = false;
    }
  }

  async poll() {
    while (this.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, 400));
      /** @type {Status | null} */
      const status = await api(`${this.base}/review`).catch(() => null);
      if (status) this.update(status);
    }
  }

  /** @param {Status} status */
  update(status) {
    this.status = status.status;
    const progress = $("#review-progress", this.card);
    const button = $button("#review-start", this.card);
    progress.hidden = status.status !== "running";
    button.hidden = status.status === "running" || status.status === "done";
    button.disabled = false;
    if (status.status === "running") {
      const share = status.total ? status.done / status.total : 0;
      $(".bar span", progress).style.width = `${Math.round(share * 100)}%`;
      $("#review-progress-text", progress).textContent = status.total ? t("Reviewing: {done} of {total} positions searched", { done: status.done, total: status.total }) : t("Reviewing: waiting for the engine…");
    } else if (status.status === "failed") {
      button.textContent = t("Review again");
      toast(status.error || t("the review failed"), "error");
    } else if (status.status === "done") {
      this.review = status.review;
      $("#review-help", this.card).hidden = true;
      this.render();
      this.onReady();
    }
  }

  /** The mark of the turn that ends at ``end`` (?!, ?, ??), for the moves list. @param {number} end */
  markAt(end) {
    const turn = this.review?.turns.find((one) => one.end === end);
    return turn && turn.mark ? SYMBOL[turn.mark] : "";
  }

  /** Point the graph and the marks at `ply`. @param {number} ply */
  show(ply) {
    this.ply = ply;
    const graph = this.card.querySelector(".review-graph");
    if (!graph || !this.review) return;
    const index = this.indexOfPly(this.review, ply);
    const cursor = $(".cursor", graph, SVGElement);
    cursor.setAttribute("visibility", index === null ? "hidden" : "visible");
    if (index !== null) {
      const x = String(this.x(index));
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    for (const li of /** @type {NodeListOf<HTMLElement>} */ (this.card.querySelectorAll(".review-marks li"))) li.classList.toggle("current", Number(li.dataset.end) === ply);
  }

  /** @param {import("./types/api.js").ReviewData} review @param {number} ply */
  indexOfPly(review, ply) {
    if (ply === 0) return 0;
    const i = review.turns.findIndex((turn) => turn.end === ply);
    return i < 0 ? null : i + 1;
  }

  /** @param {number} index */
  x(index) {
    const n = Math.max(1, (this.review?.graph.length ?? 0) - 1);
    return 4 + (index / n) * 592;
  }

  /** @param {number} value */
  y(value) {
    return 4 + ((100 - value) / 100) * 112;
  }

  render() {
    const r = this.review;
    if (!r) return;
    const body = $("#review-body", this.card);
    const first = cap(sideWord(this.sides[0] ?? ""));
    const plot = svg("svg", { viewBox: "0 0 600 120", class: "review-graph", role: "img", "aria-label": t("{side}'s winning chance over the game", { side: first }) });
    plot.append(svg("rect", { x: 0, y: 0, width: 600, height: 120, class: "bg" }));
    const points = r.graph.map((v, i) => `${this.x(i).toFixed(1)},${this.y(v).toFixed(1)}`);
    plot.append(svg("path", { class: "area", d: `M${this.x(0)},${this.y(0)} L${points.join(" L")} L${this.x(r.graph.length - 1)},${this.y(0)} Z` }));
    plot.append(svg("line", { class: "mid", x1: 0, x2: 600, y1: this.y(50), y2: this.y(50) }));
    plot.append(svg("polyline", { class: "line", points: points.join(" ") }));
    plot.append(svg("line", { class: "cursor", x1: 0, x2: 0, y1: 0, y2: 120 }));
    // every turn is a clickable column; the marked ones carry a dot
    r.turns.forEach((turn, i) => {
      const x = this.x(i + 1);
      const width = 592 / Math.max(1, r.graph.length - 1);
      const hit = svg("rect", { class: "hit", x: x - width / 2, y: 0, width, height: 120, "data-end": turn.end });
      const title = svg("title");
      title.textContent = `${turn.number}. ${turn.played} (${sideWord(turn.side)}): ${first} ${percent(r.graph[i + 1])}`;
      hit.append(title);
      hit.addEventListener("click", () => this.go(turn.end));
      plot.append(hit);
      if (turn.mark) {
        const dot = svg("circle", { class: `mark ${turn.mark}`, cx: x, cy: this.y(r.graph[i + 1]), r: turn.mark === "blunder" ? 5 : 4, "data-end": turn.end, "data-mark": turn.mark });
        dot.addEventListener("click", () => this.go(turn.end));
        plot.append(dot);
      }
    });
    const summary = h(
      "div",
      { class: "review-summary" },
      r.players.map((p) =>
        h(
          "div",
          { class: "review-player", dataset: { seat: String(p.seat) } },
          h("div", { class: "who" }, h("span", { class: "side-pill", text: sideWord(this.sides[p.seat] || p.side) }), h("span", { class: "name", text: p.name ? playerName(p.name) : cap(sideWord(this.sides[p.seat] || p.side)) })),
          h("div", { class: "accuracy" }, ...parts(t("{accuracy} accuracy"), { accuracy: h("strong", { text: percent(p.accuracy) }) })),
          h("div", { class: "counts" }, Object.keys(CLASS_NAMES).map((name) => h("span", { class: `count ${name}`, dataset: { mark: name } }, ...parts(CLASS_NAMES[name](p.counts[name]), { count: h("strong", { text: number(p.counts[name]) }) })))),
        ),
      ),
    );
    const marked = r.turns.filter((turn) => turn.mark);
    const list = marked.length
      ? h(
          "ol",
          { class: "review-marks moves" },
          marked.map((turn) =>
            h(
              "li",
              { class: `clickable ${turn.mark}`, dataset: { end: String(turn.end), mark: turn.mark }, onclick: () => this.go(turn.end) },
              h("span", { class: "n", text: `${turn.number}.` }),
              h("span", { class: "t" }, `${turn.played} `, h("strong", { class: "sym", text: SYMBOL[turn.mark ?? ""] })),
              h("span", { class: "best" }, turn.best ? t("best {move}", { move: turn.best }) : "", this.analysisUrl ? h("a", { class: "try", href: this.analysisUrl(turn.start), text: " " + t("try it"), title: t("Open the analysis board before this turn"), onclick: (/** @type {Event} */ e) => e.stopPropagation() }) : null),
              h("span", { class: "s", text: `−${number(turn.drop)}` }),
            ),
          ),
        )
      : h("p", { class: "help", id: "review-no-marks", text: t("No turn lost ten points of winning chance or more: nothing is marked.") });
    body.replaceChildren(
      plot,
      h("p", { class: "help review-legend", text: t("The line is {side}'s winning chance after each turn (up: {side} better). Click it to see the position.", { side: first }) }),
      summary,
      h("h4", { text: t("Marked turns") }),
      list,
      h("p", { class: "help", text: t("{budget} per position; thresholds: {inaccuracy}, {mistake} and {blunder} points of winning chance lost.", { budget: r.budget ? budgetWords(r.budget) : tn("{n} simulation", "{n} simulations", r.simulations), inaccuracy: r.thresholds.inaccuracy, mistake: r.thresholds.mistake, blunder: r.thresholds.blunder }) }),
    );
    this.show(this.ply);
  }
}
