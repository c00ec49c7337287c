// @ts-check
// Shared helpers for every page: the top bar, the theme, small DOM tools (the network is
// net.js).
import { api } from "./net.js";
import { t, tn } from "./i18n.js";
import { languagePicker } from "./language-picker.js";

/**
 * The element that `sel` names: one the page itself made, so present (a missing one is a
 * bug that throws at its first use). `T` narrows it: `$("#name", document, HTMLInputElement)`.
 * @template {Element} [T=HTMLElement]
 * @param {string} sel
 * @param {ParentNode} [root]
 * @param {new (...args: any[]) => T} [kind] checked at run time when given
 * @returns {T}
 */
export function $(sel, root = document, kind) {
  const el = root.querySelector(sel);
  if (el && kind && !(el instanceof kind)) throw new TypeError(`${sel} is not a ${kind.name}`);
  return /** @type {T} */ (el);
}

/** A button of the page. @param {string} sel @param {ParentNode} [root] */
export const $button = (sel, root = document) => $(sel, root, HTMLButtonElement);
/** A text field, check box or slider of the page. @param {string} sel @param {ParentNode} [root] */
export const $input = (sel, root = document) => $(sel, root, HTMLInputElement);
/** A menu of the page. @param {string} sel @param {ParentNode} [root] */
export const $select = (sel, root = document) => $(sel, root, HTMLSelectElement);

/**
 * Every element that `sel` names.
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement[]}
 */
export const $$ = (sel, root = document) => /** @type {HTMLElement[]} */ ([...root.querySelectorAll(sel)]);

/** @typedef {Node | string | number | null | undefined | false} Child */

/**
 * A new element: `attrs` sets attributes, with `class`, `text` (textContent), `html`,
 * `dataset` and `on...` listeners handled apart; falsy values are left out.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "html") el.innerHTML = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** What a failure says, for a page's line of feedback. @param {unknown} error */
export const errorText = (error) => (error instanceof Error ? error.message : String(error));

// Seat tokens live in local storage, keyed by game id; they never go into a URL the
// server sees (links carry them after '#').
export const tokens = {
  /** @param {string} id */
  get: (id) => localStorage.getItem(`shoal.token.${id}`),
  /** @param {string} id @param {string} token */
  set: (id, token) => localStorage.setItem(`shoal.token.${id}`, token),
  /** @param {string} id */
  invite: (id) => localStorage.getItem(`shoal.invite.${id}`),
  /** @param {string} id @param {string} token */
  setInvite: (id, token) => localStorage.setItem(`shoal.invite.${id}`, token),
};

/**
 * Ask the game page that opens next to put the keyboard on its board (after "Start the
 * game" or "Play again": a new game's page should not start at the top of the page).
 * @param {string} gid
 */
export const focusBoardNext = (gid) => sessionStorage.setItem("shoal.focus-board", gid);

/**
 * Whether the page of game `gid` was asked to put the keyboard on its board (asked once).
 * @param {string} gid
 */
export function boardFocusAsked(gid) {
  const asked = sessionStorage.getItem("shoal.focus-board") === gid;
  if (asked) sessionStorage.removeItem("shoal.focus-board");
  return asked;
}

// -- the live log: the one live region of a page ----------------------------------------------

/**
 * The page's live log (#live, a polite log, visually hidden), made once: a board page makes
 * it as it opens (a region added together with its first words is often not read out).
 * Nothing else on a board page is live: the game area is not, a toast speaks through here.
 */
export function liveRegion() {
  let log = document.getElementById("live");
  if (!log) {
    log = h("div", { id: "live", class: "sr-only", role: "log", "aria-live": "polite", "aria-label": t("What happens on the board") });
    document.body.append(log);
  }
  return log;
}

/**
 * Say `text` to a screen reader: each message is a new line of the live log, so the same
 * words twice are said twice (tests read the log as #live p).
 * @param {string} text
 */
export function announce(text) {
  if (!text) return;
  const log = liveRegion();
  log.append(h("p", { text }));
  while (log.childElementCount > 30) log.firstElementChild?.remove();
}

/**
 * Keep Tab and Shift+Tab inside `box` (a dialog over the page) while it is open: from its
 * last control Tab goes to its first, and back.
 * @param {HTMLElement} box
 */
