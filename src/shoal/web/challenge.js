// @ts-check
// Challenge a player from their profile page (/@/NAME, issue 22).
import { $select, errorText, h, whoami } from "./common.js";
import { api } from "./net.js";
import { chosenOptions, optionInputs, timeSelect } from "./lobby-view.js";
import { parts, t } from "./i18n.js";

/**
 * The card, or null on my own profile (a guest is asked to sign in).
 * @param {string} username the profile's player
 * @param {import("./types/api.js").CatalogEntry[]} catalog
 */
export async function challengeCard(username, catalog) {
  const me = await whoami();
  if (me && me.username.toLowerCase() === username.toLowerCase()) return null;
  const card = h("section", { class: "card form-card", id: "challenge-card" }, h("h2", { text: t("Challenge {name}", { name: username }) }));
  if (!me) {
    card.append(h("p", {}, ...parts(t("{link} to challenge this player."), { link: h("a", { href: `/login?next=${encodeURIComponent(location.pathname)}`, text: t("Sign in") }) })));
    return card;
  }
  const games = catalog.filter((g) => g.listed);
  const gameSelect = h("select", { id: "challenge-game" }, games.map((g) => h("option", { value: g.id, text: g.title })));
  const optionsBox = h("div", { id: "challenge-options" });
  const show = () => optionsBox.replaceChildren(...optionInputs(games.find((g) => g.id === gameSelect.value)));
  gameSelect.addEventListener("change", show);
  show();
  const colour = h("select", { id: "challenge-colour" }, h("option", { value: "random", text: t("Random") }), h("option", { value: "first", text: t("First") }), h("option", { value: "second", text: t("Second") }));
  const rated = h("input", { type: "checkbox", id: "challenge-rated" });
  const note = h("p", { class: "form-error", id: "challenge-error", role: "alert", hidden: true });
  const done = h("p", { class: "help", id: "challenge-sent", hidden: true });
  const form = h(
    "form",
    {},
    h("div", { class: "row" }, h("div", { class: "field" }, h("label", { for: "challenge-game" }, t("Game")), gameSelect), h("div", { class: "field" }, h("label", { for: "challenge-time" }, t("Time control")), timeSelect("challenge-time")), h("div", { class: "field" }, h("label", { for: "challenge-colour" }, t("Your side")), colour)),
    h("details", {}, h("summary", { text: t("Options") }), optionsBox),
    h("label", { class: "check" }, rated, " " + t("Rated")),
    note,
    done,
    h("button", { class: "btn primary", type: "submit", id: "challenge-send", text: t("Send the challenge") }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    note.hidden = true;
    try {
      /** @type {import("./types/api.js").ChallengeIn} */
      const body = { username, game: /** @type {import("./types/api.js").ChallengeIn["game"]} */ (gameSelect.value), options: chosenOptions(optionsBox), colour: /** @type {import("./types/api.js").ChallengeIn["colour"]} */ (colour.value), time_control: $select("#challenge-time", form).value || null, rated: rated.checked };
      const made = await api("/api/challenges", { method: "POST", body });
      if (made.url) { // the server's own bots accept at once: the game is on
        location.href = made.url;
        return;
      }
      done.replaceChildren(...parts(t("Challenge sent: {name} is told, and may accept it within 7 days. Wait on {link} (or in the lobby): you will be taken to the game when it is accepted.", { name: username }), { link: h("a", { href: `/challenges/${made.id}`, id: "challenge-link", text: t("the challenge's page") }) }));
      done.hidden = false;
    } catch (e) {
      note.textContent = errorText(e);
      note.hidden = false;
    }
  });
  card.append(form);
  return card;
}
