// @ts-check
// shoal's pure-Python games in the browser, for the offline page: Pyodide (CPython compiled to
// WebAssembly, fetched by scripts/setup into /static/pyodide/) with shoal's games, core and
// records unzipped from /static/wasm/shoal-py.zip (shoal.interop.webengine.write_bundle). The
// board, notation, click paths, status and record come from the server's own code
// (shoal.interop.offline.OfflineGame); no rule is written in JavaScript.

/**
 * @typedef {{action: number, text: string, label: string, path: string[]}} LegalEntry
 * @typedef {{game: {id: string, title: string}, seed: number, ply: number, actions: number[],
 *   to_move: number | null, sides: string[], svg: string, legal: LegalEntry[], status: string,
 *   ending: string}} OfflineView
 * @typedef {{play: (action: number) => OfflineView, view: () => OfflineView,
 *   record: (players: string[]) => string}} OfflineGame
 */

/** @type {Promise<any> | null} */
let python = null;

/** @returns {Promise<any>} Pyodide with shoal importable */
function start() {
  if (!python) {
    python = (async () => {
      const url = "/static/pyodide/pyodide.mjs";
      const { loadPyodide } = await import(url);
      const pyodide = await loadPyodide({ indexURL: "/static/pyodide/" });
      const bundle = await fetch("/static/wasm/shoal-py.zip");
      if (!bundle.ok) throw new Error("shoal's Python bundle is missing (scripts/build-wasm)");
      pyodide.unpackArchive(await bundle.arrayBuffer(), "zip", { extractDir: "/home/pyodide/lib" });
      pyodide.runPython("import sys, warnings; sys.path.insert(0, '/home/pyodide/lib'); warnings.simplefilter('ignore')");
      pyodide.runPython("import json; from shoal.interop.offline import OfflineGame");
      return pyodide;
    })();
  }
  return python;
}

/**
 * A game of `game` from its starting position `seed`, replaying `actions`.
 * @param {string} game
 * @param {number} seed
 * @param {number[]} actions
 * @returns {Promise<OfflineGame>}
 */
export async function offlineGame(game, seed, actions) {
  const pyodide = await start();
  const make = pyodide.runPython("lambda g, s, a: OfflineGame(g, s, list(a))");
  const toJson = pyodide.runPython("lambda v: json.dumps(v)");
  const recordOf = pyodide.runPython("lambda g, p: g.record_text(tuple(p))");
  const py = make(game, seed, actions);
  /** @param {any} proxy */
  const plain = (proxy) => JSON.parse(toJson(proxy));
  return {
    play: (action) => plain(py.play(action)),
    view: () => plain(py.view()),
    record: (players) => recordOf(py, players),
  };
}
