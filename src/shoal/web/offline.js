// @ts-check
// Play the computer with no connection (/offline): the page, the engines and shoal's Python
// are cached by the service worker (/sw.js); the board, notation and record come from
// shoal's own Python games running in the browser, in a Worker (offline-python.js), the
// computer's turns from the game's C core in WebAssembly searching in a Worker (engine.js).
// Python loads while the page opens (its progress shown); a new game's board is drawn at
// once from the first views drawn at build time, so the player can start before Python is
// ready. Each action is said in the live log, as on the game page. The game lives in
// localStorage (a reload resumes it); a finished game is queued and uploaded to the records
// API as soon as the browser is online (offline-store.js).
import { ClickBoard, gameLayout, statusLine } from "./board.js";
import { $, announce, h, toast } from "./common.js";
import { loadEngine } from "./engine.js";
import { saidLine, yourTurn } from "./game-words.js";
import { searchesAre } from "./fairplay.js";
import { offlineGame, pythonReady, startPython, startView, watchProgress } from "./offline-python.js";
import { loadCurrent, loadView, pending, queue, saveCurrent, saveView, uploaded, uploadPending } from "./offline-store.js";
import { lang, t, tn } from "./i18n.js";

/**
 * @typedef {import("./offline-python.js").OfflineView} OfflineView
 * @typedef {import("./offline-python.js").OfflineGame} OfflineGame
 * @typedef {import("./offline-store.js").SavedGame} SavedGame
 * @typedef {import("./engine.js").BrowserEngine} BrowserEngine
 */

const GAMES = [
  ["syrtis", "Syrtis"],
  ["sirtet", "Sirtet"],
  ["sytran", "Sytran"],
  ["cyclix", "Cyclix"],
  ["sfirs", "SFIRS"],
  ["connect4", "Connect Four"],
];
/** @returns {[number, string][]} */
const levels = () => [
  [300, t("Quick ({n} simulations; Cyclix: {level})", { n: 300, level: t("casual") })],
  [2000, t("Steady ({n}; Cyclix: {level})", { n: 2000, level: t("club") })],
  [10000, t("Strong ({n}; Cyclix: {level})", { n: 10000, level: t("strong") })],
];

/** A side's name in the page's language (game-panel.js's words; a side not named here as it is). @param {string} side */
function sideWord(side) {
  /** @type {Record<string, () => string>} */
  const words = { white: () => t("white"), black: () => t("black"), light: () => t("light"), dark: () => t("dark"), first: () => t("first"), second: () => t("second") };
  return Object.hasOwn(words, side) ? words[side]() : side;
}

/**
 * The search of the computer's move: MCTS of the chosen simulations, or, for a game the
 * server plays by alpha-beta (Cyclix), the alpha-beta of the matching named level (its depth
 * and time cap), as the server's computer plays it.
 * @param {BrowserEngine} engine
 * @param {number} iterations the level chosen (levels())
 * @param {number} seed
 * @returns {import("./engine-core.js").SearchOptions}
 */
function searchFor(engine, iterations, seed) {
  if (engine.algorithm !== "alphabeta") return { iterations, seed };
  return { level: iterations <= 300 ? "casual" : iterations <= 2000 ? "club" : "strong", seed };
}
const STARTS = 16; // the starting positions each game's engine data holds

/** @type {SavedGame | null} */
let saved = null;
/** @type {Promise<OfflineGame> | null} the game in Python (resolves once Python is loaded) */
let python = null;
/** @type {Promise<BrowserEngine> | null} the game's engine (its WebAssembly loading) */
let engine = null;
/** @type {OfflineView | null} */
let view = null;
/** @type {ClickBoard | null} */
let board = null;
let thinking = false;

