// @ts-check
// The analysis board (issue 26): any position, moves played by clicking (board.js), each new
// line a branch of a move tree (back and forward, switch variations, promote, delete), the
// engine's three best turns live over a WebSocket with an evaluation bar, and the record
// with its variations to download. Pages: /analysis (choose a start), /analysis/GAME (its
// start, or #position=...), /analysis/game/ID and /analysis/record/ID (#k=N: that ply).
// The tree lives here; the server draws positions, checks moves and runs the engine.
import { ClickBoard, gameLayout, recordCard, statusLine, stepControls } from "./board.js";
import { announce, boardWordsCard } from "./board-keys.js";
import { $, $input, download, errorText, footer, h, pageHead, problemPage, toast, topbar } from "./common.js";
import { engineFor, points, proofWords } from "./engine.js";
import { announce as announceSearch, searchesAre } from "./fairplay.js";
import { ExplorerPanel } from "./explorer-panel.js";
import { api, connectSocket } from "./net.js";
import { latestView, movesTo, movetext, nodesFrom, showCurrentIn, treeKeys, treeStatus, treeSteps } from "./move-tree.js";
import { cap, sideWord } from "./game-panel.js";
import { t, tn } from "./i18n.js";
import { percent } from "./review.js";

/** @typedef {import("./types/api.js").AnalysisView} View */
/** @typedef {import("./types/api.js").AnalysisBoard} Start */
/** @typedef {import("./board-keys.js").LegalEntry} LegalEntry */
/**
 * One of the engine's best turns, as the server's socket and the browser's engine say it.
 * @typedef {{ move: string, turn: string, value: number, proven?: string | null, proof?: string | null }} EngineLine
 */
/**
 * @typedef {{ lines: EngineLine[], eval: number, simulations: number, depth?: number, done: boolean, over: boolean, here?: boolean }} EngineLines
 */

const segments = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);

/** @type {{ id: string, title: string }} set by open() before the board is laid out */
let game = { id: "", title: "" };
/** @type {Start["options"]} */
let options = {};
let sides = ["", ""];
let players = ["", ""];
let start = "";
/** @type {import("./move-tree.js").TreeNode[]} */
let nodes = [];
/** @type {{ children: number[] }} */
const root = { children: [] };
let cur = -1; // the current node (-1: the start)
/** @type {View | null} */
let view = null;
/** @type {ClickBoard} made by layout() before any view */
let board;
const viewOf = latestView(); // the view of a node's line (the newest asked only)
const explorer = new ExplorerPanel({ play: (action) => { const entry = view?.legal.find((a) => a.action === action); if (entry) play(entry); }, back: () => $("#prev").click() });

// -- the tree -------------------------------------------------------------------------------
/** @param {number} id */
const kids = (id) => (id === -1 ? root.children : nodes[id].children);
const moveTree = { get nodes() { return nodes; }, rootChildren: () => root.children }; // what move-tree.js reads
const steps = treeSteps(moveTree, () => cur, goTo); // the step buttons, variations and keys

/** @param {number} id */
const line = (id) => movesTo(moveTree, id);

/** @param {import("./types/api.js").TreeOut} tree */
function setTree(tree) {
  start = tree.start;
  nodes = nodesFrom(tree.nodes, root.children);
  cur = -1;
}

// The tree as the server reads it: depth first, main lines first, parents by index.
function treeJson() {
  /** @type {{ parent: number, move: string, comment?: string }[]} */
  const out = [];
  /** @param {number} id @param {number} parent */
  const walk = (id, parent) => {
    out.push({ parent, move: nodes[id].move, ...(nodes[id].comment ? { comment: nodes[id].comment } : {}) });
    const index = out.length - 1;
    for (const child of nodes[id].children) walk(child, index);
  };
  for (const child of root.children) walk(child, -1);
  return { start, nodes: out };
}

/** @param {LegalEntry} entry */
function play(entry) {
  if (!view) return;
  const side = view.to_move === null ? "" : String(view.sides[view.to_move] ?? "");
  announce(t("{side}: {move}.", { side: cap(sideWord(side)), move: entry.label || entry.text }));
  const existing = kids(cur).find((id) => nodes[id].move === entry.text);
  if (existing !== undefined) return goTo(existing);
  const id = nodes.length;
  const first = cur === -1 || nodes[cur].number !== view.turn + 1;
  nodes.push({ move: entry.text, parent: cur, children: [], comment: "", number: view.turn + 1, first, seat: view.to_move });
  kids(cur).push(id);
  goTo(id);
}

