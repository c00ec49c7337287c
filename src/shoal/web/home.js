// @ts-check
// The home page: the games, each with its start position, summary, and links.
import { $, errorText, footer, h, pageHead, topbar } from "./common.js";
import { api } from "./net.js";
import { mountSeeks } from "./lobby-view.js";
import { t } from "./i18n.js";

/** A game's card: its start position, summary and links. @param {import("./types/api.js").CatalogEntry} game */
function card(game) {
  return h(
    "article",
    { class: "card game-card", dataset: { game: game.id } },
    h(
      "a",
      { class: "pic", href: `/rules/${game.id}`, "aria-label": t("{game} rules", { game: game.title }) },
      h("img", { src: `/api/catalog/${game.id}/start.svg`, alt: t("{game} board", { game: game.title }), loading: "lazy" }),
    ),
    h(
      "div",
      { class: "body" },
      h("h2", {}, game.title, game.listed ? null : h("span", { class: "tag", text: t("calibration") })),
      h("p", { text: game.summary }),
      h(
        "div",
        { class: "actions" },
        h("a", { class: "btn primary", href: `/new?game=${game.id}`, text: t("Play") }),
        h("a", { class: "btn ghost", href: `/rules/${game.id}`, text: t("Rules") }),
        game.listed ? h("a", { class: "btn ghost", href: `/learn/${game.id}`, text: t("Learn") }) : null,
      ),
    ),
  );
}

async function main() {
  topbar();
  const app = $("#app");
  app.append(
    h(
      "section",
      { class: "hero" },
      ...pageHead(t("Five abstract games, one calm table.")),
      h("p", {
        text: t("Syrtis, Sirtet, Sytran, Cyclix and SFIRS: play against the computer, invite a friend online, or share one screen. Replay and download every game."),
      }),
      h(
        "div",
        { class: "actions" },
        h("a", { class: "btn primary", href: "/new", text: t("Start a game") }),
        h("a", { class: "btn", href: "/replay", text: t("View a record") }),
        h("a", { class: "btn", href: "/puzzles", text: t("Solve puzzles") }),
        h("a", { class: "btn", href: "/offline", text: t("Play offline") }),
      ),
    ),
  );
  const lobby = h("section", { class: "card seeks-card", id: "home-lobby" }, h("h2", { class: "section-title" }, t("Lobby: open seeks") + " ", h("a", { href: "/lobby", text: t("open the lobby") })));
  app.append(lobby);
  mountSeeks(lobby, (error) => alert(errorText(error)), { limit: 5 });
  /** @type {import("./types/api.js").CatalogEntry[]} */
  const catalog = await api("/api/catalog");
  const listed = catalog.filter((g) => g.listed);
  const others = catalog.filter((g) => !g.listed);
  if (listed.length) {
    app.append(h("h2", { class: "section-title", text: t("The games") }));
    app.append(h("div", { class: "grid" }, listed.map(card)));
  }
  if (others.length) {
    app.append(h("h2", { class: "section-title", text: listed.length ? t("Also here") : t("Games") }));
    app.append(h("div", { class: "grid" }, others.map(card)));
  }
  footer();
}

main();
