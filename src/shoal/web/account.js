// @ts-check
// The account pages: sign up, sign in, a profile (/@/NAME), My games, settings.
import { $, applyBoardPrefs, errorText, footer, h, pageHead, readOrProblem, toast, topbar, whoami } from "./common.js";
import { api } from "./net.js";
import { date, parts, t, tn } from "./i18n.js";
import { languagePicker } from "./language-picker.js";
import { challengeCard } from "./challenge.js";

const app = $("#app");
const path = location.pathname;

/** @typedef {import("./types/api.js").MyGame} MyGame */

/** The seat tokens this browser holds as a guest, for the new account. */
function guestClaims() {
  /** @type {import("./types/api.js").Claim[]} */
  const claims = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    const token = key?.startsWith("shoal.token.") ? localStorage.getItem(key) : null;
    if (key && token !== null) claims.push({ id: key.slice(12), token });
  }
  return claims;
}

/** @param {string} label @param {HTMLInputElement | HTMLSelectElement} input @param {string | null} [hint] */
function field(label, input, hint) {
  return h("div", { class: "field" }, h("label", { for: input.id, text: label }), input, hint ? h("p", { class: "help", text: hint }) : null);
}

/** @param {boolean} signup sign up, else sign in */
function credentialsForm(signup) {
  const name = h("input", { type: "text", id: "username", name: "username", autocomplete: "username", required: true, maxlength: 20 });
  const password = h("input", { type: "password", id: "password", name: "password", autocomplete: signup ? "new-password" : "current-password", required: true });
  const error = h("p", { class: "form-error", id: "form-error", role: "alert", hidden: true });
  const form = h(
    "form",
    { class: "card account-form", id: signup ? "signup-form" : "login-form" },
    ...pageHead(signup ? t("Create an account") : t("Sign in")),
    field(t("Username"), name, signup ? t("3 to 20 characters: letters, digits, _ and -") : null),
    field(t("Password"), password, signup ? t("at least 8 characters, not your username") : null),
    error,
    h("button", { class: "btn primary", type: "submit", id: "submit", text: signup ? t("Sign up") : t("Sign in") }),
    h("p", { class: "help" }, ...parts(signup ? t("Already have an account? {link}") : t("New here? {link}"), { link: h("a", { href: signup ? "/login" : "/signup", text: signup ? t("Sign in") : t("Create an account") }) })),
    signup ? h("p", { class: "help", text: t("Games you are playing as a guest in this browser move to your account.") }) : null,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    /** @type {import("./types/api.js").SignUpIn} */
    const body = { username: name.value.trim(), password: password.value };
    if (signup) body.claims = guestClaims();
    try {
      const me = await api(signup ? "/api/auth/signup" : "/api/auth/login", { method: "POST", body });
      const next = new URLSearchParams(location.search).get("next");
      location.href = next && next.startsWith("/") && !next.startsWith("//") ? next : `/@/${me.username}`;
    } catch (e) {
      error.textContent = errorText(e);
      error.hidden = false;
    }
  });
  return form;
}

/** @param {MyGame} g */
function resultText(g) {
  if (!g.result) return "";
  if (g.won === true) return t("won");
  if (g.won === false) return t("lost");
  return g.mode === "local" ? g.result.result : t("draw");
}

/** A game's speed in words. @param {MyGame["speed"]} speed */
function speedWord(speed) {
  if (speed === "live") return t("live");
  if (speed === "correspondence") return t("correspondence");
  return t("untimed");
}

/**
 * The opponent's name: the names the server gives ("(yourself)", "computer (club)", "Guest")
 * in the page's language (the game page's words, game-panel.js's playerName), any other as it is.
 * @param {string} name
 */
function opponentName(name) {
  if (name === "(yourself)") return t("(yourself)");
  if (name === "Guest") return t("Guest");
  if (name === "Host") return t("Host");
  const computer = /^computer \((\w+)\)$/.exec(name);
  if (!computer) return name;
  /** @type {Record<string, () => string>} */
  const levels = { random: () => t("random"), beginner: () => t("beginner"), casual: () => t("casual"), club: () => t("club"), strong: () => t("strong"), max: () => t("max") };
  return t("computer ({level})", { level: Object.hasOwn(levels, computer[1]) ? levels[computer[1]]() : computer[1] });
}

/** @param {MyGame} g */
function gameRow(g) {
  return h(
    "tr",
    { class: g.your_turn ? "your-turn" : "" },
    h("td", {}, h("a", { href: `/game/${g.id}`, text: g.title })),
    h("td", { text: g.opponent_rating ? `${opponentName(g.opponent)} (${g.opponent_rating})` : opponentName(g.opponent) }),
    h("td", { text: g.over ? resultText(g) : g.your_turn ? t("your turn") : t("waiting") }),
    h("td", { class: "ending", text: g.over && g.result ? g.result.sentence || g.result.reason : "" }),
    h("td", { class: "speed", text: g.time_control ? `${speedWord(g.speed)} ${g.time_control}` : speedWord(g.speed) }),
    h("td", { class: "rated", text: g.rated ? t("rated") : t("casual") }),
    h("td", { text: tn("{n} move", "{n} moves", g.ply) }),
  );
}

