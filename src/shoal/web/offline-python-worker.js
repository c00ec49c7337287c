// @ts-check
// shoal's pure-Python games in a Worker, for the offline page (offline-python.js talks to it):
// Pyodide (CPython compiled to WebAssembly, fetched by scripts/setup into /static/pyodide/)
// with shoal's games, core and records unzipped from /static/wasm/shoal-py.zip
// (shoal.interop.webengine.write_bundle). Loading Python and importing the games takes
// seconds, more on a slow phone: here, off the page's thread, so the page never freezes; it
// reports its progress as it goes ({progress: {done, total, text}}).
//
// Requests: {id, op: "game", game, seed, actions, words} starts a game (its words in the
// language of `words`, the page's catalogue as JSON) and answers its view;
// {id, op: "play", action} answers the view after it; {id, op: "record", players} answers
// the record's text. Answers: {id, result} or {id, error}.
/// <reference lib="webworker" />

const scope = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** The steps of loading, in order, with their share of the time (measured on a laptop). */
const STEPS = [
  ["Starting Python", 45],
  ["Unpacking shoal's games", 5],
  ["Reading the games' rules", 50],
];
const TOTAL = STEPS.reduce((sum, [, share]) => sum + Number(share), 0);

/**
 * Say how far the loading has got: `step` steps done, `part` (0 to 1) of the next.
 * @param {number} step
 * @param {number} part
 */
function progress(step, part = 0) {
  const done = STEPS.slice(0, step).reduce((sum, [, share]) => sum + Number(share), 0) + (step < STEPS.length ? Number(STEPS[step][1]) * part : 0);
  const text = step < STEPS.length ? String(STEPS[step][0]) : "Ready";
  scope.postMessage({ progress: { done: Math.round(done), total: TOTAL, text } });
}

/** The games the offline page offers, imported one by one (each a step of the progress). */
const PYTHON_GAMES = ["syrtis", "sirtet", "sytran", "cyclix", "sfirs", "connect4"];

/** @type {Promise<any> | null} */
let python = null;

/** @returns {Promise<any>} Pyodide with shoal's offline game importable */
function start() {
  if (!python) {
    python = (async () => {
      progress(0);
      const url = "/static/pyodide/pyodide.mjs";
      const { loadPyodide } = await import(url);
      const pyodide = await loadPyodide({ indexURL: "/static/pyodide/" });
      progress(1);
      const bundle = await fetch("/static/wasm/shoal-py.zip");
      if (!bundle.ok) throw new Error("shoal's Python bundle is missing (scripts/build-wasm)");
      pyodide.unpackArchive(await bundle.arrayBuffer(), "zip", { extractDir: "/home/pyodide/lib" });
      pyodide.runPython("import sys, warnings; sys.path.insert(0, '/home/pyodide/lib'); warnings.simplefilter('ignore')");
      progress(2);
      pyodide.runPython("import json; from shoal.interop.offline import OfflineGame; from shoal.games import get");
      for (const [index, game] of PYTHON_GAMES.entries()) {
        pyodide.runPython(`get(${JSON.stringify(game)})`);
        progress(2, (index + 1) / PYTHON_GAMES.length);
      }
      progress(STEPS.length);
      return pyodide;
    })();
  }
  return python;
}

/** @type {any} the game in play (a Python OfflineGame) */
let current = null;

/**
 * @param {any} pyodide
 * @param {any} data a request
 */
function answer(pyodide, data) {
  const toJson = pyodide.runPython("lambda v: json.dumps(v)");
  if (data.op === "game") {
    const make = pyodide.runPython("lambda g, s, a, w: OfflineGame(g, s, list(a), json.loads(w) if w else None)");
    current = make(data.game, data.seed, data.actions, data.words || "");
    return JSON.parse(toJson(current.view()));
  }
  if (!current) throw new Error("no game has been started");
  if (data.op === "play") return JSON.parse(toJson(current.play(data.action)));
  if (data.op === "record") return pyodide.runPython("lambda g, p: g.record_text(tuple(p))")(current, data.players);
  throw new Error(`unknown request ${data.op}`);
}

// Requests are answered one at a time, in order (a game's actions must apply in order).
let queue = Promise.resolve();
scope.addEventListener("message", (event) => {
  const data = event.data;
  queue = queue.then(async () => {
    try {
      const pyodide = await start();
      scope.postMessage({ id: data.id, result: answer(pyodide, data) });
    } catch (error) {
      scope.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
start().catch((error) => scope.postMessage({ progress: { done: 0, total: TOTAL, text: `Python could not load: ${error}` } }));
