// @ts-check
// Notifications (issue 22): the bell and unread count in the navigation (live over
// WS /api/notifications/ws), the browser's Notification API when the page is hidden and
// the player allowed it, the /notifications page, and the mail settings on /settings.
import { $, errorText, footer, h, pageHead, toast, topbar, whoami } from "./common.js";
import { api, connectSocket } from "./net.js";
import { enterGame, timeText } from "./lobby-view.js";
import { date, parts, t } from "./i18n.js";

const BELL = `<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2.5 15a2.5 2.5 0 0 0 5 0" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg>`;

/** @typedef {import("./types/api.js").NoticeOut} Notice */

/** A notification's kind in words (a kind not named here as the server says it). @param {string} kind */
function kindWord(kind) {
  /** @type {Record<string, () => string>} */
  const words = { your_turn: () => t("Your turn"), challenge: () => t("Challenge"), game_ended: () => t("Game over"), offer: () => t("Offer"), tournament: () => t("Tournament"), study: () => t("Study") };
  return Object.hasOwn(words, kind) ? words[kind]() : kind;
}

/** A notification's link (a challenge's, in its data), if it has one. @param {Notice} n */
const linkOf = (n) => (typeof n.data?.link === "string" ? n.data.link : "");

/** Where a notification leads: a challenge to its page (to its game once accepted). @param {Notice} n */
function target(n) {
  if (n.kind === "challenge" && n.challenge && n.challenge.game) return `/game/${n.challenge.game}`;
  if (n.kind === "challenge" && n.challenge) return `/challenges/${n.challenge.id}`;
  if (n.kind === "challenge") return linkOf(n) || "/";
  if (n.kind === "study") return linkOf(n) || "/studies"; // an invitation to edit it
  return n.game ? `/game/${n.game}` : "/notifications";
}

/** @param {number} unread */
function setCount(unread) {
  /** @type {HTMLElement | null} */
  const badge = document.querySelector("#notification-count");
  if (!badge) return;
  badge.textContent = String(unread);
  badge.hidden = unread === 0;
  $("#nav-notifications").setAttribute("aria-label", unread ? t("Notifications: {n} unread", { n: unread }) : t("Notifications"));
  document.dispatchEvent(new CustomEvent("shoal:notifications", { detail: { unread } }));
}

/** A system notification, when the page is in the background and the player allowed them. @param {Notice} n */
function systemNotice(n) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  const shown = new Notification(`shoal — ${kindWord(n.kind)}`, { body: n.text, tag: `shoal-${n.id}`, icon: "/static/favicon.svg" });
  shown.onclick = () => {
    window.focus();
    location.href = target(n);
  };
}

// The unread count and each new notification, live (closed for good by 4401: signed out).
function connect() {
  connectSocket("/api/notifications/ws", {
    onMessage: (message) => {
      if (message.type !== "notification") return;
      setCount(message.unread);
      if (message.notification) {
        systemNotice(message.notification);
        document.dispatchEvent(new CustomEvent("shoal:notification", { detail: message.notification }));
        enterAccepted(message.notification);
      }
    },
  });
}

// My challenge was accepted: to its game, from whatever page I am on (issue 40). The
// lobby and the challenge's own page go there themselves (their socket brings the seat).
/** @param {Notice} n */
function enterAccepted(n) {
  const link = linkOf(n);
  if (n.kind !== "challenge" || !n.data || !n.data.accepted || !link) return;
  const path = location.pathname;
  if (path === link || path.startsWith("/lobby") || path.startsWith("/challenges/")) return;
  toast(n.text);
  location.href = link;
}

/** The bell in the navigation of a signed-in player (called by common.js). @param {HTMLElement} slot */
export function bell(slot) {
  if (document.querySelector("#nav-notifications")) return;
  const badge = h("span", { class: "nav-count", id: "notification-count", text: "0", hidden: true });
  const link = h("a", { href: "/notifications", id: "nav-notifications", class: "nav-bell", "aria-label": t("Notifications"), title: t("Notifications") });
  link.innerHTML = BELL;
  link.append(badge);
  slot.prepend(link);
  connect();
}

