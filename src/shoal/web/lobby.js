// @ts-check
// The lobby page (issue 22): open seeks live, the create-seek form, my challenges (a guest
// is asked to sign in for them).
import { $, $select, errorText, footer, h, pageHead, topbar, whoami } from "./common.js";
import { api } from "./net.js";
import { chosenOptions, enterGame, mountSeeks, optionInputs, optionsText, timeSelect, timeText } from "./lobby-view.js";
import { parts, t } from "./i18n.js";

/** @typedef {import("./common.js").Me} Me */

/**
 * Radio buttons in a row.
 * @param {string} name
 * @param {[string, string, boolean?][]} items value, title, checked
 */
function segmented(name, items) {
  return h("div", { class: "segmented", id: `seek-${name}` }, items.map(([value, title, checked]) => h("label", {}, h("input", { type: "radio", name, value, checked }), title)));
}

/** @param {import("./types/api.js").CatalogEntry[]} catalog @param {Me | null} me */
function seekForm(catalog, me) {
  const games = [...catalog.filter((g) => g.listed), ...catalog.filter((g) => !g.listed)];
  const gameSelect = h("select", { id: "seek-game" }, games.map((g) => h("option", { value: g.id, text: g.title })));
  const optionsBox = h("div", { id: "seek-options" });
  const showOptions = () => optionsBox.replaceChildren(...optionInputs(games.find((g) => g.id === gameSelect.value)));
  gameSelect.addEventListener("change", showOptions);
  showOptions();
  const rated = h("input", { type: "checkbox", id: "seek-rated", disabled: !me });
  const name = h("input", { type: "text", id: "seek-name", maxlength: "40", placeholder: t("Guest"), value: localStorage.getItem("shoal.name") || "" });
  const error = h("p", { class: "form-error", id: "seek-error", role: "alert", hidden: true });
  const form = h(
    "form",
    { class: "card form-card", id: "seek-form" },
    h("h2", { text: t("Create a seek") }),
    h("div", { class: "field" }, h("label", { for: "seek-game" }, t("Game")), gameSelect),
    optionsBox,
    h("div", { class: "field" }, h("label", { for: "seek-time" }, t("Time control")), timeSelect("seek-time")),
    h("div", { class: "field" }, h("label", {}, t("Your side")), segmented("colour", [["random", t("Random"), true], ["first", t("First")], ["second", t("Second")]])),
    h("div", { class: "field" }, h("label", { for: "seek-rated" }, rated, " " + t("Rated"), h("span", { class: "help", text: me ? " " + t("(Glicko-2, per game and speed)") : " — " + t("sign in to play rated") }))),
    me ? null : h("div", { class: "field" }, h("label", { for: "seek-name" }, t("Your name")), name),
    error,
    h("button", { class: "btn primary", type: "submit", id: "seek-create", text: t("Create seek") }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    if (!me) localStorage.setItem("shoal.name", name.value.trim());
    /** @type {import("./types/api.js").SeekIn} */
    const body = {
      game: /** @type {import("./types/api.js").SeekIn["game"]} */ (gameSelect.value),
      options: chosenOptions(optionsBox),
      colour: /** @type {import("./types/api.js").SeekIn["colour"]} */ (new FormData(form).get("colour")),
      time_control: $select("#seek-time").value || null,
      rated: rated.checked,
      name: name.value.trim(),
    };
    try {
      await api("/api/seeks", { method: "POST", body, guest: true });
    } catch (e) {
      error.textContent = errorText(e);
      error.hidden = false;
    }
  });
  return form;
}

/** @param {Me} me @param {(error: unknown) => void} showError */
async function challengesCard(me, showError) {
  const card = h("section", { class: "card challenges-card", id: "challenges" }, h("h2", { class: "section-title", text: t("Challenges") }));
  const list = h("div", { id: "challenge-list" });
  card.append(list);
  const load = async () => {
    /** @type {import("./types/api.js").MyChallenges} */
    const mine = await api("/api/challenges").catch(() => ({ incoming: [], outgoing: [] }));
    const items = [];
    for (const c of mine.incoming) {
      const act = (/** @type {"accept" | "decline"} */ what) => async () => {
        try {
          const answer = await api(`/api/challenges/${c.id}/${what}`, { method: "POST" });
          if (answer.game) enterGame(answer);
          else load();
        } catch (e) { showError(e); }
      };
      items.push(h("div", { class: "challenge", dataset: { challenge: String(c.id) } }, h("p", {}, ...parts(t("{player} challenges you: {game}"), { player: h("strong", { text: c.challenger, translate: "no" }), game: h("a", { href: `/challenges/${c.id}`, text: c.title }) }), `, ${timeText(c.time_control)}` + (c.rated ? ", " + t("rated") : "") + ` ${optionsText(c.options)}`), h("button", { class: "btn small primary", text: t("Accept"), "data-accept-challenge": c.id, onclick: act("accept") }), h("button", { class: "btn small", text: t("Decline"), "data-decline-challenge": c.id, onclick: act("decline") })));
    }
    for (const c of mine.outgoing) {
      items.push(h("div", { class: "challenge" }, h("p", {}, ...parts(t("You challenged {player}: {game}"), { player: h("strong", { text: c.challenged, translate: "no" }), game: h("a", { href: `/challenges/${c.id}`, text: c.title }) }), `, ${timeText(c.time_control)}`), h("button", { class: "btn small danger", text: t("Cancel"), onclick: () => api(`/api/challenges/${c.id}`, { method: "DELETE" }).then(load, showError) })));
    }
    list.replaceChildren(...(items.length ? items : [h("p", { class: "help", text: t("No challenges. Challenge a player from their profile page.") })]));
  };
  await load();
  setInterval(load, 30000);
  return Object.assign(card, { reload: load });
}

async function main() {
  topbar();
  const app = $("#app");
  /** @type {[import("./types/api.js").CatalogEntry[], Me | null]} */
  const [catalog, me] = await Promise.all([api("/api/catalog"), whoami()]);
  const problem = h("p", { class: "form-error", id: "lobby-error", role: "alert", hidden: true });
  const showError = (/** @type {unknown} */ error) => {
    problem.textContent = errorText(error);
    problem.hidden = false;
  };
  const table = h("section", { class: "card seeks-card" }, h("h2", { class: "section-title", text: t("Open seeks") }), problem);
  const left = h("div", {}, table);
  app.append(...pageHead(t("Lobby")), h("div", { class: "lobby" }, left, seekForm(catalog, me)));
  let reloadChallenges = () => {};
  mountSeeks(table, showError, { onMessage: (m) => m.type === "challenges" && reloadChallenges() });
  if (me) {
    const card = await challengesCard(me, showError);
    reloadChallenges = card.reload;
    left.append(card);
  } else {
    // challenges are between accounts: say so, with the way back here after signing in
    left.append(h("section", { class: "card challenges-card", id: "challenges-signin" }, h("h2", { class: "section-title", text: t("Challenges") }), h("p", { class: "help" }, ...parts(t("{link} to send and receive challenges."), { link: h("a", { href: "/login?next=/lobby", text: t("Sign in") }) }))));
  }
  footer();
}

main();
