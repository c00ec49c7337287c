// @ts-check
// The WebAssembly engine of one game, driven synchronously: the game's C core and the search
// cores (MCTS, alpha-beta, the prover) compiled by scripts/build-wasm (interop/wasm/shoal_wasm.c
// is the C side of every call here), with the data Python adds beside it (wasm/GAME.json:
// starting positions, tables, search settings, levels; shoal.interop.webengine). Used by
// engine.js on the page (the rules) and by engine-worker.js (the searches). No rules here:
// every answer comes from the C core. Alpha-beta is driven by engine-alphabeta.js, the
// prover by engine-proof.js.
import { AlphaBetaSearcher, deepen } from "./engine-alphabeta.js";
import { presearch, proofs, withProver, ProofBudgetExceeded } from "./engine-proof.js";

/**
 * @typedef {{over: boolean, to_move: number | null, winner: number | null, turn: number}} Status
 *   winner: the winning seat, or null for a draw or a running game; to_move null once over
 * @typedef {{algorithm?: string, action: number, value: number, pv: number[], iterations: number, seconds: number,
 *   proven: string | null, proof_length?: number | null, depth?: number, prover_nodes?: number,
 *   children: {action: number, visits: number, value: number, proven: string | null}[]}} SearchResult
 *   value: the searched seat's expected result in [-1, 1]; proven: "win", "loss", "draw" or null;
 *   iterations: MCTS's simulations or alpha-beta's nodes; depth: alpha-beta's depth reached
 * @typedef {{name: string, iterations: number, depth: number, turn_seconds: number, exploration: number,
 *   playout_cutoff: number | null, decisive: boolean, presearch: [number, number] | null}} LevelData
 * @typedef {{game: string, state_size: number, exploration: number, playout_cutoff: number | null,
 *   algorithm: string, alphabeta_depth: number, num_actions: number, max_game_length: number,
 *   levels: LevelData[], tables: [number, number[]][], initial: string[]}} EngineData
 * @typedef {{algorithm?: "mcts" | "alphabeta", iterations?: number, seconds?: number, depth?: number,
 *   seed?: number, level?: string, exploration?: number, cutoff?: number | null, decisive?: boolean}} SearchOptions
 *   algorithm: "mcts" (the default) or "alphabeta"; iterations: MCTS's simulations, or
 *   alpha-beta's node budget; depth: alpha-beta's (default: the game's profile depth); level:
 *   a named level's search (the game's algorithm and that level's budgets, as the server's
 *   level players; seconds then replaces the level's time cap); exploration (MCTS's UCT
 *   constant itself), cutoff and decisive: MCTS's settings where they differ from the profile's
 * @typedef {{seat?: number, depth: number, nodes?: number}} ProveOptions
 *   seat: whose forced win (default: the side to move); depth: atomic actions; nodes: budget
 * @typedef {{wins: boolean | null, distance: number | null, winning: number[], nodes: number}} ProveResult
 *   wins null: the node budget ran out; distance: the fewest actions (null: none within depth)
 */

/** @typedef {{[name: string]: Function} & {memory: WebAssembly.Memory}} Exports */

const SEARCH_OUT = 8; // doubles of shoal_mcts_search's and shoal_mcts_child's answers

/**
 * The base URL of the modules: the folder of this file's sibling wasm/.
 * @type {URL}
 */
const WASM_DIR = new URL("./wasm/", import.meta.url);

/**
 * Python's random.Random(seed).getrandbits(64) (MT19937 seeded by init_by_array), so that a
 * search seeded with `seed` here starts from the same random stream as shoal's
 * MCTS(game, seed=seed) (which seeds its native searcher with that draw).
 * @param {number} seed a non-negative integer below 2**53
 * @returns {[number, number]} the low and high 32 bits
 */
export function pythonSeedBits(seed) {
  const mt = new Uint32Array(624);
  mt[0] = 19650218;
  for (let i = 1; i < 624; i++) mt[i] = Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
  /** @type {number[]} */
  const key = [];
  let rest = Math.floor(Math.abs(seed));
  do {
    key.push(rest % 0x100000000);
    rest = Math.floor(rest / 0x100000000);
  } while (rest > 0);
  let i = 1;
  let j = 0;
  for (let k = Math.max(624, key.length); k > 0; k--) {
    mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + key[j] + j;
    i++;
    j++;
    if (i >= 624) {
      mt[0] = mt[623];
      i = 1;
    }
    if (j >= key.length) j = 0;
  }
  for (let k = 623; k > 0; k--) {
    mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i;
    i++;
    if (i >= 624) {
      mt[0] = mt[623];
      i = 1;
    }
  }
  mt[0] = 0x80000000;
  // the first two outputs of genrand_uint32 (the first regeneration of the state)
  const out = [];
  for (let n = 0; n < 2; n++) {
    let y = (mt[n] & 0x80000000) | (mt[n + 1] & 0x7fffffff);
    mt[n] = mt[n + 397] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
    y = mt[n];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    out.push(y >>> 0);
  }
  return [out[0], out[1]];
}

