// @ts-check
// The Web Worker that searches for engine.js, so a long search never freezes the page: it
// holds one WasmEngine per game and answers {id, game, position, search} messages with
// {id, result} or {id, error}.
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

/** @param {MessageEvent<{id: number, game: string, position: string, search: import("./engine-core.js").SearchOptions}>} event */
self.onmessage = async (event) => {
  const { id, game, position, search } = event.data;
  try {
    const engine = await engineFor(game);
    engine.load(position);
    self.postMessage({ id, result: engine.search(search) });
  } catch (error) {
    self.postMessage({ id, error: String(error instanceof Error ? error.message : error) });
  }
};
