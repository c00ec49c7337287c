// @ts-check
// The bounded prover in the browser: ai/prove_core.h compiled into each game's module (the
// shoal_prove_* exports of interop/wasm/shoal_wasm.c), driven for a WasmEngine (engine-core.js)
// as shoal's Prover (ai/prove.py) drives the native one: does a seat force a win within N
// atomic actions, the fewest N, the winning first actions and a solution line. On top of it,
// what the server asks it: the proof pre-search of a level (ai/presearch.py) and the "win/loss
// in N" of a move (analysis/explorer.py's _proven). Every answer comes from the C core.

/** @typedef {import("./engine-core.js").WasmEngine} WasmEngine */
/** @typedef {import("./engine-core.js").SearchResult} SearchResult */

/** The prover ran out of nodes before it could answer (Python's ProofBudgetExceeded). */
export class ProofBudgetExceeded extends Error {}

/** Proves forced wins for one seat; its table of proven bounds is kept between questions. */
export class Prover {
  /**
   * @param {WasmEngine} engine
   * @param {number} seat 0 or 1
   * @param {number} [maxNodes] positions it may expand in all (1 to 10^8; Prover's 200,000)
   */
  constructor(engine, seat, maxNodes = 200_000) {
    if (seat !== 0 && seat !== 1) throw new Error(`seat ${seat} is not 0 or 1`);
    if (!Number.isInteger(maxNodes) || maxNodes < 1 || maxNodes > 100_000_000) {
      throw new Error(`a node budget of ${maxNodes} is not in 1..100000000`);
    }
    this.engine = engine;
    this.seat = seat;
    this.maxNodes = maxNodes;
    this.handle = /** @type {number} */ (engine.x.shoal_prove_new(seat, maxNodes));
    if (!this.handle) throw new Error(`${engine.data.game}: the prover is out of memory`);
    this.buffers = /** @type {number[]} */ ([]);
  }

  /** @returns {number} positions expanded so far */
  get nodes() {
    return /** @type {number} */ (this.engine.x.shoal_prove_nodes(this.handle));
  }

  /**
   * True when the seat wins by force within `depth` atomic actions from the state at `at`.
   * @param {number} depth
   * @param {number} [at] a state's address (default: the engine's current state)
   * @returns {boolean}
   */
  wins(depth, at = this.engine.state) {
    if (!Number.isInteger(depth) || depth > 1000) throw new Error(`a bound of ${depth} actions is not in 0..1000`);
    const result = this.engine.x.shoal_prove_wins(this.handle, at, Math.max(0, depth));
    if (result === -1) throw new ProofBudgetExceeded(`more than ${this.maxNodes} positions`);
    if (result < 0) throw new Error(`${this.engine.data.game}: the prover is out of memory`);
    return result === 1;
  }

  /**
   * The fewest atomic actions in which the seat forces the win (null: more than `depth`).
   * @param {number} depth
   * @param {number} [at]
   * @returns {number | null}
   */
  distance(depth, at = this.engine.state) {
    for (let bound = 0; bound <= depth; bound++) if (this.wins(bound, at)) return bound;
    return null;
  }

  /**
   * A state's buffer of this prover (one per nesting level of a question).
   * @param {number} level
   * @returns {number}
   */
  buffer(level) {
    while (this.buffers.length <= level) this.buffers.push(this.engine.alloc(this.engine.size));
    return this.buffers[level];
  }

  /**
   * Copies the state at `from` to buffer `level`, plays `action` there.
   * @param {number} from
   * @param {number} action
   * @param {number} level
   * @returns {number} the child's address
   */
  child(from, action, level) {
    const to = this.buffer(level);
    this.engine.bytes().copyWithin(to, from, from + this.engine.size);
    this.engine.x.shoal_apply(to, action);
    return to;
  }

  /**
   * The mover's (the seat's) first actions that force the win within `depth`.
   * @param {number} depth
   * @param {number} [at]
   * @returns {number[]}
   */
  winningActions(depth, at = this.engine.state) {
    return this.engine.legalAt(at).filter((action) => this.wins(depth - 1, this.child(at, action, 0)));
  }

