// @ts-check
// The account pages: sign up, sign in, a profile (/@/NAME), My games, settings.
import { $, applyBoardPrefs, errorText, footer, h, pageHead, readOrProblem, toast, topbar, whoami } from "./common.js";
import { api } from "./net.js";
import { t } from "./i18n.js";
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
    ...pageHead(signup ? "Create an account" : "Sign in"),
    field("Username", name, signup ? "3 to 20 characters: letters, digits, _ and -" : null),
    field("Password", password, signup ? "at least 8 characters, not your username" : null),
    error,
    h("button", { class: "btn primary", type: "submit", id: "submit", text: signup ? "Sign up" : "Sign in" }),
    h("p", { class: "help" }, signup ? "Already have an account? " : "New here? ", h("a", { href: signup ? "/login" : "/signup", text: signup ? "Sign in" : "Create an account" })),
    signup ? h("p", { class: "help", text: "Games you are playing as a guest in this browser move to your account." }) : null,
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
  if (g.won === true) return "won";
  if (g.won === false) return "lost";
  return g.mode === "local" ? g.result.result : "draw";
}

/** @param {MyGame} g */
function gameRow(g) {
  return h(
    "tr",
    { class: g.your_turn ? "your-turn" : "" },
    h("td", {}, h("a", { href: `/game/${g.id}`, text: g.title })),
    h("td", { text: g.opponent_rating ? `${g.opponent} (${g.opponent_rating})` : g.opponent }),
    h("td", { text: g.over ? resultText(g) : g.your_turn ? "your turn" : "waiting" }),
    h("td", { class: "ending", text: g.over && g.result ? g.result.reason : "" }),
    h("td", { class: "speed", text: g.time_control ? `${g.speed} ${g.time_control}` : g.speed }),
    h("td", { class: "rated", text: g.rated ? "rated" : "casual" }),
    h("td", { text: `${g.ply} ${g.ply === 1 ? "move" : "moves"}` }),
  );
}

/** @param {MyGame[]} games @param {string} empty what an empty list says */
function gameTable(games, empty) {
  if (!games.length) return h("p", { class: "help", text: empty });
  return h("table", { class: "games-table" }, h("thead", {}, h("tr", {}, ...["Game", "Opponent", "State", "Ending", "Speed", "Rated", "Length"].map((head) => h("th", { text: head })))), h("tbody", {}, ...games.map(gameRow)));
}

// Ratings (issue 23): per game the rating ("1523", "1500?" while provisional), its games,
// a link to the leaderboard and the history plot (/api/users/NAME/ratings/GAME/plot.svg).
/** @param {import("./types/api.js").ProfileOut} user @param {import("./types/api.js").CatalogEntry[]} catalog */
function ratingsCard(user, catalog) {
  const rated = Object.entries(user.ratings || {});
  const title = (/** @type {string} */ id) => (catalog.find((g) => g.id === id) || { title: id }).title;
  if (!rated.length) return h("section", { class: "card", id: "ratings" }, h("h2", { text: "Ratings" }), h("p", { class: "help", text: "No rated game yet." }));
  return h(
    "section",
    { class: "card", id: "ratings" },
    h("h2", { text: "Ratings" }),
    rated.some(([, r]) => String(r.display).endsWith("?")) ? h("p", { class: "help", id: "provisional-help", text: "A ? after a rating: it is provisional, still settling after few rated games; it goes once the rating is sure." }) : null,
    ...rated.map(([game, r]) =>
      h(
        "div",
        { class: "rating-block", dataset: { game } },
        h("h3", {}, `${title(game)}: `, h("span", { class: "rating", text: r.display }), h("small", { text: ` ${r.speed} · ${r.games} rated game${r.games === 1 ? "" : "s"} · ` }), h("a", { href: `/leaderboard/${game}`, text: "leaderboard" })),
        h("img", { class: "rating-plot", src: `/api/users/${encodeURIComponent(user.username)}/ratings/${game}/plot.svg`, alt: `${title(game)} rating history` }),
      ),
    ),
  );
}