// -- the page ---------------------------------------------------------------------------------
function layout() {
  const app = /** @type {HTMLElement} */ ($("#app"));
  app.replaceChildren(
    h("header", { class: "offline-head" }, h("a", { href: "/", text: "shoal" }), h("span", { class: "help", id: "network" })),
    gameLayout(
      [
        statusLine(h("div", { class: "loading-line", id: "loading" }, h("span", { id: "loading-text", text: t("Loading the games") }), h("progress", { id: "loading-bar", max: "100", value: "0", "aria-labelledby": "loading-text" }))),
        h("div", { class: "board-wrap", id: "board", role: "group", "aria-label": t("Board") }),
        h("div", { class: "action-buttons", id: "action-buttons" }),
      ],
      [
        h(
          "div",
          { class: "card" },
          h("h3", { text: t("Play the computer offline") }),
          h("p", { class: "help", text: t("Everything runs in this browser: no connection needed once this page has loaded. Finished games are uploaded as records when you are back online.") }),
          h("label", {}, t("Game") + " ", h("select", { id: "game" }, GAMES.map(([id, title]) => h("option", { value: id, text: title })))),
          h("label", {}, " " + t("Your side") + " ", h("select", { id: "human" }, h("option", { value: "0", text: t("First") }), h("option", { value: "1", text: t("Second") }))),
          h("label", {}, " " + t("Computer") + " ", h("select", { id: "level" }, levels().map(([n, text]) => h("option", { value: String(n), text })))),
          h("p", {}, h("button", { class: "btn", id: "new-game", text: t("New game"), onclick: () => newGame() })),
        ),
        h("div", { class: "card" }, h("h3", { text: t("Moves") }), h("p", { class: "movelist", id: "moves" })),
        h("div", { class: "card" }, h("h3", { text: t("Your offline games") }), h("p", { class: "help", id: "pending" }), h("ul", { id: "uploaded" })),
      ],
    ),
  );
  board = new ClickBoard(/** @type {HTMLElement} */ ($("#board")), (/** @type {{action: number}} */ entry) => humanPlays(entry.action));
}

function showNetwork() {
  /** @type {HTMLElement} */ ($("#network")).textContent = navigator.onLine ? t("online") : t("offline: playing on this device");
}

function showRecords() {
  const waiting = pending().length;
  /** @type {HTMLElement} */ ($("#pending")).textContent = waiting
    ? tn("{n} finished game waiting for the network", "{n} finished games waiting for the network", waiting)
    : t("No game waiting for the network.");
  /** @type {HTMLElement} */ ($("#uploaded")).replaceChildren(
    ...uploaded().map((r) => h("li", {}, h("a", { href: `/replay/record/${r.id}`, class: "uploaded-record", text: `${r.game}, ${r.finished}` }))),
  );
}

// Python's loading, under the status while it lasts (the page stays usable meanwhile).
function showProgress(/** @type {import("./offline-python.js").Progress} */ progress) {
  const box = /** @type {HTMLElement} */ ($("#loading"));
  box.hidden = progress.done >= progress.total;
  /** @type {HTMLProgressElement} */ ($("#loading-bar")).value = Math.round((100 * progress.done) / progress.total);
  /** @type {HTMLElement} */ ($("#loading-text")).textContent = t("Loading the games into this browser: {what}", { what: progress.text });
  document.body.dataset.python = box.hidden ? "ready" : "loading";
}

let waitingForPython = false; // an action waits for Python's view of it

function render() {
  if (!view || !board || !saved) return;
  const mine = view.to_move === saved.human && !thinking && !waitingForPython;
  board.show(view.svg, view.legal, mine, null, view.cells);
  const main = /** @type {HTMLElement} */ ($("#status-main"));
  const sub = /** @type {HTMLElement} */ ($("#status-sub"));
  if (view.to_move === null) main.textContent = view.ending || t("The game is over");
  else if (waitingForPython) main.textContent = t("Loading the games…");
  else if (mine) main.textContent = t("Your move ({side})", { side: sideWord(view.sides[saved.human]) });
  else main.textContent = t("The computer is thinking…");
  sub.textContent = view.status;
  /** @type {HTMLElement} */ ($("#board")).setAttribute("aria-label", `${t("{game} board", { game: view.game.title })}: ${main.textContent}. ${view.status}`);
  const buttons = /** @type {HTMLElement} */ ($("#action-buttons"));
  buttons.replaceChildren(
    ...board.buttons().map((a) => h("button", { class: "btn", dataset: { action: String(a.action) }, disabled: !mine, text: a.label || a.text, title: a.text, onclick: () => humanPlays(a.action) })),
  );
  /** @type {HTMLElement} */ ($("#moves")).textContent = tn("{game}, {n} action played", "{game}, {n} actions played", view.ply, { game: view.game.title });
  document.body.dataset.state = view.to_move === null ? "over" : mine ? "human" : "computer";
}

// -- the game ---------------------------------------------------------------------------------
let saidTurn = false;

/**
 * Plays one action on both engines (the WebAssembly one at once, the Python game once it is
 * loaded: its view of the action follows), saves, and says it in the live log.
 * @param {number} action
 */
async function play(action) {
  if (!python || !engine || !saved) return;
  const game = python;
  (await engine).apply(action);
  saved.actions.push(action);
  saveCurrent(saved);
  waitingForPython = !pythonReady();
  if (waitingForPython) render();
  view = await (await game).play(action);
  saveView(view); // a reload shows this board at once, while Python loads again
  waitingForPython = false;
  for (const said of view.spoken) announce(saidLine(said, [saved.human]));
  if (view.to_move !== saved.human) saidTurn = false;
}

