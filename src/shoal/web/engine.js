// @ts-check
// The engines in the browser (DESIGN.md): loadEngine(game, options) resolves to an engine
// backed by the game's C core compiled to WebAssembly (engine-core.js). The rules answer at
// once (legal, apply, status, position); search() (MCTS, alpha-beta or a named level's),
// prove() (the bounded prover), proofs() ("win/loss in N" of moves) and deepen() (the
// analysis board's alpha-beta) run in a Web Worker (engine-worker.js), so the page never
// freezes, and resolve to the same shapes as shoal's Python searches report.
//
//   const engine = await loadEngine("syrtis");
//   engine.apply(engine.legal()[0]);
//   const { action, value } = await engine.search({ iterations: 2000, seed: 1 });
//   const ab = await engine.search({ algorithm: "alphabeta", depth: 4, seed: 1 });
//   const { wins, distance } = await engine.prove({ depth: 5, nodes: 3000 });
//
// position() is the packed C struct in hex (what the server's shoal.interop.webengine.packed
// gives for its own state), not the notation's position string, which only Python formats.
import { announce } from "./fairplay.js";
import { instantiate } from "./engine-core.js";
import { t } from "./i18n.js";

/**
 * @typedef {import("./engine-core.js").Status} Status
 * @typedef {import("./engine-core.js").SearchResult} SearchResult
 * @typedef {import("./engine-core.js").SearchOptions} SearchOptions
 * @typedef {{position?: string, start?: number, worker?: boolean}} EngineOptions
 *   position: a position() string to start from; start: which starting position of the
 *   game's default options (a set-up seed, default 0); worker: false searches on this thread
 */

/** @type {Worker | null} */
let worker = null;
let nextId = 0;
/** @type {Map<number, {resolve: (r: any) => void, reject: (e: Error) => void}>} */
const waiting = new Map();

/** @returns {Worker} the one search worker of this page */
function searchWorker() {
  if (!worker) {
    worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (/** @type {MessageEvent<{id: number, result?: any, error?: string}>} */ event) => {
      const entry = waiting.get(event.data.id);
      if (!entry) return;
      waiting.delete(event.data.id);
      if (event.data.result) entry.resolve(event.data.result);
      else entry.reject(new Error(event.data.error || t("the search failed")));
    };
    worker.onerror = (event) => {
      for (const entry of waiting.values()) entry.reject(new Error(event.message || t("the search worker failed")));
      waiting.clear();
    };
  }
  return worker;
}

/** A game in the browser: its current state and what the engine says about it. */
export class BrowserEngine {
  /**
   * @param {string} game
   * @param {import("./engine-core.js").WasmEngine} core
   * @param {boolean} useWorker
   */
  constructor(game, core, useWorker) {
    this.game = game;
    this.core = core;
    this.useWorker = useWorker;
  }

  /** @returns {number[]} the legal action ids */
  legal() {
    return this.core.legal();
  }

  /**
   * Plays a legal action (an illegal one throws and changes nothing).
   * @param {number} action
   */
  apply(action) {
    this.core.apply(action);
  }

  /** @returns {Status} */
  status() {
    return this.core.status();
  }

  /** @returns {string} the current state (packed, hex); load() takes it back */
  position() {
    return this.core.position();
  }

  /** @param {string} position a position() string */
  load(position) {
    this.core.load(position);
  }

  /**
   * The game's evaluation for a seat, in [-1, 1].
   * @param {number} seat
   */
  evaluate(seat) {
    return this.core.evaluate(seat);
  }

  /**
   * A search of the current state: MCTS by default (iterations and/or seconds; a seed),
   * `algorithm: "alphabeta"` (depth, seconds, iterations as a node budget; a seed), or
   * `level: NAME` (the game's algorithm with that level's budgets, as the server plays it).
   * @param {SearchOptions} [options]
   * @returns {Promise<SearchResult>}
   */
  search(options = {}) {
    return this.ask("search", options);
  }

  /**
   * Does a seat (default: the side to move) force a win within `depth` atomic actions?
   * @param {import("./engine-core.js").ProveOptions} options
   * @returns {Promise<import("./engine-core.js").ProveResult>}
   */
  prove(options) {
    return this.ask("prove", options);
  }

  /**
   * "win in N" / "loss in N" (or null) for the mover after each of `actions`.
   * @param {{actions: number[], depth?: number, nodes?: number}} options
   * @returns {Promise<(string | null)[]>}
   */
  proofs(options) {
    return this.ask("proofs", options);
  }

  /**
   * The analysis board's alpha-beta: every root action one depth deeper per step, within
   * `seconds`; the deepest step completed.
   * @param {{maxDepth?: number, seconds?: number, seed?: number}} options
   * @returns {Promise<import("./engine-alphabeta.js").Deepening>}
   */
  deepen(options) {
    return this.ask("deepen", options);
  }

  /**
   * One engine call on the current state, in the worker (or on this thread).
   * @param {string} op
   * @param {any} args
   * @returns {Promise<any>}
   */
  ask(op, args) {
    announce([this.position()]); // another tab's game of this position hears it (fairplay.js)
    if (!this.useWorker) {
      try {
        return Promise.resolve(this.core.run(op, args));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const id = nextId++;
    const position = this.position();
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      searchWorker().postMessage({ id, game: this.game, position, op, args });
    });
  }

  /** @returns {string} the algorithm of the game's AI profile (mcts or alphabeta) */
  get algorithm() {
    return this.core.data.algorithm;
  }
}

/**
 * The engine of `game`, from a starting position or a given one.
 * @param {string} game
 * @param {EngineOptions} [options]
 * @returns {Promise<BrowserEngine>}
 */
export async function loadEngine(game, options = {}) {
  const core = await instantiate(game);
  core.load(options.position ?? options.start ?? 0);
  return new BrowserEngine(game, core, options.worker !== false && typeof Worker !== "undefined");
}

/** @type {Map<string, Promise<BrowserEngine | null>>} */
const shared = new Map();

/**
 * The page's one engine of `game`, or null when its WebAssembly build cannot load (not
 * built, or no WebAssembly here): pages then ask the server's engine.
 * @param {string} game
 * @returns {Promise<BrowserEngine | null>}
 */
export function engineFor(game) {
  let engine = shared.get(game);
  if (!engine) {
    engine = loadEngine(game).catch(() => null);
    shared.set(game, engine);
  }
  return engine;
}

/**
 * A proof as the engines say it ("win in 5", "loss in 1": N atomic actions, the move
 * included), in the page's language; any other words as they are.
 * @param {string} proof
 */
export function proofWords(proof) {
  const found = /^(win|loss) in (\d+)$/.exec(proof);
  if (!found) return proof;
  const n = Number(found[2]);
  return found[1] === "win" ? t("win in {n}", { n }) : t("loss in {n}", { n });
}

/**
 * A search's value for the searched seat as the server's engine shows it: a winning
 * chance in percent (a proof: 100, 0 or 50).
 * @param {number} value in [-1, 1]
 * @param {string | null} proven
 * @returns {number}
 */
export function points(value, proven = null) {
  if (proven === "win") return 100;
  if (proven === "loss") return 0;
  if (proven === "draw") return 50;
  return Math.round(500 + 500 * Math.max(-1, Math.min(1, value))) / 10;
}