function promote() {
  for (let n = cur; n !== -1; n = nodes[n].parent) {
    const siblings = kids(nodes[n].parent);
    const at = siblings.indexOf(n);
    if (at > 0) {
      siblings.splice(at, 1);
      siblings.unshift(n);
      renderTree();
      toast(t("Promoted to the main line"));
      return;
    }
  }
  toast(t("This is already the main line"));
}

function remove() {
  if (cur === -1) return toast(t("The start cannot be deleted"), "error");
  const parent = nodes[cur].parent;
  const siblings = kids(parent);
  siblings.splice(siblings.indexOf(cur), 1);
  goTo(parent);
}

/** The comment after the current move (braces end comments in a record: refused). @param {string} text */
function comment(text) {
  if (cur === -1) return toast(t("Choose a move first: a comment follows a move"), "error");
  if (/[{}]/.test(text)) {
    $input("#comment").value = nodes[cur].comment;
    return toast(t("A comment cannot hold {open} or {close}", { open: "{", close: "}" }), "error");
  }
  nodes[cur].comment = text.trim();
  renderTree();
}

// -- the page -------------------------------------------------------------------------------
function layout() {
  $("#app").replaceChildren(
    gameLayout(
      [
        statusLine(),
        h("div", { class: "evalbar", id: "evalbar", hidden: !engine, title: t("The engine's winning chance") }, h("span", { class: "fill" }), h("span", { class: "label", id: "eval-label" })),
        h("div", { class: "board-wrap", id: "board", role: "group", "aria-label": t("Board") }),
        h("div", { class: "move-slot", id: "move-slot" }),
        h("div", { class: "action-buttons", id: "action-buttons" }),
        stepControls(steps),
      ],
      [
        h("div", { class: "card" }, h("h3", { id: "title" }), h("p", { class: "help", id: "source" })),
        h(
          "div",
          { class: "card" },
          h("label", { class: "engine-toggle" }, h("input", { type: "checkbox", id: "engine-toggle", checked: engine, onchange: (/** @type {Event} */ e) => { const on = /** @type {HTMLInputElement} */ (e.currentTarget).checked; localStorage.setItem("shoal.engine", on ? "on" : "off"); engineOn(on); } }), h("strong", { text: " " + t("Engine") }), h("span", { class: "help", id: "engine-info" })),
          h("ol", { class: "engine-lines", id: "engine-lines" }),
        ),
        explorer.element,
        boardWordsCard(() => board.words),
        h(
          "div",
          { class: "card" },
          h("h3", { text: t("Moves") }),
          h("div", { class: "movetree", id: "movetree" }),
          h("input", { class: "comment-input", id: "comment", placeholder: t("A comment on this move"), "aria-label": t("A comment on this move"), maxlength: "500", autocomplete: "off", onchange: (/** @type {Event} */ e) => comment(/** @type {HTMLInputElement} */ (e.currentTarget).value) }),
          h(
            "div",
            { class: "tools" },
            h("button", { class: "btn small", id: "promote", text: t("Promote"), title: t("Make this line the main line"), onclick: promote }),
            h("button", { class: "btn small danger", id: "delete", text: t("Delete"), title: t("Delete this move and what follows"), onclick: remove }),
            h("button", { class: "btn small", id: "up", text: "↑ " + t("Variation"), title: t("Previous variation (↑)"), onclick: steps.up }),
            h("button", { class: "btn small", id: "down", text: "↓ " + t("Variation"), title: t("Next variation (↓)"), onclick: steps.down }),
          ),
        ),
        recordCard(
          [
            h("button", { class: "btn small", id: "download-text", text: t("Download with variations"), onclick: () => save("text") }),
            h("button", { class: "btn small", id: "download-json", text: "JSON", onclick: () => save("json") }),
            h("button", { class: "btn small", id: "to-study", text: t("Save as a study"), title: t("A new study with these lines as its first chapter (signed in)"), onclick: toStudy }),
            h("a", { class: "btn small", href: "/analysis", text: t("Another position") }),
          ],
          h("p", { class: "help", id: "position-line" }),
        ),
      ],
    ),
  );
  board = new ClickBoard($("#board"), (entry) => play(entry));
  $("#move-slot").append(board.moveBox());
  treeKeys(steps);
}

