// @ts-check
// Push notifications in Settings and on /notifications (issue 43): subscribe or unsubscribe
// this device, and switch each kind of push on or off (GET/PUT /api/push/settings).

import { currentSubscription, pushSupported, subscribe, unsubscribe } from "./app.js";
import { api } from "./net.js";

/** @type {[string, string][]} */
const KINDS = [
  ["your_turn", "My turn in a correspondence game"],
  ["challenge", "A challenge"],
  ["game_ended", "The end of a correspondence game"],
  ["offer", "A draw or rematch offer"],
  ["tournament", "A tournament round (when tournaments exist)"],
];

/**
 * @typedef {{kinds: Record<string, boolean>, devices: number}} PushSettings
 */

/**
 * @param {string} tag
 * @param {Record<string, string | boolean>} attrs
 * @param {(Node | string)[]} children
 * @returns {HTMLElement}
 */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false) continue;
    if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

/**
 * @param {"GET" | "POST" | "PUT" | "DELETE"} method
 * @param {object} [body]
 * @returns {Promise<PushSettings>}
 */
async function settings(method = "GET", body) {
  return /** @type {PushSettings} */ (await api("/api/push/settings", { method, body }));
}

/**
 * The card "Push notifications": this device's state, its button, the kinds.
 * @returns {HTMLElement}
 */
export function pushCard() {
  const card = el("section", { class: "card", id: "push" }, el("h2", { text: "Push notifications" }));
  const state = el("p", { class: "help", id: "push-state", text: "…" });
  const button = /** @type {HTMLButtonElement} */ (el("button", { class: "btn", id: "push-toggle", text: "…" }));
  const kinds = el("div", { id: "push-kinds", style: "margin-top: 0.75rem" });
  card.append(el("p", { class: "help", text: "Pushed to this device even when shoal is closed (and to the installed app)." }), state, button, kinds);
  const show = async () => {
    const subscribed = Boolean(await currentSubscription().catch(() => null));
    state.textContent = subscribed ? "This device receives push notifications." : "This device receives no push notifications.";
    button.textContent = subscribed ? "Stop on this device" : "Turn on for this device";
    button.dataset.subscribed = String(subscribed);
  };
  if (!pushSupported()) {
    state.textContent = "This browser cannot receive push notifications.";
    button.hidden = true;
  } else show();
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      if (button.dataset.subscribed === "true") await unsubscribe();
      else await subscribe();
    } catch (error) {
      state.textContent = error instanceof Error ? error.message : String(error);
      button.disabled = false;
      return;
    }
    button.disabled = false;
    await show();
  });
  settings()
    .then((s) => {
      for (const [kind, words] of KINDS) {
        const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: `push-${kind}`, checked: s.kinds[kind] }));
        box.addEventListener("change", () => settings("PUT", { kinds: { [kind]: box.checked } }).catch(() => (box.checked = !box.checked)));
        kinds.append(el("label", { class: "check" }, box, ` ${words}`));
      }
    })
    .catch(() => kinds.append(el("p", { class: "help", text: "Sign in to choose what is pushed." })));
  return card;
}
