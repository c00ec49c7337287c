// @ts-check
// The Web Worker that searches for engine.js, so a long search never freezes the page: it
// holds one WasmEngine per game and answers {id, game, position, op, args} messages (op:
// search, deepen, prove or proofs; WasmEngine.run) with {id, result} or {id, error}.
import { instantiate } from "./engine-core.js";

/** @type {Map<string, Promise<import("./engine-core.js").WasmEngine>>} */
const engines = new Map();

/**
 * @param {string} game
 * @returns {Promise<import("./engine-core.js").WasmEngine>}
 */
function engineFor(game) {
  let engine = engines.get(game);
  if (!engine) {
    engine = instantiate(game);
    engines.set(game, engine);
  }
  return engine;
}

/** @param {MessageEvent<{id: number, game: string, position: string, op: string, args: any}>} event */
self.onmessage = async (event) => {
  const { id, game, position, op, args } = event.data;
  try {
    const engine = await engineFor(game);
    engine.load(position);
    self.postMessage({ id, result: engine.run(op, args) });
  } catch (error) {
    self.postMessage({ id, error: String(error instanceof Error ? error.message : error) });
  }
};