/**
 * The button that asks the browser's permission for system notifications.
 * @returns {HTMLElement}
 */
function allowButton() {
  if (!("Notification" in window)) return h("p", { class: "help", text: t("This browser has no system notifications.") });
  if (Notification.permission === "granted") return h("p", { class: "help", id: "notify-allowed", text: t("System notifications are on when this site is in the background.") });
  if (Notification.permission === "denied") return h("p", { class: "help", text: t("System notifications are blocked for this site in the browser's settings.") });
  return h("button", { class: "btn", id: "allow-notifications", text: t("Allow system notifications"), onclick: async () => {
    const answer = await Notification.requestPermission();
    toast(answer === "granted" ? t("System notifications are on") : t("System notifications stay off"));
    $("#allow-notifications")?.replaceWith(allowButton());
  } });
}

/** A challenge's state in words, once it is no longer open. @param {Notice} n */
function challengeState(n) {
  const c = n.challenge;
  if (!c) return t("This challenge no longer exists.");
  if (c.status === "accepted") return h("span", {}, t("Accepted.") + " ", c.game ? h("a", { href: `/game/${c.game}`, text: t("Open the game") }) : null);
  if (c.status === "declined") return t("Declined.");
  if (c.status === "cancelled") return n.data.by ? t("Withdrawn by {name}.", { name: String(n.data.by) }) : t("Withdrawn by the challenger.");
  if (c.status === "expired") return t("Expired: challenges last 7 days.");
  return t("Closed ({state}).", { state: c.status });
}

/** The sides of a challenge to me (`colour` is the challenger's), in words. @param {string} colour */
function sidesWords(colour) {
  if (colour === "first") return t("you play second");
  if (colour === "second") return t("you play first");
  if (colour === "random") return t("sides drawn at random");
  return colour;
}

// The server's refusal of an answer, by notification id: kept across refills of the list.
/** @type {Map<number, string>} */
const refusals = new Map();

/** @param {Notice} n */
function refusal(n) {
  const text = refusals.get(n.id);
  return h("p", { class: "form-error", role: "alert", hidden: !text, text: text || "" });
}

/**
 * Accept / Decline on a challenge that is still open; its state in words otherwise.
 * @param {Notice} n
 * @param {() => Promise<void>} refill reads the list again
 */
function challengeBox(n, refill) {
  const c = n.challenge;
  if (c && c.status === "open") {
    const terms = `${timeText(c.time_control)} · ${c.rated ? t("rated") : t("casual")} · ${sidesWords(c.colour)}`;
    const answer = (/** @type {"accept" | "decline"} */ what) => async (/** @type {MouseEvent} */ event) => {
      const buttons = /** @type {HTMLElement} */ (event.currentTarget).parentElement; // the buttons' row
      for (const button of buttons?.querySelectorAll("button") ?? []) button.disabled = true;
      if (!n.read) await api(`/api/notifications/${n.id}/read`, { method: "POST" }).catch(() => {});
      try {
        const done = await api(`/api/challenges/${c.id}/${what}`, { method: "POST" });
        if (done.game) return enterGame(done);
        toast(t("Challenge declined"));
        await refill();
      } catch (e) {
        refusals.set(n.id, errorText(e));
        await refill().catch(() => toast(errorText(e), "error"));
      }
    };
    return h("div", { class: "notice-challenge" },
      h("p", { class: "help challenge-terms", text: terms }),
      h("div", { class: "actions" },
        h("button", { class: "btn small primary", text: t("Accept"), "data-accept-challenge": c.id, onclick: answer("accept") }),
        h("button", { class: "btn small", text: t("Decline"), "data-decline-challenge": c.id, onclick: answer("decline") })),
      refusal(n));
  }
  return h("div", { class: "notice-challenge" },
    h("p", { class: "help challenge-state" }, challengeState(n)),
    refusal(n));
}

