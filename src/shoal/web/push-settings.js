// @ts-check
// Push notifications in Settings and on /notifications (issue 43): subscribe or unsubscribe
// this device, and switch each kind of push on or off (GET/PUT /api/push/settings).

import { currentSubscription, pushSupported, subscribe, unsubscribe } from "./app.js";
import { errorText, h } from "./common.js";
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
  const card = h("section", { class: "card", id: "push" }, h("h2", { text: "Push notifications" }));
  const state = h("p", { class: "help", id: "push-state", text: "…" });
  const button = /** @type {HTMLButtonElement} */ (h("button", { class: "btn", id: "push-toggle", text: "…" }));
  const kinds = h("div", { id: "push-kinds", style: "margin-top: 0.75rem" });
  card.append(h("p", { class: "help", text: "Pushed to this device even when shoal is closed (and to the installed app)." }), state, button, kinds);
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
      state.textContent = errorText(error);
      button.disabled = false;
      return;
    }
    button.disabled = false;
    await show();
  });
  settings()
    .then((s) => {
      for (const [kind, words] of KINDS) {
        const box = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: `push-${kind}`, checked: s.kinds[kind] }));
        box.addEventListener("change", () => settings("PUT", { kinds: { [kind]: box.checked } }).catch(() => (box.checked = !box.checked)));
        kinds.append(h("label", { class: "check" }, box, ` ${words}`));
      }
    })
    .catch(() => kinds.append(h("p", { class: "help", text: "Sign in to choose what is pushed." })));
  return card;
}