  /**
   * A solution line (Prover.line): the winner's quickest win, the defender's longest
   * resistance, ties to the first action in the game's order. The state must be won within
   * `depth` for the seat.
   * @param {number} depth
   * @param {number} [at]
   * @returns {number[]}
   */
  line(depth, at = this.engine.state) {
    const cur = this.buffer(1);
    this.engine.bytes().copyWithin(cur, at, at + this.engine.size);
    const actions = [];
    for (let status = this.engine.statusAt(cur); !status.over; status = this.engine.statusAt(cur)) {
      /** @type {[number, number] | null} */
      let best = null;
      for (const action of this.engine.legalAt(cur)) {
        const dist = this.distance(depth - 1, this.child(cur, action, 0));
        if (status.to_move === this.seat) {
          if (dist !== null && (best === null || dist < best[0])) best = [dist, action];
        } else {
          if (dist === null) throw new Error("the defender escapes: the position is not won");
          if (best === null || dist > best[0]) best = [dist, action];
        }
      }
      if (best === null) throw new Error("the position is not won");
      actions.push(best[1]);
      this.engine.x.shoal_apply(cur, best[1]);
      depth -= 1;
    }
    return actions;
  }

  /** Gives the prover's memory back to the module. */
  free() {
    for (const at of this.buffers) this.engine.x.free(at);
    this.buffers = [];
    this.engine.x.shoal_prove_free(this.handle);
    this.handle = 0;
  }
}

/**
 * Runs `body` with a fresh prover, freed after.
 * @template T
 * @param {WasmEngine} engine
 * @param {number} seat
 * @param {number} maxNodes
 * @param {(prover: Prover) => T} body
 * @returns {T}
 */
export function withProver(engine, seat, maxNodes, body) {
  const prover = new Prover(engine, seat, maxNodes);
  try {
    return body(prover);
  } finally {
    prover.free();
  }
}

/**
 * The proof pre-search of a level (ai/presearch.py): the quickest forced win of the side to
 * move within `depth` actions, reported as a proven search result, or null (no win within
 * `depth`, or more than `maxNodes` positions to tell).
 * @param {WasmEngine} engine its current state
 * @param {number} depth
 * @param {number} maxNodes
 * @param {string} [algorithm] the search it stands in for
 * @returns {SearchResult | null}
 */
export function presearch(engine, depth, maxNodes, algorithm = "mcts") {
  const seat = engine.status().to_move;
  if (seat === null || depth < 1) return null;
  const began = performance.now();
  return withProver(engine, seat, maxNodes, (prover) => {
    let length = 0;
    let winning;
    try {
      if (!prover.wins(depth)) return null;
      for (length = 1; length < depth && !prover.wins(length); length++);
      winning = prover.winningActions(length);
    } catch (error) {
      if (error instanceof ProofBudgetExceeded) return null;
      throw error;
    }
    let pv = [winning[0]];
    try {
      const line = prover.line(length);
      if (winning.includes(line[0])) pv = line;
    } catch (error) {
      if (!(error instanceof ProofBudgetExceeded)) throw error; // the rest of the line is a nicety
    }
    return {
      algorithm,
      action: pv[0],
      value: 1,
      pv,
      iterations: 0,
      seconds: (performance.now() - began) / 1000,
      proven: "win",
      proof_length: length,
      depth: pv.length,
      prover_nodes: prover.nodes,
      children: winning.map((action) => ({ action, visits: 0, value: 1, proven: "win" })),
    };
  });
}

/** The prover's bound and node budget for a move's "win/loss in N" (analysis/explorer.py). */
export const PROOF_DEPTH = 5;
export const PROOF_NODES = 3_000;

/**
 * "win in N" or "loss in N" for the mover after each of `actions` (N atomic actions, the move
 * included) where the prover settles it within `nodes` positions per side, else null: what
 * the server's explorer says of a move (analysis/explorer.py's _proven).
 * @param {WasmEngine} engine its current state (a running game)
 * @param {number[]} actions legal actions here
 * @param {{depth?: number, nodes?: number}} [budget]
 * @returns {(string | null)[]}
 */
export function proofs(engine, actions, { depth = PROOF_DEPTH, nodes = PROOF_NODES } = {}) {
  const seat = engine.status().to_move;
  if (seat === null) throw new Error("the game is over");
  const child = engine.alloc(engine.size);
  try {
    return actions.map((action) => {
      engine.bytes().copyWithin(child, engine.state, engine.state + engine.size);
      if (engine.x.shoal_apply(child, action) !== 0) throw new Error(`${engine.data.game}: action ${action} is not legal here`);
      const after = engine.statusAt(child);
      if (after.over) return after.winner === null ? null : after.winner === seat ? "win in 1" : "loss in 1";
      for (const [proverSeat, word] of /** @type {[number, string][]} */ ([[seat, "win"], [1 - seat, "loss"]])) {
        try {
          const distance = withProver(engine, proverSeat, nodes, (prover) => prover.distance(depth, child));
          if (distance !== null) return `${word} in ${distance + 1}`;
        } catch (error) {
          if (!(error instanceof ProofBudgetExceeded)) throw error;
        }
      }
      return null;
    });
  } finally {
    engine.x.free(child);
  }
}