/** @param {Notice} n @param {() => Promise<void>} refill */
function row(n, refill) {
  const when = date(n.time * 1000, { dateStyle: "medium", timeStyle: "short" });
  const item = h("li", { class: `notice${n.read ? "" : " unread"}`, "data-id": String(n.id), "data-challenge": n.kind === "challenge" ? String(n.data.challenge) : null },
    h("a", { href: target(n), onclick: () => { if (!n.read) api(`/api/notifications/${n.id}/read`, { method: "POST" }).catch(() => {}); } },
      h("span", { class: "notice-text", text: n.text })),
    h("small", { class: "help", text: `${kindWord(n.kind)} · ${when}` }),
    n.kind === "challenge" ? challengeBox(n, refill) : null);
  return item;
}

async function page() {
  const app = $("#app");
  const me = await whoami(); // null for a guest (no 401 in the console)
  if (!me) {
    app.append(...pageHead(t("Notifications")), h("p", {}, ...parts(t("{link} to see your notifications."), { link: h("a", { href: "/login?next=/notifications", text: t("Sign in") }) })));
    return;
  }
  const list = h("ul", { class: "notices", id: "notices" });
  const empty = h("p", { class: "help", id: "no-notices", text: t("Nothing yet: your turns in correspondence games, challenges, offers and finished games show here.") });
  const fill = async () => {
    /** @type {import("./types/api.js").Notifications} */
    const got = await api("/api/notifications");
    list.replaceChildren(...got.notifications.map((n) => row(n, fill)));
    empty.hidden = got.notifications.length > 0;
  };
  app.append(
    ...pageHead(t("Notifications — {name}", { name: me.username })),
    h("section", { class: "card" },
      h("div", { class: "actions" },
        h("button", { class: "btn", id: "mark-all-read", text: t("Mark all read"), onclick: async () => {
          await api("/api/notifications/read", { method: "POST" });
          await fill();
        } }),
        h("a", { class: "btn", href: "/settings#mail", text: t("Mail settings") })),
      allowButton()),
    h("section", { class: "card" }, empty, list),
  );
  import("./push-settings.js").then((m) => app.append(m.pushCard())); // push (issue 43)
  await fill();
  // every message of the socket: a new notification, a read mark, a challenge answered
  document.addEventListener("shoal:notifications", () => fill().catch(() => {}));
}

/** The mail part of the settings page (called by account.js). @param {HTMLElement} app */
export async function mailSettings(app) {
  /** @type {import("./types/api.js").MailSettingsOut} */
  let s;
  try {
    s = await api("/api/notifications/settings");
  } catch {
    return;
  }
  const email = h("input", { type: "email", id: "email", value: s.email, autocomplete: "email", placeholder: t("name@example.org") });
  const turns = h("input", { type: "checkbox", id: "mail-turns", checked: s.mail_turns });
  const challenges = h("input", { type: "checkbox", id: "mail-challenges", checked: s.mail_challenges });
  app.append(h("section", { class: "card", id: "mail" },
    h("h2", { text: t("Mail and notifications") }),
    s.server_sends_mail ? null : h("p", { class: "help", text: t("This server sends no mail at the moment; your settings are kept for when it does.") }),
    h("label", { for: "email", text: t("Email address (optional)") }), email,
    h("label", { class: "check" }, turns, " " + t("Mail me when it is my turn in a correspondence game")),
    h("label", { class: "check" }, challenges, " " + t("Mail me when someone challenges me")),
    h("button", { class: "btn", id: "save-mail", text: t("Save"), onclick: async () => {
      try {
        await api("/api/notifications/settings", { method: "PUT", body: { email: email.value, mail_turns: turns.checked, mail_challenges: challenges.checked } });
        toast(t("Saved"));
      } catch (e) {
        toast(errorText(e), "error");
      }
    } }),
    allowButton()));
}

if (location.pathname === "/notifications") {
  topbar();
  page().then(footer);
}