/** @param {number} id */
async function goTo(id) {
  cur = id;
  renderTree();
  const next = await viewOf({ game: game.id, options, start, moves: line(id) });
  if (!next) return;
  view = next;
  show(next);
  analyse();
}

/** @param {View} at */
function show(at) {
  board.show(at.svg, at.legal, !at.result, at.words, at.cells);
  $("#board").dataset.ply = String(at.ply);
  $("#board").dataset.node = String(cur);
  $("#action-buttons").replaceChildren(...board.buttons().map((a) => h("button", { class: "btn", dataset: { action: String(a.action) }, text: a.label || a.text, title: a.text, onclick: () => play(a) })));
  treeStatus(at, moveTree, cur, t("click the board to try a move"));
  $("#position-line").textContent = t("Position: {position}", { position: at.position });
  explorer.show(game.id, options, at.position);
}

// The tree as movetext (move-tree.js): the main line inline, variations in brackets.
function renderTree() {
  const box = $("#movetree");
  const top = movetext(moveTree, { current: cur, goTo });
  box.replaceChildren(top);
  const input = $input("#comment");
  if (input && document.activeElement !== input) {
    input.value = cur === -1 ? "" : nodes[cur].comment;
    input.disabled = cur === -1;
  }
  showCurrentIn(box);
}

