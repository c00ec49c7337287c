// @ts-check
// The lobby's live table of seeks (issue 22), shared by /lobby and the home page:
// the table, and the socket that keeps it current
// (also the challenge page's, watchLobby).
import { h, tokens } from "./common.js";
import { api, connectSocket, guestKey } from "./net.js";
import { t, tn } from "./i18n.js";

/** @typedef {import("./types/api.js").SeekOut} Seek */

/** A time control in words ("5 min + 3 s", "2 days / move"). @param {string | null} tc */
export function timeText(tc) {
  if (!tc) return t("No clock");
  if (tc.endsWith("d")) return tn("{n} day / move", "{n} days / move", Number(tc.slice(0, -1)));
  const [m, s] = tc.split("+");
  return t("{m} min + {s} s", { m, s });
}

/** A game's options in words. @param {Record<string, unknown> | null | undefined} options */
export function optionsText(options) {
  const items = Object.entries(options || {});
  return items.length ? items.map(([k, v]) => `${k.replace(/_/g, " ")}: ${v}`).join(", ") : "";
}

/**
 * Go to a game just started from the lobby, with this browser's seat token.
 * @param {{ game: string, token?: string | null, url?: string | null }} start
 */
export function enterGame(start) {
  if (start.token) tokens.set(start.game, start.token);
  location.href = start.url || `/game/${start.game}`;
}

/** @param {Seek} seek @param {(error: unknown) => void} onError */
function row(seek, onError) {
  const act = seek.mine
    ? h("button", { class: "btn small danger", text: t("Cancel"), "data-cancel": seek.id, onclick: () => api(`/api/seeks/${seek.id}`, { method: "DELETE", guest: true }).catch(onError) })
    : h("button", {
        class: "btn small primary",
        text: t("Accept"),
        "data-accept": seek.id,
        onclick: async (/** @type {MouseEvent} */ event) => {
          const button = /** @type {HTMLButtonElement} */ (event.currentTarget); // the listener's own button
          button.disabled = true;
          try {
            enterGame(await api(`/api/seeks/${seek.id}/accept`, { method: "POST", body: { name: localStorage.getItem("shoal.name") || "" }, guest: true }));
          } catch (error) {
            button.disabled = false;
            onError(error);
          }
        },
      });
  return h(
    "tr",
    { class: seek.mine ? "mine" : "", dataset: { seek: String(seek.id) } },
    h("td", {}, h("span", { class: "creator", text: seek.creator, translate: "no" }), seek.bot ? h("span", { class: "bot-badge", title: t("a program or the site's computer"), text: t("BOT") }) : null, h("span", { class: "rating", text: seek.rating == null ? "" : seek.rating, title: seek.rating == null ? "" : t("rating in this game and speed (? while provisional)") })),
    h("td", {}, seek.title, h("span", { class: "opts", text: optionsText(seek.options) })),
    h("td", { text: timeText(seek.time_control) }),
    h("td", { class: "wide", text: seek.rated ? t("Rated") : t("Casual") }),
    h("td", { class: "act" }, act),
  );
}

// Mount the live table into `box`; `onError(error)` shows a refusal in words.
/**
 * @param {HTMLElement} box
 * @param {(error: unknown) => void} onError
 * @param {{ limit?: number, onMessage?: (message: any) => unknown }} [more]
 */
export function mountSeeks(box, onError, { limit = 0, onMessage = () => {} } = {}) {
  const live = h("span", { class: "lobby-live", id: "lobby-live", text: t("connecting…") });
  const body = h("tbody", { id: "seeks-body" });
  const empty = h("p", { class: "seeks-empty", id: "seeks-empty", text: t("No open seeks yet: create one, and wait here for an opponent.") });
  const table = h(
    "table",
    { class: "seeks", id: "seeks" },
    h("thead", {}, h("tr", {}, h("th", { text: t("Player") }), h("th", { text: t("Game") }), h("th", { text: t("Time") }), h("th", { class: "wide", text: t("Mode") }), h("th", {}))),
    body,
  );
  box.append(live, table, empty);
  /** @param {Seek[]} seeks */
  const show = (seeks) => {
    const shown = limit ? seeks.slice(0, limit) : seeks;
    body.replaceChildren(...shown.map((s) => row(s, onError)));
    table.hidden = !shown.length;
    empty.hidden = !!shown.length;
  };
  watchLobby({
    onMessage: (message) => (message.type === "seeks" ? show(message.seeks) : onMessage(message)),
    onStatus: (status) => {
      live.textContent = status === "open" ? t("live") : status === "closed" ? t("offline") : t("reconnecting…");
      live.classList.toggle("on", status === "open");
    },
  });
}

// The lobby socket, reconnecting: a game of mine that starts (a seek taken, a challenge
// accepted) takes this page into it; every other message goes to `onMessage`.
/**
 * @param {{ onMessage?: (message: any) => unknown, onStatus?: import("./net.js").SocketOptions["onStatus"] }} [handlers]
 */
export function watchLobby({ onMessage = () => {}, onStatus = () => {} } = {}) {
  connectSocket("/api/lobby/ws", {
    onOpen: (send) => send({ guest: guestKey() }), // a guest's key goes in a message, never in the URL (logs)
    onMessage: (message) => (message.type === "start" ? enterGame(message) : onMessage(message)),
    onStatus,
  });
}

// The create-seek and challenge forms' parts: time controls, a game's options.
/** @param {string[]} controls @returns {[string, string][]} */
const worded = (controls) => controls.map((tc) => [tc, timeText(tc || null)]);
/** @type {[string, [string, string][]][]} */
export const TIME_CONTROLS = [
  [t("Real time"), worded(["3+2", "5+3", "10+5", "15+10", "30+20"])],
  [t("Correspondence"), worded(["1d", "2d", "3d", "7d", "14d"])],
  [t("Other"), worded([""])],
];

/** The time-control menu. @param {string} id */
export function timeSelect(id) {
  return h("select", { id, name: "time_control" }, TIME_CONTROLS.map(([label, items]) => h("optgroup", { label }, items.map(([value, text]) => h("option", { value, text, selected: value === "5+3" })))));
}

/**
 * A game's options as inputs (their names in `data-option`, defaults in `data-default`).
 * @param {{ options: import("./types/api.js").OptionInfoOut[] } | undefined} game
 */
export function optionInputs(game) {
  if (!game) return [];
  return game.options.map((o) => {
    const id = `seek-opt-${o.name}`;
    const input = o.choices
      ? h("select", { id }, o.choices.map((c, i) => h("option", { value: String(c), selected: c === o.default, text: o.choice_labels?.[i] ?? String(c) })))
      : h("input", { id, type: o.kind === "int" || o.kind === "float" ? "number" : "text", value: String(o.default) });
    input.dataset.option = o.name;
    input.dataset.default = String(o.default);
    return h("div", { class: "field" }, h("label", { for: id }, o.label), input);
  });
}

/**
 * The options chosen in `box`'s option inputs (those of `optionInputs`) that differ from
 * the game's defaults.
 * @param {ParentNode} box
 * @returns {Record<string, string>}
 */
export function chosenOptions(box) {
  /** @type {Record<string, string>} */
  const options = {};
  for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll("[data-option]"))) {
    const name = el.dataset.option;
    if (name !== undefined && el.value !== el.dataset.default) options[name] = el.value;
  }
  return options;
}

