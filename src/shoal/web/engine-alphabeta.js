// @ts-check
// Alpha-beta in the browser: ai/alphabeta_core.h compiled into each game's module (the
// shoal_ab_* exports of interop/wasm/shoal_wasm.c), driven for a WasmEngine (engine-core.js) as
// shoal's AlphaBeta (ai/alphabeta.py) drives the native searcher: the same seed draw, table
// size, depth cap and game-length cap, and the same report (a proof's value is +-1 with its
// length in atomic actions). No rules and no search here: only the calls and the report.

/** @typedef {import("./engine-core.js").WasmEngine} WasmEngine */
/** @typedef {import("./engine-core.js").SearchResult} SearchResult */
/**
 * @typedef {{depth?: number, seconds?: number, nodes?: number}} AlphaBetaBudget
 *   depth: atomic actions (default: the game's profile depth); seconds: a time cap;
 *   nodes: a node budget, checked between iterations (Python's `iterations`)
 * @typedef {{action: number, value: number, proven: string | null, depth: number}} ScoredTurn
 * @typedef {{lines: ScoredTurn[], depth: number, nodes: number, seconds: number, settled: boolean}} Deepening
 */

const WIN = 1000;
const PROVEN = WIN / 2;
const MAX_DEPTH = 128;
/** The table's size in entries, as AlphaBeta's default (500,000: 32 MB of the module's memory). */
export const TABLE_SIZE = 500_000;

/** One alpha-beta searcher: its table, history and killers kept between its searches. */
export class AlphaBetaSearcher {
  /**
   * @param {WasmEngine} engine
   * @param {[number, number]} seedBits the 64-bit seed's low and high halves
   * @param {number} [tableSize]
   */
  constructor(engine, seedBits, tableSize = TABLE_SIZE) {
    this.engine = engine;
    this.handle = /** @type {number} */ (engine.x.shoal_ab_new(seedBits[0], seedBits[1], engine.data.num_actions, tableSize));
    if (!this.handle) throw new Error(`${engine.data.game}: alpha-beta could not start (no evaluation, or no memory)`);
  }

  /**
   * Iterative deepening of the state at `at` (default: the engine's current state).
   * @param {AlphaBetaBudget} budget
   * @param {number} [at] the address of a state in the module's memory
   * @returns {SearchResult}
   */
  search({ depth, seconds, nodes } = {}, at = this.engine.state) {
    const e = this.engine;
    const status = e.statusAt(at);
    if (status.over || status.to_move === null) throw new Error("cannot search a finished game");
    if (depth === undefined && seconds === undefined) depth = e.data.alphabeta_depth;
    const maxDepth = Math.min(depth ?? MAX_DEPTH, MAX_DEPTH);
    const failed = e.x.shoal_ab_search(this.handle, at, maxDepth, seconds ?? -1, nodes ?? -1, e.data.max_game_length, e.out);
    if (failed) throw new Error("cannot search a finished game");
    const [action, raw, reached, count, elapsed] = new Float64Array(e.x.memory.buffer, e.out, 5);
    const n = /** @type {number} */ (e.x.shoal_ab_pv(this.handle, at, action, reached > 1 ? reached : 1, e.actions));
    const pv = Array.from(new Int32Array(e.x.memory.buffer, e.actions, n));
    let proven = null;
    let length = null;
    let value;
    if (Math.abs(raw) > PROVEN) {
      proven = raw > 0 ? "win" : "loss";
      length = Math.round(WIN - Math.abs(raw));
      value = raw > 0 ? 1 : -1;
    } else {
      value = reached ? Math.max(-1, Math.min(1, raw)) : 0;
    }
    return {
      algorithm: "alphabeta",
      action,
      value,
      pv,
      iterations: count,
      seconds: elapsed,
      proven,
      proof_length: length,
      depth: reached,
      children: [{ action, visits: 1, value, proven }],
    };
  }

  /** Gives the searcher's memory back to the module. */
  free() {
    this.engine.x.shoal_ab_free(this.handle);
    this.handle = 0;
  }
}

/**
 * The analysis board's alpha-beta (server/analysis/service.py's _deepen): every root action
 * searched one depth deeper per step with one searcher, values for the mover; returns the
 * deepest step completed within `seconds` (a step cut off by the time is dropped whole).
 * @param {WasmEngine} engine its current state is searched
 * @param {[number, number]} seedBits
 * @param {{maxDepth?: number, seconds?: number}} [options]
 * @returns {Deepening}
 */
export function deepen(engine, seedBits, { maxDepth = 8, seconds = 2 } = {}) {
  const status = engine.status();
  if (status.over || status.to_move === null) throw new Error("cannot search a finished game");
  const seat = status.to_move;
  const began = performance.now();
  const searcher = new AlphaBetaSearcher(engine, seedBits);
  const child = engine.alloc(engine.size);
  const legal = engine.legal();
  /** @type {Deepening} */
  let done = { lines: [], depth: 0, nodes: 0, seconds: 0, settled: false };
  let nodes = 0;
  try {
    for (let depth = 1; depth <= maxDepth; depth++) {
      /** @type {ScoredTurn[]} */
      const scored = [];
      let cut = false;
      for (const action of legal) {
        const left = seconds - (performance.now() - began) / 1000;
        if (left <= 0) {
          cut = true;
          break;
        }
        engine.bytes().copyWithin(child, engine.state, engine.state + engine.size);
        engine.x.shoal_apply(child, action);
        const after = engine.statusAt(child);
        if (after.over) {
          const winner = after.winner;
          scored.push({ action, value: winner === null ? 0 : winner === seat ? 1 : -1, proven: winner === null ? "draw" : winner === seat ? "win" : "loss", depth });
          continue;
        }
        const want = Math.max(1, depth - 1);
        const result = searcher.search({ depth: want, seconds: left }, child);
        nodes += result.iterations;
        if (result.depth !== undefined && result.depth < want && result.proven === null) {
          cut = true; // the time ran out inside this search
          break;
        }
        const mine = after.to_move === seat;
        let proven = result.proven;
        if (!mine && proven) proven = proven === "win" ? "loss" : "win";
        scored.push({ action, value: mine ? result.value : -result.value, proven, depth });
      }
      if (cut) break;
      scored.sort((a, b) => b.value - a.value);
      const settled = scored.every((s) => s.proven !== null);
      done = { lines: scored, depth, nodes, seconds: (performance.now() - began) / 1000, settled };
      if (settled) break;
    }
  } finally {
    engine.x.free(child);
    searcher.free();
  }
  done.nodes = nodes;
  return done;
}
