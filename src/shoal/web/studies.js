// @ts-check
// The studies page /studies (issue 44): public studies (of a game), most liked or newest
// first, the reader's own and those it edits, and a form to make one: a game's start or a
// position, or records (text or JSON, variations included: one chapter per record).
import { $, errorText, footer, h, pageHead, toast, topbar, whoami } from "./common.js";
import { api } from "./net.js";
import { number, parts, t } from "./i18n.js";

/** @typedef {import("./common.js").Me} Me */

const app = $("#app");
/** @type {{ game: string, order: string, catalog: import("./types/api.js").CatalogEntry[] }} */
const state = { game: "", order: "likes", catalog: [] };

/** Who sees a study, in words (the API's public, unlisted, private). @param {string} visibility */
function visibilityWord(visibility) {
  /** @type {Record<string, () => string>} */
  const words = { public: () => t("public"), unlisted: () => t("unlisted"), private: () => t("private") };
  return Object.hasOwn(words, visibility) ? words[visibility]() : visibility;
}

/** @param {import("./types/api.js").StudySummary} study */
function line(study) {
  const games = study.games.join(", ");
  const what = `${games} · ${t("by {owner}", { owner: study.owner })} · ♥ ${number(study.likes)}${study.visibility !== "public" ? ` · ${visibilityWord(study.visibility)}` : ""}`;
  return h("li", { class: "study-line", dataset: { id: study.id } }, h("a", { href: `/studies/${study.id}`, text: study.title, translate: "no" }), h("span", { class: "help", text: ` ${what}` }));
}

/** @param {Me | null} me */
async function lists(me) {
  const query = new URLSearchParams({ order: state.order, ...(state.game ? { game: state.game } : {}) });
  /** @type {import("./types/api.js").StudySummary[]} */
  const open = await api(`/api/studies?${query}`);
  const box = h("div", { id: "study-lists" });
  box.append(h("section", { class: "card", id: "studies-public" }, h("h2", { text: t("Public studies") }), open.length ? h("ul", {}, open.map(line)) : h("p", { class: "help", text: t("None yet.") })));
  if (me) {
    /** @type {import("./types/api.js").StudySummary[]} */
    const mine = await api("/api/studies?mine=true&order=new");
    box.append(h("section", { class: "card", id: "studies-mine" }, h("h2", { text: t("Your studies") }), mine.length ? h("ul", {}, mine.map(line)) : h("p", { class: "help", text: t("None yet.") })));
  }
  const old = document.getElementById("study-lists");
  if (old) old.replaceWith(box);
  else app.append(box);
}

/** @param {Me | null} me */
function filters(me) {
  const game = h("select", { id: "studies-game", "aria-label": t("Game"), onchange: () => { state.game = game.value; lists(me); } }, h("option", { value: "", text: t("All games") }), state.catalog.map((g) => h("option", { value: g.id, text: g.title })));
  const order = h("select", { id: "studies-order", "aria-label": t("Order"), onchange: () => { state.order = order.value; lists(me); } }, h("option", { value: "likes", text: t("Most liked") }), h("option", { value: "new", text: t("Newest") }));
  for (const select of [game, order]) select.style.width = "auto";
  return h("div", { class: "tools", id: "study-filters" }, game, order);
}

/** @param {string} label @param {HTMLElement} input */
function field(label, input) {
  return h("label", { class: "field" }, h("span", { text: label }), input);
}

/** @param {Me | null} me */
function form(me) {
  const card = h("section", { class: "card form-card", id: "new-study" }, h("h2", { text: t("Make a study") }));
  if (!me) {
    card.append(h("p", {}, ...parts(t("{link} to make one."), { link: h("a", { href: `/login?next=${encodeURIComponent(location.pathname)}`, text: t("Sign in") }) })));
    return card;
  }
  const title = h("input", { type: "text", id: "study-title", maxlength: "100", placeholder: t("Sytran openings"), required: true });
  const visibility = h("select", { id: "study-visibility" }, ["public", "unlisted", "private"].map((v) => h("option", { value: v, text: visibilityWord(v) })));
  const game = h("select", { id: "study-game" }, state.catalog.map((g) => h("option", { value: g.id, text: g.title })));
  const position = h("input", { type: "text", id: "study-position", placeholder: t("optional: a position string"), autocomplete: "off" });
  const records = h("textarea", { id: "study-records", placeholder: t("optional: records (text or JSON), one chapter each") });
  const submit = async (/** @type {SubmitEvent} */ event) => {
    event.preventDefault();
    const chapter = records.value.trim() ? { text: records.value } : { game: game.value, ...(position.value.trim() ? { position: position.value.trim() } : {}) };
    try {
      const made = await api("/api/studies", { method: "POST", body: { title: title.value, visibility: visibility.value, chapters: [chapter] } });
      location.href = `/studies/${made.id}`;
    } catch (error) {
      toast(errorText(error), "error");
    }
  };
  card.append(
    h(
      "form",
      { onsubmit: submit },
      field(t("Title"), title),
      field(t("Who sees it"), visibility),
      field(t("First chapter: game"), game),
      field(t("…from a position"), position),
      field(t("…or records"), records),
      h("button", { class: "btn primary", id: "study-create", type: "submit", text: t("Make the study") }),
    ),
  );
  return card;
}

async function main() {
  topbar();
  const me = await whoami();
  state.catalog = await api("/api/catalog"); // every game, connect4 too: a study may be of any
  app.append(...pageHead(t("Studies"), t("Shared analysis in chapters: each a game's tree of lines, with comments and marks. Editors see each other's changes live.")), filters(me), h("div", { id: "study-lists" }), form(me));
  await lists(me);
  footer();
}

main().catch((error) => toast(errorText(error), "error"));
