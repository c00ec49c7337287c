// @ts-check
// The bots page (/bots): the server's own bots (the computer at each level) and program bots;
// a signed-in player picks a game and a seat and starts a game against one (docs/bots.md).
import { $, errorText, footer, h, pageHead, toast, tokens, topbar, whoami } from "./common.js";
import { api } from "./net.js";
import { parts, t } from "./i18n.js";

/** @returns {[string, string][]} */
const seats = () => [["0", t("Move first")], ["1", t("Move second")], ["", t("Random")]];

/** A computer level's name (a level not named here as the server says it). @param {string} level */
function levelWord(level) {
  /** @type {Record<string, () => string>} */
  const levels = { random: () => t("random"), beginner: () => t("beginner"), casual: () => t("casual"), club: () => t("club"), strong: () => t("strong"), max: () => t("max") };
  return Object.hasOwn(levels, level) ? levels[level]() : level;
}

async function main() {
  topbar();
  const app = $("#app");
  /** @type {[import("./common.js").Me | null, import("./types/api.js").CatalogEntry[], import("./types/api.js").BotListed[]]} */
  const [me, catalog, bots] = await Promise.all([whoami(), api("/api/catalog"), api("/api/bots")]);
  const games = [...catalog.filter((g) => g.listed), ...catalog.filter((g) => !g.listed)];
  const gameSelect = h("select", { id: "bot-game", name: "game" }, games.map((g) => h("option", { value: g.id, text: g.title })));
  const seatSelect = h("select", { id: "bot-seat", name: "seat" }, seats().map(([value, words]) => h("option", { value, text: words })));
  const intro = h("p", { class: "help" }, ...parts(t("Bots are accounts a program plays: the computer at each level, and programs connected with {command}."), { command: h("code", { text: "shoal bot" }) }));
  const rows = bots.map((bot) =>
    h(
      "li",
      { class: "bot-row card", "data-bot": bot.username },
      h("div", {}, h("strong", { text: bot.username, translate: "no" }), h("p", { class: "help", text: bot.level ? t("the computer at level {level}", { level: levelWord(bot.level) }) : t("a program") })),
      h("button", { class: "btn primary", type: "button", text: t("Play"), disabled: !me, onclick: () => play(bot.username) }),
    ),
  );
  /** @param {string} name the bot's account */
  async function play(name) {
    /** @type {import("./types/api.js").Body<"POST /api/games/vs/{username}">} */
    const body = { game: /** @type {import("./types/api.js").VsIn["game"]} */ (gameSelect.value), seat: seatSelect.value === "" ? null : Number(seatSelect.value) };
    try {
      const made = await api(`/api/games/vs/${encodeURIComponent(name)}`, { method: "POST", body });
      tokens.set(made.id, made.token);
      location.href = `/game/${made.id}`;
    } catch (e) {
      toast(errorText(e), "error");
    }
  }
  const signIn = me
    ? []
    : [h("p", { class: "form-error", id: "bots-signin" }, ...parts(t("Games against bots are between accounts: {link} to play one."), { link: h("a", { href: "/login?next=/bots", text: t("sign in") }) }))];
  app.replaceChildren(
    ...pageHead(t("Play a bot")),
    intro,
    ...signIn,
    h("div", { class: "bot-choice" }, h("label", { for: "bot-game", text: t("Game") }), gameSelect, h("label", { for: "bot-seat", text: t("Your seat") }), seatSelect),
    h("ul", { class: "bot-list", id: "bot-list" }, rows),
  );
  footer();
}

main();
