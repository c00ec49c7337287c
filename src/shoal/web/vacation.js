// @ts-check
// Vacation in Settings (issue 43): the days left this year, start a vacation of whole days
// (GET/POST/DELETE /api/vacation); meanwhile the correspondence clocks of your games stop.

import { errorText, h } from "./common.js";
import { api } from "./net.js";
import { date, t, tn } from "./i18n.js";

/** @typedef {{allowance: number, used: number, left: number, on_vacation: boolean, until: number | null}} VacationState */

/**
 * @param {"GET" | "POST" | "PUT" | "DELETE"} method
 * @param {object} [body]
 * @returns {Promise<VacationState>}
 */
async function call(method, body) {
  return /** @type {VacationState} */ (await api("/api/vacation", { method, body }));
}

/**
 * The card "Vacation".
 * @returns {HTMLElement}
 */
export function vacationCard() {
  const state = h("p", { id: "vacation-state" });
  const days = /** @type {HTMLInputElement} */ (h("input", { type: "number", id: "vacation-days", min: "1", value: "1" }));
  const label = h("label", { for: "vacation-days", text: t("Days (whole days, from now)") });
  const button = /** @type {HTMLButtonElement} */ (h("button", { class: "btn", id: "vacation-toggle" }));
  const said = h("p", { class: "help", id: "vacation-said" });
  const card = h("section", { class: "card", id: "vacation" }, h("h2", { text: t("Vacation") }), state, label, days, button, said);
  /** @param {VacationState} v */
  const show = (v) => {
    const until = v.until ? date(v.until * 1000, { dateStyle: "medium", timeStyle: "short" }) : "";
    state.textContent = v.on_vacation
      ? t("On vacation until {until}: the clocks of your correspondence games are stopped.", { until }) + " " + tn("{left} of {n} day left this year.", "{left} of {n} days left this year.", v.allowance, { left: v.left })
      : tn("{left} of {n} vacation day left this year.", "{left} of {n} vacation days left this year.", v.allowance, { left: v.left }) + " " + t("While away, the clocks of your correspondence games stop and your opponents see it.");
    button.textContent = v.on_vacation ? t("Come back now") : t("Start a vacation");
    button.dataset.away = String(v.on_vacation);
    days.max = String(Math.max(1, v.left));
    label.hidden = days.hidden = v.on_vacation;
    button.disabled = !v.on_vacation && v.left < 1;
  };
  button.addEventListener("click", async () => {
    said.textContent = "";
    try {
      show(button.dataset.away === "true" ? await call("DELETE") : await call("POST", { days: Number(days.value) }));
    } catch (error) {
      said.textContent = errorText(error);
    }
  });
  call("GET").then(show).catch(() => card.remove());
  return card;
}