/**
 * The bytes of a packed state written in hex.
 * @param {string} hex
 * @returns {Uint8Array}
 */
function fromHex(hex) {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error("a position is an even number of hex digits");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * @param {Uint8Array} bytes
 * @returns {string}
 */
function toHex(bytes) {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/**
 * Fetches and starts one game's module and its data.
 * @param {string} game a game id (connect4, syrtis, sirtet, sytran, cyclix, sfirs)
 * @param {URL} [base] the folder of GAME.wasm and GAME.json
 * @returns {Promise<WasmEngine>}
 */
export async function instantiate(game, base = WASM_DIR) {
  if (!/^[a-z0-9]+$/.test(game)) throw new Error(`no engine for ${JSON.stringify(game)}`);
  const [wasm, data] = await Promise.all([
    fetch(new URL(`${game}.wasm`, base)).then((r) => {
      if (!r.ok) throw new Error(`${game}: the WebAssembly engine is not built (${r.status})`);
      return r.arrayBuffer();
    }),
    fetch(new URL(`${game}.json`, base)).then((r) => {
      if (!r.ok) throw new Error(`${game}: the engine's data is missing (${r.status})`);
      return r.json();
    }),
  ]);
  return WasmEngine.start(wasm, data);
}

/** One game's engine: one current state in the module's memory, and searches from it. */
export class WasmEngine {
  /**
   * @param {Exports} exports
   * @param {EngineData} data
   */
  constructor(exports, data) {
    this.x = exports;
    this.data = data;
    this.size = /** @type {number} */ (exports.shoal_state_size());
    if (this.size !== data.state_size) throw new Error(`${data.game}: the module and its data disagree on the state's size`);
    this.maxActions = /** @type {number} */ (exports.shoal_max_actions());
    this.state = this.alloc(this.size);
    this.scratch = this.alloc(this.size);
    this.actions = this.alloc(4 * this.maxActions);
    this.out = this.alloc(8 * SEARCH_OUT);
    this.load(data.initial[0]);
  }

  /**
   * @param {BufferSource} wasm the module's bytes
   * @param {EngineData} data
   * @returns {Promise<WasmEngine>}
   */
  static async start(wasm, data) {
    const imports = {
      env: { emscripten_notify_memory_growth: () => {}, shoal_now: () => performance.now() / 1000 },
    };
    const { instance } = await WebAssembly.instantiate(wasm, imports);
    const exports = /** @type {Exports} */ (/** @type {unknown} */ (instance.exports));
    exports._initialize();
    exports.shoal_init();
    const engine = new WasmEngine(exports, data);
    for (const [index, flat] of data.tables) engine.configure(index, flat);
    return engine;
  }

  /**
   * @param {number} bytes
   * @returns {number} the address
   */
  alloc(bytes) {
    const at = /** @type {number} */ (this.x.malloc(bytes));
    if (!at) throw new Error("the engine is out of memory");
    return at;
  }

  /** @returns {Uint8Array} the module's memory now (it may grow, replacing the buffer) */
  bytes() {
    return new Uint8Array(this.x.memory.buffer);
  }

  /**
   * @param {number} index
   * @param {number[]} flat
   */
  configure(index, flat) {
    const at = this.alloc(8 * flat.length);
    new BigInt64Array(this.x.memory.buffer, at, flat.length).set(flat.map((v) => BigInt(v)));
    const failed = this.x.shoal_configure(index, at, flat.length);
    this.x.free(at);
    if (failed) throw new Error(`${this.data.game}: malformed tables`);
  }

  /**
   * Sets the current state: a position() string, or the n-th starting position.
   * @param {string | number} position
   */
  load(position) {
    const hex = typeof position === "number" ? this.data.initial[position % this.data.initial.length] : position;
    const bytes = fromHex(hex);
    if (bytes.length !== this.size) throw new Error(`${this.data.game}: a position has ${this.size} bytes, not ${bytes.length}`);
    this.bytes().set(bytes, this.state);
  }

  /** @returns {string} the current state: its packed C struct in hex */
  position() {
    return toHex(this.bytes().slice(this.state, this.state + this.size));
  }

  /** @returns {number[]} the legal actions, in the Python engine's order */
  legal() {
    return this.legalAt(this.state);
  }

  /**
   * @param {number} at the address of a state in the module's memory
   * @returns {number[]} its legal actions
   */
  legalAt(at) {
    const n = /** @type {number} */ (this.x.shoal_legal(at, this.actions));
    return Array.from(new Int32Array(this.x.memory.buffer, this.actions, n));
  }

  /**
   * Plays a legal action; an illegal one throws and changes nothing.
   * @param {number} action
   */
  apply(action) {
    if (!Number.isInteger(action) || this.x.shoal_apply(this.state, action) !== 0) {
      throw new Error(`${this.data.game}: action ${action} is not legal here`);
    }
  }

  /** @returns {Status} */
  status() {
    return this.statusAt(this.state);
  }

  /**
   * @param {number} at the address of a state in the module's memory
   * @returns {Status}
   */
  statusAt(at) {
    this.x.shoal_status(at, this.out);
    const [over, winner, toMove, turn] = new Int32Array(this.x.memory.buffer, this.out, 4);
    return { over: over === 1, to_move: over ? null : toMove, winner: over && winner >= 0 ? winner : null, turn };
  }

  /**
   * The game's evaluation for a seat, in [-1, 1] (NaN when the core has none).
   * @param {number} seat
   * @returns {number}
   */
  evaluate(seat) {
    return /** @type {number} */ (this.x.shoal_evaluate(this.state, seat));
  }

  /**
   * Random playouts from the current state (unchanged), as shoal's native playouts().
   * @param {number} count
   * @param {number} seed
   * @param {number | null} cutoff
   * @returns {{total: number, actions: number}}
   */
  playouts(count, seed, cutoff = null) {
    const [low, high] = [seed >>> 0, Math.floor(seed / 0x100000000) >>> 0];
    const total = /** @type {number} */ (this.x.shoal_playouts(this.state, count, low, high, cutoff ?? -1, this.out));
    return { total, actions: new Float64Array(this.x.memory.buffer, this.out, 1)[0] };
  }

  /**
   * A search of the current state: MCTS (the default) or alpha-beta, or a named level's.
   * @param {SearchOptions} options
   * @returns {SearchResult}
   */
  search(options = {}) {
    if (options.level !== undefined) return this.levelSearch(options.level, options);
    if (options.algorithm === "alphabeta") return this.alphabeta(options);
    if (options.algorithm !== undefined && options.algorithm !== "mcts") {
      throw new Error(`unknown algorithm ${JSON.stringify(options.algorithm)} (mcts or alphabeta)`);
    }
    return this.mcts(options);
  }

  /**
   * The search of a named level (ai/levels.py's level_player and its analyse()): the game's
   * algorithm with the level's budgets and settings, the level's proof pre-search first.
   * @param {string} name
   * @param {SearchOptions} options seed; seconds replaces the level's time cap
   * @returns {SearchResult}
   */
  levelSearch(name, { seed = 0, seconds } = {}) {
    const level = this.data.levels.find((l) => l.name === name);
    if (!level) throw new Error(`unknown level ${JSON.stringify(name)} (levels: ${this.data.levels.map((l) => l.name).join(", ")})`);
    const cap = seconds ?? level.turn_seconds;
    if (this.data.algorithm === "alphabeta") return this.alphabeta({ depth: level.depth, seconds: cap, seed });
    if (level.presearch) {
      const found = presearch(this, level.presearch[0], level.presearch[1], "mcts");
      if (found) return found;
    }
    return this.mcts({ iterations: level.iterations, seconds: cap, seed, exploration: level.exploration, cutoff: level.playout_cutoff, decisive: level.decisive });
  }

  /**
   * An alpha-beta search of the current state (a fresh searcher): the same search as shoal's
   * AlphaBeta(game, seed=seed).search(state, depth=..., seconds=..., iterations=...) on the
   * native path, so a depth and a seed give the same action, value and line.
   * @param {SearchOptions} options
   * @returns {SearchResult}
   */
  alphabeta({ depth, seconds, iterations, seed = 0 } = {}) {
    const searcher = new AlphaBetaSearcher(this, pythonSeedBits(seed));
    try {
      return searcher.search({ depth, seconds, nodes: iterations });
    } finally {
      searcher.free();
    }
  }

  /**
   * The analysis board's alpha-beta: every root action one depth deeper per step (see
   * engine-alphabeta.js's deepen).
   * @param {{maxDepth?: number, seconds?: number, seed?: number}} options
   */
  deepen({ maxDepth, seconds, seed = 0 } = {}) {
    return deepen(this, pythonSeedBits(seed), { maxDepth, seconds });
  }

  /**
   * Does a seat force a win from the current state within `depth` atomic actions (a fresh
   * Prover)? With the fewest actions and the winning first actions when it does.
   * @param {ProveOptions} options
   * @returns {ProveResult}
   */
  prove({ seat, depth, nodes = 200_000 }) {
    const mover = this.status().to_move;
    const who = seat ?? mover ?? 0;
    return withProver(this, who, nodes, (prover) => {
      try {
        if (!prover.wins(depth)) return { wins: false, distance: null, winning: [], nodes: prover.nodes };
        const distance = /** @type {number} */ (prover.distance(depth));
        const winning = mover === who && distance > 0 ? prover.winningActions(distance) : [];
        return { wins: true, distance, winning, nodes: prover.nodes };
      } catch (error) {
        if (error instanceof ProofBudgetExceeded) return { wins: null, distance: null, winning: [], nodes: prover.nodes };
        throw error;
      }
    });
  }

  /**
   * "win in N" / "loss in N" for the mover after each action, where the prover settles it
   * (the server explorer's proof of a move; engine-proof.js).
   * @param {{actions: number[], depth?: number, nodes?: number}} options
   * @returns {(string | null)[]}
   */
  proofs({ actions, depth, nodes }) {
    return proofs(this, actions, { depth, nodes });
  }

  /**
   * One of the calls above by name, for the search worker.
   * @param {string} op search, deepen, prove or proofs
   * @param {any} args
   */
  run(op, args) {
    if (op === "search") return this.search(args);
    if (op === "deepen") return this.deepen(args);
    if (op === "prove") return this.prove(args);
    if (op === "proofs") return this.proofs(args);
    throw new Error(`no engine call ${JSON.stringify(op)}`);
  }

  /**
   * An MCTS search of the current state with the game's AI profile (UCT, solver, cut-off
   * playouts), or the settings given: the same search as shoal's MCTS(game, seed=seed) on
   * the native path, so a fixed number of iterations and a seed give the same action.
   * @param {SearchOptions} options
   * @returns {SearchResult}
   */
  mcts({ iterations, seconds, seed = 0, exploration, cutoff, decisive = false } = {}) {
    const st = this.status();
    if (st.over || st.to_move === null) throw new Error("cannot search a finished game");
    if (iterations === undefined && seconds === undefined) iterations = 1000;
    const [low, high] = pythonSeedBits(seed);
    const uct = exploration ?? this.data.exploration;
    const limit = (cutoff === undefined ? this.data.playout_cutoff : cutoff) ?? -1;
    const searcher = /** @type {number} */ (this.x.shoal_mcts_new(uct, limit, 1, low, high, 1, 12, decisive ? 1 : 0));
    if (!searcher) throw new Error(`${this.data.game}: the search could not start`);
    try {
      if (this.x.shoal_mcts_search(searcher, this.state, iterations ?? -1, seconds ?? -1, this.out) !== 0) {
        throw new Error(`${this.data.game}: the search ran out of memory`);
      }
      const [done, elapsed, , rootProven, , count] = new Float64Array(this.x.memory.buffer, this.out, 6);
      const sign = st.to_move === 0 ? 1 : -1;
      const children = [];
      for (let i = 0; i < count; i++) {
        this.x.shoal_mcts_child(searcher, i, this.out);
        const [action, visits, total, proven] = new Float64Array(this.x.memory.buffer, this.out, 4);
        children.push({ action, visits, total, proven });
      }
      const n = /** @type {number} */ (this.x.shoal_mcts_pv(searcher, this.actions, 32));
      const pv = Array.from(new Int32Array(this.x.memory.buffer, this.actions, n));
      if (!children.length) {
        const legal = this.legal();
        return { algorithm: "mcts", action: legal[0], value: 0, pv: [legal[0]], iterations: 0, seconds: elapsed, proven: null, children: [] };
      }
      const best = children.find((c) => c.action === pv[0]) ?? children[0];
      const valueOf = (/** @type {{visits: number, total: number, proven: number}} */ c) =>
        Number.isNaN(c.proven) ? (sign * c.total) / Math.max(c.visits, 1) : sign * c.proven;
      const label = (/** @type {number} */ proven) => (Number.isNaN(proven) ? null : sign * proven > 0 ? "win" : sign * proven < 0 ? "loss" : "draw");
      return {
        algorithm: "mcts",
        action: best.action,
        value: valueOf(best),
        pv,
        iterations: done,
        seconds: elapsed,
        proven: label(rootProven),
        children: children.map((c) => ({ action: c.action, visits: c.visits, value: valueOf(c), proven: label(c.proven) })),
      };
    } finally {
      this.x.shoal_mcts_free(searcher);
    }
  }
}