/** @param {string} name */
async function profile(name) {
  const filter = new URLSearchParams(location.search).get("game");
  /** @type {import("./types/api.js").ProfileOut | null} */
  const user = await readOrProblem(`/api/users/${encodeURIComponent(name)}${filter ? `?game=${encodeURIComponent(filter)}` : ""}`, "No such player", { href: "/", text: "Home" });
  if (!user) return;
  document.title = `${user.username} — shoal`;
  /** @type {import("./types/api.js").CatalogEntry[]} */
  const catalog = await api("/api/catalog");
  const select = h("select", { id: "game-filter", "aria-label": "Filter by game", onchange: () => (location.search = select.value ? `?game=${select.value}` : "") }, h("option", { value: "", text: "All games" }), ...catalog.filter((g) => g.listed).map((g) => h("option", { value: g.id, text: g.title, selected: g.id === filter })));
  app.append(
    h("div", { class: "card profile" }, ...pageHead(user.username, `Playing since ${user.created.slice(0, 10)}`)),
    ratingsCard(user, catalog),
    h("section", { class: "card" }, h("h2", { text: "Games in progress" }), gameTable(user.playing, "No game in progress.")),
    h("section", { class: "card" }, h("div", { class: "row-between" }, h("h2", { text: "Games played" }), select), gameTable(user.games, "No finished game yet.")),
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
  return h("button", { class: "btn", id: "logout", text: "Sign out", onclick: async () => {
    await api("/api/auth/logout", { method: "POST" });
    location.href = "/";
  } });
}

async function myGames() {
  const me = await needMe();
  if (!me) return;
  const games = await api("/api/me/games");
  const empty = "No game in progress: start one from New game.";
  const table = h("div", { id: "my-games" }, gameTable(games, empty));
  // kept live (issue 40): the top bar reads my games again on each turn, end or challenge
  document.addEventListener("shoal:games", (event) => table.replaceChildren(gameTable(/** @type {CustomEvent} */ (event).detail.games, empty)));
  app.append(
    h("section", { class: "card" }, ...pageHead("My games"), table),
    h("section", { class: "card" }, h("div", { class: "actions" }, h("a", { class: "btn", href: `/@/${me.username}`, text: "My profile" }), h("a", { class: "btn", href: "/settings", text: "Settings" }), signOutButton())),
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
  const themes = { natural: "the game's own", grey: "grey (no colour)", contrast: "strong contrast" };
  const theme = h("select", { id: "board-theme" }, ...Object.entries(themes).map(([name, words]) => h("option", { value: name, text: words, selected: prefs.theme === name })));
  const delPw = h("input", { type: "password", id: "delete-password", autocomplete: "current-password" });
  app.append(
    ...pageHead(`Settings — ${me.username}`),
    h("section", { class: "card" }, h("h2", { text: "Board" }), h("label", { class: "check" }, coords, " Show coordinates"), field("Board colours", theme),
      h("button", { class: "btn", id: "save-prefs", text: "Save", onclick: () => {
        const chosen = { coordinates: coords.checked, theme: theme.value };
        post("/api/me/prefs", chosen, () => { applyBoardPrefs(chosen); toast("Saved"); }, "PUT");
      } })),
    h("section", { class: "card", id: "language" }, h("h2", { text: t("Language") }),
      h("p", { class: "help", text: t("The site's pages in this language, on every device where you sign in.") }), languagePicker("account-language")),
    h("section", { class: "card" }, h("h2", { text: "Password" }), field("Current password", oldPw), field("New password", newPw, "at least 8 characters, not your username"),
      h("button", { class: "btn", id: "change-password", text: "Change password", onclick: () => post("/api/auth/password", { old: oldPw.value, new: newPw.value }, () => toast("Password changed; other devices are signed out")) })),
    h("section", { class: "card" }, h("h2", { text: "Sessions and data" }),
      h("div", { class: "actions" },
        signOutButton(),
        h("button", { class: "btn", id: "logout-everywhere", text: "Sign out everywhere", onclick: () => post("/api/auth/logout-everywhere", undefined, () => (location.href = "/")) }),
        h("a", { class: "btn", href: "/api/me/export", id: "export", text: "Download my data (zip)" }),
        h("a", { class: "btn", href: "/me/blocks", id: "blocks-link", text: "Blocks and reports" }))),
    h("section", { class: "card danger-zone" }, h("h2", { text: "Delete my account" }), h("p", { class: "help", text: "Your games stay, shown under the name “deleted player”. This cannot be undone." }), field("Password", delPw),
      h("button", { class: "btn danger", id: "delete-account", text: "Delete my account", onclick: () => confirm("Delete your account for good?") && post("/api/me", { password: delPw.value }, () => (location.href = "/"), "DELETE") })),
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