/** @param {MyGame[]} games @param {string} empty what an empty list says */
function gameTable(games, empty) {
  if (!games.length) return h("p", { class: "help", text: empty });
  return h("div", { class: "table-scroll" }, h("table", { class: "games-table" }, h("thead", {}, h("tr", {}, ...[t("Game"), t("Opponent"), t("State"), t("Ending"), t("Speed"), t("Rated"), t("Length")].map((head) => h("th", { text: head })))), h("tbody", {}, ...games.map(gameRow))));
}

// Ratings (issue 23): per game the rating ("1523", "1500?" while provisional), its games,
// a link to the leaderboard and the history plot (/api/users/NAME/ratings/GAME/plot.svg).
/** @param {import("./types/api.js").ProfileOut} user @param {import("./types/api.js").CatalogEntry[]} catalog */
function ratingsCard(user, catalog) {
  const rated = Object.entries(user.ratings || {});
  const title = (/** @type {string} */ id) => (catalog.find((g) => g.id === id) || { title: id }).title;
  if (!rated.length) return h("section", { class: "card", id: "ratings" }, h("h2", { text: t("Ratings") }), h("p", { class: "help", text: t("No rated game yet.") }));
  return h(
    "section",
    { class: "card", id: "ratings" },
    h("h2", { text: t("Ratings") }),
    rated.some(([, r]) => String(r.display).endsWith("?")) ? h("p", { class: "help", id: "provisional-help", text: t("A ? after a rating: it is provisional, still settling after few rated games; it goes once the rating is sure.") }) : null,
    ...rated.map(([game, r]) =>
      h(
        "div",
        { class: "rating-block", dataset: { game } },
        h("h3", {}, `${title(game)}: `, h("span", { class: "rating", text: r.display }), h("small", { text: ` ${speedWord(/** @type {MyGame["speed"]} */ (r.speed))} · ${tn("{n} rated game", "{n} rated games", r.games)} · ` }), h("a", { href: `/leaderboard/${game}`, text: t("leaderboard") })),
        h("img", { class: "rating-plot", src: `/api/users/${encodeURIComponent(user.username)}/ratings/${game}/plot.svg`, alt: t("{game} rating history", { game: title(game) }) }),
      ),
    ),
  );
}

/** @param {string} name */
async function profile(name) {
  const filter = new URLSearchParams(location.search).get("game");
  /** @type {import("./types/api.js").ProfileOut | null} */
  const user = await readOrProblem(`/api/users/${encodeURIComponent(name)}${filter ? `?game=${encodeURIComponent(filter)}` : ""}`, t("No such player"), { href: "/", text: t("Home") });
  if (!user) return;
  document.title = `${user.username} — shoal`;
  /** @type {import("./types/api.js").CatalogEntry[]} */
  const catalog = await api("/api/catalog");
  const select = h("select", { id: "game-filter", "aria-label": t("Filter by game"), onchange: () => (location.search = select.value ? `?game=${select.value}` : "") }, h("option", { value: "", text: t("All games") }), ...catalog.filter((g) => g.listed).map((g) => h("option", { value: g.id, text: g.title, selected: g.id === filter })));
  app.append(
    h("div", { class: "card profile" }, ...pageHead(user.username, t("Playing since {date}", { date: date(user.created) }))),
    ratingsCard(user, catalog),
    h("section", { class: "card" }, h("h2", { text: t("Games in progress") }), gameTable(user.playing, t("No game in progress."))),
    h("section", { class: "card" }, h("div", { class: "row-between" }, h("h2", { text: t("Games played") }), select), gameTable(user.games, t("No finished game yet."))),
  );
  const challenge = await challengeCard(user.username, catalog);
  if (challenge) $(".profile", app).after(challenge);
  await import("./report.js").then((m) => m.profileTools($(".profile", app), user.username)); // block, report (issue 61)
}

async function needMe() {
  const account = await whoami();
  if (!account) location.href = `/login?next=${encodeURIComponent(path)}`;
  return account;
}

function signOutButton() {
  return h("button", { class: "btn", id: "logout", text: t("Sign out"), onclick: async () => {
    await api("/api/auth/logout", { method: "POST" });
    location.href = "/";
  } });
}

