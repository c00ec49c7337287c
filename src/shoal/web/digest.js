// @ts-check
// How turns are mailed, in Settings (issue 43): each turn, a digest at most every N hours,
// or none (GET/PUT /api/mail/digest).

import { api } from "./net.js";

/**
 * The card "Turn mail".
 * @returns {HTMLElement}
 */
export function digestCard() {
  const card = document.createElement("section");
  card.className = "card";
  card.id = "digest";
  const title = document.createElement("h2");
  title.textContent = "Turn mail";
  const mode = document.createElement("select");
  mode.id = "digest-mode";
  for (const [value, words] of [["turn", "A mail for each turn"], ["digest", "A digest of the games waiting, at most every…"], ["none", "No turn mail"]]) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = words;
    mode.append(option);
  }
  const hours = document.createElement("input");
  Object.assign(hours, { type: "number", id: "digest-hours", min: "1", max: "168", value: "12" });
  const hoursLabel = document.createElement("label");
  hoursLabel.htmlFor = "digest-hours";
  hoursLabel.textContent = "Hours between digests";
  const save = document.createElement("button");
  save.className = "btn";
  save.id = "save-digest";
  save.textContent = "Save";
  const said = document.createElement("p");
  said.className = "help";
  said.id = "digest-said";
  const label = document.createElement("label");
  label.htmlFor = "digest-mode";
  label.textContent = "When it is my turn in correspondence games";
  card.append(title, label, mode, hoursLabel, hours, save, said);
  const sync = () => (hoursLabel.hidden = hours.hidden = mode.value !== "digest");
  mode.addEventListener("change", sync);
  save.addEventListener("click", async () => {
    try {
      await api("/api/mail/digest", { method: "PUT", body: { mode: mode.value, hours: Number(hours.value) } });
      said.textContent = "Saved";
    } catch (error) {
      said.textContent = error instanceof Error ? error.message : String(error);
    }
  });
  api("/api/mail/digest")
    .then((/** @type {{mode: string, hours: number}} */ d) => {
      mode.value = d.mode;
      hours.value = String(d.hours);
      sync();
    })
    .catch(() => card.remove());
  return card;
}