/** @param {"text" | "json"} format */
async function save(format) {
  try {
    /** @type {Blob} */
    const blob = await api("/api/analysis/export", { method: "POST", body: { game: game.id, options, tree: treeJson(), format, players }, as: "blob" });
    const url = URL.createObjectURL(blob);
    download(url, `shoal-${game.id}-analysis.${format === "json" ? "json" : "txt"}`);
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (error) {
    toast(errorText(error), "error");
  }
}

// A new study (issue 44) whose first chapter is this tree; the study page opens.
async function toStudy() {
  try {
    const made = await api("/api/studies", { method: "POST", body: { title: t("{game} analysis", { game: game.title }), visibility: "unlisted", chapters: [{ name: t("Analysis"), game: game.id, options, tree: treeJson() }] } });
    location.href = `/studies/${made.id}`;
  } catch (error) {
    toast(errorText(error), "error");
  }
}

// -- the engine -----------------------------------------------------------------------------
/** @type {import("./net.js").SocketHandle | null} */
let socket = null;
let engine = localStorage.getItem("shoal.engine") !== "off"; // on unless this browser turned it off
let asked = 0;

/** @param {boolean} on */
function engineOn(on) {
  engine = on;
  $("#evalbar").hidden = !on;
  $("#engine-lines").replaceChildren();
  $("#engine-info").textContent = "";
  if (!on) {
    socket?.send({ type: "stop" });
    return;
  }
  analyse();
}

// The server's engine over its socket: opened at its first use, kept (and reconnected)
// while the page lives; each (re)opening asks again.
function serverSocket() {
  socket ??= connectSocket("/api/analysis/ws", {
    onOpen: () => analyse(),
    onMessage: (/** @type {{ id: number } & ({ type: "error", detail: string } | { type: "lines" } & EngineLines)} */ message) => {
      if (message.id !== asked || !engine) return;
      if (message.type === "error") toast(message.detail, "error");
      else showLines(message);
    },
  });
  return socket;
}

// The engine in this browser (WebAssembly, searching in a Worker) when it loads; else the
// server's over the WebSocket. It answers in the server's shape, so showLines draws both: the
// game's own search (alpha-beta every root move one depth deeper, for a game the server
// analyses so; else MCTS), each line its whole turn (the notation from the server's
// /api/analysis/turns) and, where the prover settles it, "win/loss in N".
async function analyseHere() {
  if (!view || !view.engine_position) return false;
  const local = await engineFor(game.id);
  const asking = view;
  if (!local || !engine || !asking?.engine_position) return false;
  asked += 1;
  const id = asked;
  const moves = line(cur);
  $("#engine-info").textContent = " " + t("searching in your browser…");
  local.load(asking.engine_position);
  const status = local.status();
  if (status.over) {
    const first = status.winner === null ? 50 : status.winner === 0 ? 100 : 0;
    showLines({ lines: [], eval: first, simulations: 0, done: true, over: true });
    return true;
  }
  const text = (/** @type {number} */ action) => asking.legal.find((a) => a.action === action)?.text ?? String(action);
  /** @type {{ action: number, value: number, proven: string | null, visits: number, follow: number[] }[]} best first */
  let found;
  /** @type {{ depth?: number, simulations: number }} */
  let info;
  if (local.algorithm === "alphabeta") {
    const deep = await local.deepen({ seconds: 2, seed: 0 });
    found = deep.lines.slice(0, 3).map((l) => ({ action: l.action, value: l.value, proven: l.proven, visits: deep.depth, follow: [] }));
    info = { depth: deep.depth, simulations: deep.nodes };
  } else {
    const result = await local.search({ seconds: 1.5, seed: 0 });
    const children = [...result.children].sort((a, b) => b.visits - a.visits || b.value - a.value).slice(0, 3);
    const pv = result.pv;
    // the best reply's continuation follows the line it starts, as the server's lines do
    found = children.map((c) => ({ ...c, follow: pv[0] === c.action ? pv.slice(1) : [] }));
    info = { simulations: result.iterations };
  }
  if (id !== asked || !engine) return true;
  const [turns, proofs] = await Promise.all([
    api("/api/analysis/turns", { method: "POST", body: { game: game.id, options, start, moves, turns: found.map((f) => [f.action, ...f.follow]) } })
      .then((/** @type {{ turns: string[] }} */ r) => r.turns)
      .catch(() => found.map((f) => text(f.action))),
    local.proofs({ actions: found.map((f) => f.action) }).catch(() => found.map(() => null)),
  ]);
  if (id !== asked || !engine) return true;
  const lines = found.map((f, i) => {
    const proof = proofs[i];
    const proven = f.proven ?? (proof?.startsWith("win") ? "win" : proof?.startsWith("loss") ? "loss" : null);
    return { action: f.action, move: text(f.action), turn: turns[i], value: points(f.value, proven), visits: f.visits, proven, proof };
  });
  const best = lines.length ? lines[0].value : 50;
  showLines({ lines, eval: status.to_move === 0 ? best : Math.round(1000 - 10 * best) / 10, ...info, done: true, over: false, here: true });
  return true;
}

async function analyse() {
  if (!engine || !view) return;
  announceSearch([view.position, view.engine_position]); // fair play: the other tabs hear it
  if (await analyseHere()) return;
  const server = serverSocket();
  asked += 1;
  if (server.send({ type: "analyse", id: asked, game: game.id, options, start, moves: line(cur) })) {
    $("#engine-info").textContent = " " + t("searching…");
  }
}

/** @param {EngineLines} message */
function showLines(message) {
  const first = message.eval;
  $("#evalbar .fill").style.width = `${first}%`;
  $("#evalbar").dataset.eval = String(first);
  $("#eval-label").textContent = `${cap(sideWord((view?.sides ?? sides)[0] ?? ""))} ${percent(first)}`;
  const searched = message.depth
    ? tn("depth {depth}, {n} position", "depth {depth}, {n} positions", message.simulations, { depth: message.depth })
    : tn("{n} simulation", "{n} simulations", message.simulations);
  $("#engine-info").textContent = " " + (message.over ? t("the game is over") : searched + (message.done ? "" : "…") + (message.here ? " " + t("in your browser") : ""));
  $("#engine-lines").replaceChildren(
    ...message.lines.map((l) =>
      h(
        "li",
        { class: "clickable", dataset: { move: l.move }, title: t("Play this move"), onclick: () => { const entry = view?.legal.find((a) => a.text === l.move); if (entry) play(entry); } },
        h("span", { class: "value", text: l.proof ? proofWords(l.proof) : l.proven ? provenWords(l.proven) : percent(l.value) }),
        h("span", { class: "t", text: l.turn }),
      ),
    ),
  );
}

/** A line the engine proved, in words ("win", "loss", "draw" as it says them). @param {string} proven */
function provenWords(proven) {
  /** @type {Record<string, () => string>} */
  const words = { win: () => t("wins"), loss: () => t("loses"), draw: () => t("draw") };
  return Object.hasOwn(words, proven) ? words[proven]() : proven;
}

/** Where the board's tree came from, in words. @param {string} source */
function sourceWords(source) {
  /** @type {Record<string, () => string>} */
  const words = {
    game: () => t("A finished game: its moves are the main line."),
    record: () => t("An uploaded record, its variations included."),
    import: () => t("A record you opened."),
    position: () => t("A position: play moves to build lines."),
  };
  return Object.hasOwn(words, source) ? words[source]() : "";
}

// -- the start ------------------------------------------------------------------------------
/** @param {Start} data @param {number | null} [k] the ply to show (the end of the main line's first k moves) */
function open(data, k = null) {
  game = data.game;
  options = data.options || {};
  sides = data.sides;
  players = data.players || ["", ""];
  setTree(data.tree);
  layout();
  document.title = t("{game} analysis — shoal", { game: game.title });
  $("#title").textContent = t("{game} · analysis board", { game: game.title });
  $("#source").textContent = sourceWords(data.source);
  let target = -1;
  if (k !== null) {
    let ply = 0;
    while (ply < k && kids(target).length) {
      target = kids(target)[0];
      ply += 1;
    }
  }
  goTo(target);
}

async function chooser() {
  /** @type {import("./types/api.js").CatalogEntry[]} */
  const catalog = await api("/api/catalog");
  const listed = catalog.filter((g) => g.listed);
  const select = h("select", { id: "start-game" }, listed.map((g) => h("option", { value: g.id, text: g.title })));
  const position = h("input", { type: "text", id: "start-position", placeholder: t("optional: a position string"), autocomplete: "off" });
  const record = h("textarea", { id: "start-record", placeholder: '[Game "syrtis"]\n...\n\n1. ...' });
  const file = h("input", { type: "file", id: "start-file", accept: ".txt,.json,.pgn,text/plain,application/json" });
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (chosen) record.value = await chosen.text();
  });
  const fromPosition = async (/** @type {SubmitEvent} */ event) => {
    event.preventDefault();
    try {
      const query = position.value.trim() ? `?position=${encodeURIComponent(position.value.trim())}` : "";
      open(await api(`/api/analysis/start/${select.value}${query}`));
      history.replaceState(null, "", `/analysis/${select.value}${query ? `#position=${encodeURIComponent(position.value.trim())}` : ""}`);
    } catch (error) {
      toast(errorText(error), "error");
    }
  };
  const fromRecord = async (/** @type {SubmitEvent} */ event) => {
    event.preventDefault();
    try {
      open(await api("/api/analysis/import", { method: "POST", body: { text: record.value } }));
    } catch (error) {
      toast(errorText(error), "error");
    }
  };
  $("#app").replaceChildren(
    h(
      "div",
      { class: "narrow" },
      ...pageHead(t("Analysis board"), t("Try moves from any position, keep every line as a variation, and ask the engine. The review and the board of a finished game open from its page.")),
      h("form", { class: "card form-card", onsubmit: fromPosition }, h("div", { class: "field" }, h("label", { for: "start-game", text: t("Game") }), select), h("div", { class: "field" }, h("label", { for: "start-position", text: t("Position") }), position), h("button", { class: "btn primary", id: "start-open", type: "submit", text: t("Open the board") })),
      h("form", { class: "card form-card", onsubmit: fromRecord }, h("div", { class: "field" }, h("label", { for: "start-file" }, t("A record") + " ", h("span", { class: "help", text: t("text or JSON, variations included") })), file), h("div", { class: "field" }, h("label", { for: "start-record", text: t("…or paste it here") }), record), h("button", { class: "btn", id: "start-import", type: "submit", text: t("Open the record") })),
    ),
  );
  footer();
}

async function main() {
  topbar();
  searchesAre("analysis"); // fair play (issue 61): what this page's searches are called
  const k = location.hash.match(/k=(\d+)/);
  const position = location.hash.match(/position=([^&]*)/);
  try {
    if (segments.length === 3 && (segments[1] === "game" || segments[1] === "record")) {
      open(await api(`/api/${segments[1]}s/${encodeURIComponent(segments[2])}/analysis`), k ? Number(k[1]) : null);
    } else if (segments.length === 2) {
      const query = position ? `?position=${position[1]}` : "";
      open(await api(`/api/analysis/start/${encodeURIComponent(segments[1])}${query}`));
    } else {
      await chooser();
    }
  } catch (error) {
    problemPage(t("Nothing to analyse"), errorText(error), { href: "/analysis", text: t("Choose a position") }, "analysis-error");
  }
}

main();
