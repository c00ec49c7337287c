// @ts-check
// Push notifications in Settings and on /notifications (issue 43): subscribe or unsubscribe
// this device, and switch each kind of push on or off (GET/PUT /api/push/settings).

import { currentSubscription, pushSupported, subscribe, unsubscribe } from "./app.js";
import { errorText, h } from "./common.js";
import { api } from "./net.js";
import { t } from "./i18n.js";

/** @returns {[string, string][]} */
const kinds = () => [
  ["your_turn", t("My turn in a correspondence game")],
  ["challenge", t("A challenge")],
  ["game_ended", t("The end of a correspondence game")],
  ["offer", t("A draw or rematch offer")],
  ["tournament", t("A tournament round")],
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
  const card = h("section", { class: "card", id: "push" }, h("h2", { text: t("Push notifications") }));
  const state = h("p", { class: "help", id: "push-state", text: "…" });
  const button = /** @type {HTMLButtonElement} */ (h("button", { class: "btn", id: "push-toggle", text: "…" }));
  const boxes = h("div", { id: "push-kinds", style: "margin-top: 0.75rem" });
  card.append(h("p", { class: "help", text: t("Pushed to this device even when shoal is closed (and to the installed app).") }), state, button, boxes);
  const show = async () => {
    const subscribed = Boolean(await currentSubscription().catch(() => null));
    state.textContent = subscribed ? t("This device receives push notifications.") : t("This device receives no push notifications.");
    button.textContent = subscribed ? t("Stop on this device") : t("Turn on for this device");
    button.dataset.subscribed = String(subscribed);
  };
  if (!pushSupported()) {
    state.textContent = t("This browser cannot receive push notifications.");
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
      for (const [kind, words] of kinds()) {
        const box = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: `push-${kind}`, checked: s.kinds[kind] }));
        box.addEventListener("change", () => settings("PUT", { kinds: { [kind]: box.checked } }).catch(() => (box.checked = !box.checked)));
        boxes.append(h("label", { class: "check" }, box, " " + words));
      }
    })
    .catch(() => boxes.append(h("p", { class: "help", text: t("Sign in to choose what is pushed.") })));
  return card;
}
