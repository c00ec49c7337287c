// @ts-check
// The WebAssembly engine of one game, driven synchronously: the game's C core and the MCTS
// core compiled by scripts/build-wasm (core/wasm/shoal_wasm.c is the C side of every call
// here), with the data Python adds beside it (wasm/GAME.json: starting positions, tables,
// search settings; shoal.interop.webengine). Used by engine.js on the page (the rules) and by
// engine-worker.js (the searches). No rules here: every answer comes from the C core.

/**
 * @typedef {{over: boolean, to_move: number | null, winner: number | null, turn: number}} Status
 *   winner: the winning seat, or null for a draw or a running game; to_move null once over
 * @typedef {{action: number, value: number, pv: number[], iterations: number, seconds: number,
 *   proven: string | null, children: {action: number, visits: number, value: number, proven: string | null}[]}} SearchResult
 *   value: the searched seat's expected result in [-1, 1]; proven: "win", "loss", "draw" or null
 * @typedef {{game: string, state_size: number, exploration: number, playout_cutoff: number | null,
 *   tables: [number, number[]][], initial: string[]}} EngineData
 * @typedef {{iterations?: number, seconds?: number, seed?: number}} SearchOptions
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
    const n = /** @type {number} */ (this.x.shoal_legal(this.state, this.actions));
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
    this.x.shoal_status(this.state, this.out);
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
   * An MCTS search of the current state with the game's AI profile (UCT, solver, cut-off
   * playouts): the same search as shoal's MCTS(game, seed=seed) on the native path, so a
   * fixed number of iterations and a seed give the same action.
   * @param {SearchOptions} options
   * @returns {SearchResult}
   */
  search({ iterations, seconds, seed = 0 } = {}) {
    const st = this.status();
    if (st.over || st.to_move === null) throw new Error("cannot search a finished game");
    if (iterations === undefined && seconds === undefined) iterations = 1000;
    const [low, high] = pythonSeedBits(seed);
    const cutoff = this.data.playout_cutoff ?? -1;
    const searcher = /** @type {number} */ (this.x.shoal_mcts_new(this.data.exploration, cutoff, 1, low, high, 1, 12, 0));
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
        return { action: legal[0], value: 0, pv: [legal[0]], iterations: 0, seconds: elapsed, proven: null, children: [] };
      }
      const best = children.find((c) => c.action === pv[0]) ?? children[0];
      const valueOf = (/** @type {{visits: number, total: number, proven: number}} */ c) =>
        Number.isNaN(c.proven) ? (sign * c.total) / Math.max(c.visits, 1) : sign * c.proven;
      const label = (/** @type {number} */ proven) => (Number.isNaN(proven) ? null : sign * proven > 0 ? "win" : sign * proven < 0 ? "loss" : "draw");
      return {
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