/** @param {number} action */
async function humanPlays(action) {
  if (!view || !saved || thinking || waitingForPython || view.to_move !== saved.human) return;
  try {
    await play(action);
  } catch (error) {
    toast(String(error instanceof Error ? error.message : error), "error");
  }
  render();
  await continueGame();
}

// "Your turn" once a turn, and the ending.
function sayTurn() {
  if (!view || !saved) return;
  if (view.to_move === null) announce(view.ending || t("The game is over."));
  else if (view.to_move === saved.human && !saidTurn) announce(yourTurn(view.ply));
  saidTurn = view.to_move === saved.human;
}

// The computer's turns (a turn may take several actions), then the end if it came.
async function continueGame() {
  while (view && saved && engine && view.to_move !== null && view.to_move !== saved.human) {
    thinking = true;
    render();
    const searcher = await engine;
    const { action } = await searcher.search(searchFor(searcher, saved.iterations, saved.actions.length));
    thinking = false;
    await play(action);
  }
  render();
  sayTurn();
  if (view && saved && python && view.to_move === null) await finish();
}

async function finish() {
  if (!saved || !python) return;
  const players = saved.human === 0 ? ["you", "computer"] : ["computer", "you"];
  const text = await (await python).record(players);
  queue({ text, game: saved.game, finished: new Date().toISOString().slice(0, 16).replace("T", " ") });
  saveCurrent(null);
  saved = null;
  showRecords();
  upload();
}

async function upload() {
  const done = await uploadPending();
  if (done.length) toast(tn("{n} game uploaded as a record", "{n} games uploaded as records", done.length));
  showRecords();
}

/**
 * Starts (or resumes) `game` on both engines. The board comes at once: a new game's from its
 * first view drawn at build time, a resumed one's as it was last shown (kept with the game);
 * the engines load meanwhile (the WebAssembly one in a moment, Python in its Worker, its
 * progress shown), and an action waits for them.
 * @param {SavedGame} game
 */
async function begin(game) {
  /** @type {HTMLElement} */ ($("#status-main")).textContent = t("Loading the engines…");
  document.body.dataset.state = "loading";
  saved = game;
  saidTurn = false;
  view = null;
  /** @type {HTMLSelectElement} */ ($("#game")).value = game.game;
  saveCurrent(game);
  python = offlineGame(game.game, game.seed, game.actions);
  engine = loadEngine(game.game, { start: game.seed }).then((loaded) => {
    for (const action of game.actions) loaded.apply(action);
    return loaded;
  });
  const shown = game.actions.length ? loadView(game) : await startView(game.game, game.seed);
  if (shown) {
    view = shown;
    render();
  }
  if (shown && !game.actions.length && lang !== "en") {
    // the first view drawn at build time is in English: the games' own, once they are loaded,
    // in the page's language (unless the game has moved on meanwhile)
    python.then((loaded) => {
      if (saved === game && view && view.ply === 0) {
        view = loaded.view();
        render();
      }
    }).catch(() => {});
  }
  const n = game.actions.length;
  if (n) announce(tn("{game} resumed: {n} action played.", "{game} resumed: {n} actions played.", n, { game: shown ? shown.game.title : game.game }));
  await engine;
  if (!view) view = (await python).view();
  await continueGame();
}

function newGame() {
  const game = /** @type {HTMLSelectElement} */ ($("#game")).value;
  const human = Number(/** @type {HTMLSelectElement} */ ($("#human")).value);
  const iterations = Number(/** @type {HTMLSelectElement} */ ($("#level")).value);
  const seed = Math.floor(Math.random() * STARTS);
  begin({ game, seed, human, iterations, actions: [] }).catch((error) => toast(String(error), "error"));
}

// -- start --------------------------------------------------------------------------------------
searchesAre("offline"); // fair play (issue 61): what this page's searches are called
layout();
startPython(); // the games load while the player chooses
watchProgress(showProgress);
showNetwork();
showRecords();
window.addEventListener("online", () => {
  showNetwork();
  upload();
});
window.addEventListener("offline", showNetwork);
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
const params = new URLSearchParams(location.search);
const level = params.get("iterations");
if (level) {
  const select = /** @type {HTMLSelectElement} */ ($("#level"));
  select.append(h("option", { value: level, text: tn("{n} simulation", "{n} simulations", Number(level)) }));
  select.value = level;
}
const resume = loadCurrent();
if (resume) begin(resume).catch((error) => toast(String(error), "error"));
else /** @type {HTMLElement} */ ($("#status-main")).textContent = t("Choose a game and press New game");
if (navigator.onLine) upload();
