// @ts-check
// How turns are mailed, in Settings (issue 43): each turn, a digest at most every N hours,
// or none (GET/PUT /api/mail/digest).

import { errorText, h } from "./common.js";
import { api } from "./net.js";
import { t } from "./i18n.js";

/** @returns {[string, string][]} */
const modes = () => [["turn", t("A mail for each turn")], ["digest", t("A digest of the games waiting, at most every…")], ["none", t("No turn mail")]];

/**
 * The card "Turn mail".
 * @returns {HTMLElement}
 */
export function digestCard() {
  const mode = /** @type {HTMLSelectElement} */ (h("select", { id: "digest-mode" }, modes().map(([value, words]) => h("option", { value, text: words }))));
  const hours = /** @type {HTMLInputElement} */ (h("input", { type: "number", id: "digest-hours", min: "1", max: "168", value: "12" }));
  const hoursLabel = h("label", { for: "digest-hours", text: t("Hours between digests") });
  const said = h("p", { class: "help", id: "digest-said" });
  const sync = () => (hoursLabel.hidden = hours.hidden = mode.value !== "digest");
  const save = async () => {
    try {
      await api("/api/mail/digest", { method: "PUT", body: { mode: mode.value, hours: Number(hours.value) } });
      said.textContent = t("Saved");
    } catch (error) {
      said.textContent = errorText(error);
    }
  };
  mode.addEventListener("change", sync);
  const card = h("section", { class: "card", id: "digest" },
    h("h2", { text: t("Turn mail") }),
    h("label", { for: "digest-mode", text: t("When it is my turn in correspondence games") }),
    mode, hoursLabel, hours,
    h("button", { class: "btn", id: "save-digest", text: t("Save"), onclick: save }),
    said);
  api("/api/mail/digest")
    .then((/** @type {{mode: string, hours: number}} */ d) => {
      mode.value = d.mode;
      hours.value = String(d.hours);
      sync();
    })
    .catch(() => card.remove());
  return card;
}