export function trapFocus(box) {
  box.setAttribute("aria-modal", "true");
  box.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const controls = $$("button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex='0']", box).filter((el) => !el.hidden);
    if (!controls.length) return;
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    } else if (!box.contains(document.activeElement)) {
      event.preventDefault();
      first.focus();
    }
  });
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;
/**
 * A short message over the page; on a page with a live log it is said there (the toast
 * itself is then not live: one live region a page).
 * @param {string} message
 * @param {"" | "error" | "ok"} [kind] "error" stays longer
 */
export function toast(message, kind = "") {
  /** @type {HTMLElement | null} */
  let el = document.querySelector(".toast");
  if (!el) {
    el = h("div", { class: "toast" });
    document.body.append(el);
  }
  if (document.getElementById("live")) {
    el.removeAttribute("role");
    announce(message);
  } else el.setAttribute("role", "status");
  el.className = `toast ${kind}`;
  el.textContent = message;
  el.hidden = false;
  clearTimeout(toastTimer);
  const shown = el;
  toastTimer = setTimeout(() => (shown.hidden = true), kind === "error" ? 5000 : 2600);
}

const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true"><circle cx="16" cy="16" r="15" fill="#1f6f8b"/>
<path d="M6 19c3-3 6-3 9 0s6 3 9 0M6 13c3-3 6-3 9 0s6 3 9 0" stroke="#f5f3ee" stroke-width="2.4" fill="none" stroke-linecap="round"/></svg>`;

/** @param {string | null} theme "light", "dark", or null: the system's */
function applyTheme(theme) {
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

/**
 * A signed-in player's board preferences ({coordinates, theme}), on every board of the page.
 * @param {import("./types/api.js").Prefs | null | undefined} prefs
 */
export function applyBoardPrefs(prefs) {
  const root = document.documentElement;
  if (prefs && prefs.coordinates === false) root.dataset.coords = "off";
  else delete root.dataset.coords;
  const theme = prefs?.theme;
  if (theme === "grey" || theme === "contrast") root.dataset.boardTheme = theme;
  else delete root.dataset.boardTheme;
}

/** The site's top bar (brand, pages, account, theme, menu), at the top of the page. */
export function topbar() {
  applyTheme(localStorage.getItem("shoal.theme"));
  whoami().then((me) => applyBoardPrefs(me && me.prefs));
  const themeButton = h("button", {
    class: "icon-btn",
    title: t("Light or dark"),
    "aria-label": t("Switch light or dark theme"),
    text: "◐",
    onclick: () => {
      const dark = document.documentElement.dataset.theme
        ? document.documentElement.dataset.theme === "dark"
        : matchMedia("(prefers-color-scheme: dark)").matches;
      const next = dark ? "light" : "dark";
      localStorage.setItem("shoal.theme", next);
      applyTheme(next);
    },
  });
  const brand = h("a", { class: "brand", href: "/", "aria-label": t("shoal: all games") });
  brand.innerHTML = `${LOGO}<span>shoal</span>`;
  // every destination lives in one list: in a row on a wide screen, behind the menu button on
  // a narrow one (a phone, or a phone turned on its side)
  const nav = h(
    "nav",
    { id: "site-nav", "aria-label": t("Site") },
    h("a", { href: "/", text: t("Games") }),
    h("a", { href: "/new", text: t("New game") }),
    h("a", { href: "/lobby", text: t("Lobby"), id: "nav-lobby" }),
    h("a", { href: "/learn", text: t("Learn") }),
    h("a", { href: "/puzzles", text: t("Puzzles") }),
    h("a", { href: "/tournaments", text: t("Tournaments") }),
    h("a", { href: "/replay", text: t("Replay") }),
    h("a", { href: "/analysis", text: t("Analysis") }),
    h("a", { href: "/studies", text: t("Studies") }),
    h("a", { href: "/bots", text: t("Bots") }),
    languagePicker("topbar-language"),
  );
  const menuButton = h("button", {
    class: "icon-btn menu-btn",
    id: "menu-button",
    type: "button",
    "aria-expanded": "false",
    "aria-controls": "site-nav",
    "aria-label": t("Menu: every page"),
    html: `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>`,
  });
  menuButton.append(h("span", { text: t("Menu") }));
  const bar = h("header", { class: "topbar" }, skipLink(), brand, nav, h("span", { id: "account-nav", class: "account-nav" }), themeButton, menuButton);
  /** @param {boolean} open */
  const openMenu = (open) => {
    bar.classList.toggle("menu-open", open);
    menuButton.setAttribute("aria-expanded", String(open));
  };
  menuButton.addEventListener("click", () => openMenu(!bar.classList.contains("menu-open")));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && bar.classList.contains("menu-open")) {
      openMenu(false);
      menuButton.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (bar.classList.contains("menu-open") && event.target instanceof Node && !bar.contains(event.target)) openMenu(false);
  });
  document.body.prepend(bar);
  fitTopbar();
  addEventListener("resize", fitTopbar);
  accountNav();
}

// The first stop of the keyboard: past the top bar to the page's own content; on a board
// page, to the board's cell that holds the board's one tab stop.
function skipLink() {
  const board = document.body.classList.contains("page-game");
  return h("a", {
    class: "skip-link",
    href: "#app",
    text: board ? t("Skip to the board") : t("Skip to the main content"),
    onclick: (/** @type {Event} */ event) => {
      const cell = document.querySelector('#board .cell[tabindex="0"]');
      const target = cell instanceof SVGElement || cell instanceof HTMLElement ? cell : document.getElementById("app");
      if (!target) return;
      event.preventDefault();
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus();
    },
  });
}

// The bar goes compact (the menu button, common.css) on a narrow screen, or wherever its
// links do not fit in one row (a signed-in player's bar is longer).
function fitTopbar() {
  const bar = document.querySelector(".topbar");
  if (!bar) return;
  bar.classList.remove("compact");
  if (matchMedia("(max-width: 1100px)").matches || bar.scrollWidth > bar.clientWidth) bar.classList.add("compact");
}

/** @typedef {import("./types/api.js").MeOut} Me */

/** @type {Promise<Me | null> | null} */
let mePromise = null;

/**
 * Read my games again: the count of those where it is my turn on My games, in the tab's
 * title ("(1) ...") and on the app's badge; pages that list them hear `shoal:games`.
 */
export async function refreshTurns() {
  /** @type {import("./types/api.js").MyGame[] | null} */
  const games = await api("/api/me/games").catch(() => null);
  if (!games) return;
  const turn = games.filter((g) => g.your_turn).length;
  const badge = document.getElementById("turn-count");
  if (badge) {
    badge.textContent = String(turn);
    badge.hidden = !turn;
    // said after the count, as words (a label would hide the visible "My games 1" from axe)
    const words = document.getElementById("turn-words");
    if (words) words.textContent = turn ? " " + tn("game with your turn", "games with your turn", turn) : "";
  }
  import("./app.js").then((m) => m.showTurns(turn)); // the title and the app's badge (issue 43)
  document.dispatchEvent(new CustomEvent("shoal:games", { detail: { games } }));
}

/**
 * The signed-in account ({username, ...}), or null for a guest (asked once per page).
 * @returns {Promise<Me | null>}
 */
export function whoami() {
  mePromise ??= api("/api/session").then((/** @type {import("./types/api.js").SessionOut} */ s) => s.account).catch(() => null); // a guest: null, no 401
  return mePromise;
}

// The account part of the navigation: sign in, or my name and My games with the count
// of games where it is my turn (also in the tab title).
async function accountNav() {
  const slot = $("#account-nav");
  import("./app.js").then((m) => m.registerWorker()); // the installable app (issue 43)
  const me = await whoami();
  if (!me) {
    slot.append(h("a", { href: `/login?next=${encodeURIComponent(location.pathname)}`, id: "nav-login", text: t("Sign in") }));
    fitTopbar();
    return;
  }
  slot.append(
    h("a", { href: "/me/games", id: "nav-my-games" }, t("My games"), h("span", { class: "nav-count", id: "turn-count", hidden: true }), h("span", { class: "sr-only", id: "turn-words" })),
    h("a", { href: `/@/${me.username}`, id: "nav-me", class: "account-wide", text: me.username }),
    h("a", { href: "/settings", id: "nav-settings", class: "account-wide", text: t("Settings") }),
  );
  // on a narrow screen the bar has no room for the profile and settings: the menu has them
  $("#site-nav").append(h("a", { href: `/@/${me.username}`, class: "menu-only", text: t("Profile ({name})", { name: me.username }) }), h("a", { href: "/settings", class: "menu-only", text: t("Settings") }));
  await refreshTurns();
  // live (issue 40): a turn, an ended game or an accepted challenge (the notifications'
  // socket), a game on this page that changed hands, or coming back to the tab
  document.addEventListener("shoal:notification", () => refreshTurns());
  document.addEventListener("shoal:game-turn", () => refreshTurns());
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && refreshTurns());
  fitTopbar();
  import("./notifications.js")
    .then((m) => m.bell(slot)) // the bell, live (issue 22)
    .then(fitTopbar);
}

/**
 * A page's head: its heading and, when given, a line of help under it.
 * @param {string} title
 * @param {string} [help]
 * @returns {HTMLElement[]}
 */
export function pageHead(title, help) {
  return [h("h1", { text: title }), help ? h("p", { class: "help", text: help }) : null].filter((el) => el !== null);
}

/** @typedef {{ href: string, text: string, primary?: boolean }} WayOn */

/**
 * The page that says what cannot be shown (no such game, course, puzzle...): the heading,
 * the server's words (`.error`, with `id` when given) and a way on. Replaces #app's content.
 * @param {string} title
 * @param {string} message
 * @param {WayOn | null} [next]
 * @param {string} [id]
 */
export function problemPage(title, message, next = null, id = undefined) {
  $("#app").replaceChildren(
    h(
      "div",
      { class: "narrow problem" },
      ...pageHead(title),
      h("p", { class: "error", id, text: message }),
      next ? h("a", { class: next.primary ? "btn primary" : "btn", href: next.href, text: next.text }) : null,
    ),
  );
}

/**
 * What a page shows, read from the API (`api(path)`), or null once the page became the
 * problem page (`problemPage(title, the server's words, next, id)`): a page's first read.
 * @template T the answer's type
 * @param {string} path
 * @param {string} title
 * @param {WayOn} next
 * @param {string} [id]
 * @returns {Promise<T | null>}
 */
export async function readOrProblem(path, title, next, id = undefined) {
  try {
    return await api(path);
  } catch (error) {
    problemPage(title, errorText(error), next, id);
    return null;
  }
}

/** The site's footer, at the end of the page. */
export function footer() {
  document.body.append(
    h(
      "footer",
      { class: "foot" },
      t("shoal — the reference implementation of Syrtis, Sirtet, Sytran, Cyclix and SFIRS.") + " ",
      h("a", { href: "/openapi.json", text: t("API (OpenAPI)") }),
      " · ",
      h("a", { href: "/ladder", text: t("Bot ladder") }),
      " · ",
      h("a", { href: "/database", text: t("Open data") }),
      " · ",
      languagePicker("footer-language"),
    ),
  );
}

/**
 * A clock's time: h:mm:ss from an hour, m:ss, and tenths under ten seconds.
 * @param {number} seconds
 */
export function formatClock(seconds) {
  const s = Math.max(0, seconds);
  if (s >= 3600) {
    const hh = Math.floor(s / 3600);
    const mm = Math.floor((s % 3600) / 60);
    return `${hh}:${String(mm).padStart(2, "0")}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
  }
  const mm = Math.floor(s / 60);
  const ss = s % 60;
  if (s < 10) return `${mm}:${ss.toFixed(1).padStart(4, "0")}`;
  return `${mm}:${String(Math.floor(ss)).padStart(2, "0")}`;
}

/**
 * Save what `url` points at (a record's download, a blob's object URL) as a file.
 * @param {string} url
 * @param {string} [name] the file's name (default: the server's)
 */
export function download(url, name = "") {
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

/** @type {Record<string, string>} */
const ICONS = {
  first: "M7 5v14M19 5l-9 7 9 7z",
  prev: "M16 5l-9 7 9 7z",
  next: "M8 5l9 7-9 7z",
  last: "M17 5v14M5 5l9 7-9 7z",
};

/**
 * A small inline icon (fonts may lack the media-control glyphs).
 * @param {"first" | "prev" | "next" | "last"} name
 */
export function icon(name) {
  return `<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="${ICONS[name]}" fill="currentColor" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg>`;
}