async function myGames() {
  const me = await needMe();
  if (!me) return;
  const games = await api("/api/me/games");
  const empty = t("No game in progress: start one from New game.");
  const table = h("div", { id: "my-games" }, gameTable(games, empty));
  // kept live (issue 40): the top bar reads my games again on each turn, end or challenge
  document.addEventListener("shoal:games", (event) => table.replaceChildren(gameTable(/** @type {CustomEvent} */ (event).detail.games, empty)));
  app.append(
    h("section", { class: "card" }, ...pageHead(t("My games")), table),
    h("section", { class: "card" }, h("div", { class: "actions" }, h("a", { class: "btn", href: `/@/${me.username}`, text: t("My profile") }), h("a", { class: "btn", href: "/settings", text: t("Settings") }), signOutButton())),
  );
}

async function settings() {
  const me = await needMe();
  if (!me) return;
  const prefs = { coordinates: true, theme: "natural", ...me.prefs };
  /**
   * @param {string} url
   * @param {unknown} body
   * @param {() => void} done
   * @param {"POST" | "PUT" | "DELETE"} [method]
   */
  const post = async (url, body, done, method = "POST") => {
    try {
      await api(url, { method, body });
      done();
    } catch (e) {
      toast(errorText(e), "error");
    }
  };
  const oldPw = h("input", { type: "password", id: "old-password", autocomplete: "current-password" });
  const newPw = h("input", { type: "password", id: "new-password", autocomplete: "new-password" });
  const coords = h("input", { type: "checkbox", id: "coordinates", checked: prefs.coordinates });
  const themes = { natural: t("the game's own"), grey: t("grey (no colour)"), contrast: t("strong contrast") };
  const theme = h("select", { id: "board-theme" }, ...Object.entries(themes).map(([name, words]) => h("option", { value: name, text: words, selected: prefs.theme === name })));
  const delPw = h("input", { type: "password", id: "delete-password", autocomplete: "current-password" });
  app.append(
    ...pageHead(t("Settings — {name}", { name: me.username })),
    h("section", { class: "card" }, h("h2", { text: t("Board") }), h("label", { class: "check" }, coords, " " + t("Show coordinates")), field(t("Board colours"), theme),
      h("button", { class: "btn", id: "save-prefs", text: t("Save"), onclick: () => {
        const chosen = { coordinates: coords.checked, theme: theme.value };
        post("/api/me/prefs", chosen, () => { applyBoardPrefs(chosen); toast(t("Saved")); }, "PUT");
      } })),
    h("section", { class: "card", id: "language" }, h("h2", { text: t("Language") }),
      h("p", { class: "help", text: t("The site's pages in this language, on every device where you sign in.") }), languagePicker("account-language")),
    h("section", { class: "card" }, h("h2", { text: t("Password") }), field(t("Current password"), oldPw), field(t("New password"), newPw, t("at least 8 characters, not your username")),
      h("button", { class: "btn", id: "change-password", text: t("Change password"), onclick: () => post("/api/auth/password", { old: oldPw.value, new: newPw.value }, () => toast(t("Password changed; other devices are signed out"))) })),
    h("section", { class: "card" }, h("h2", { text: t("Sessions and data") }),
      h("div", { class: "actions" },
        signOutButton(),
        h("button", { class: "btn", id: "logout-everywhere", text: t("Sign out everywhere"), onclick: () => post("/api/auth/logout-everywhere", undefined, () => (location.href = "/")) }),
        h("a", { class: "btn", href: "/api/me/export", id: "export", text: t("Download my data (zip)") }),
        h("a", { class: "btn", href: "/me/blocks", id: "blocks-link", text: t("Blocks and reports") }))),
    h("section", { class: "card danger-zone" }, h("h2", { text: t("Delete my account") }), h("p", { class: "help", text: t("Your games stay, shown under the name “deleted player”. This cannot be undone.") }), field(t("Password"), delPw),
      h("button", { class: "btn danger", id: "delete-account", text: t("Delete my account"), onclick: () => confirm(t("Delete your account for good?")) && post("/api/me", { password: delPw.value }, () => (location.href = "/"), "DELETE") })),
  );
  await import("./notifications.js").then((m) => m.mailSettings(app)); // mail (issue 22)
  await import("./digest.js").then((m) => app.append(m.digestCard())); // turn mail (issue 43)
  await import("./push-settings.js").then((m) => app.append(m.pushCard())); // push (issue 43)
  await import("./vacation.js").then((m) => app.append(m.vacationCard())); // vacation (issue 43)
}

async function main() {
  topbar();
  if (path === "/signup") app.append(credentialsForm(true));
  else if (path === "/login") app.append(credentialsForm(false));
  else if (path.startsWith("/@/")) await profile(decodeURIComponent(path.slice(3)));
  else if (path === "/me/games") await myGames();
  else if (path === "/settings") await settings();
  footer();
}

main();
