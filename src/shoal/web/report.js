// @ts-check
// Reports and blocks where players meet (issue 61): the report dialog (a player, a chat line,
// a study or a game; a reason from a short list and free text), the report button of each
// chat line, of a game, a profile and a study, and a profile's Block / Unblock. What became of
// a report is on /me/blocks ("Your reports"). The dialog is a native <dialog>: the browser
// keeps the focus inside it and Escape closes it.
import { $, errorText, h, toast, whoami } from "./common.js";
import { api } from "./net.js";
import { t } from "./i18n.js";

/** @typedef {import("./types/api.js").ReportIn} ReportIn */
/** @typedef {{ kind: ReportIn["kind"], about: string, username?: string, game?: string, chat?: number, study?: string, players?: string[] }} Subject */

export const REASONS = /** @type {const} */ ([
  ["abuse", t("Insults, harassment or threats")],
  ["cheating", t("Engine help, or someone else playing")],
  ["spam", t("Spam or advertising")],
  ["name", t("An offensive name or title")],
  ["other", t("Something else (say what below)")],
]);

const FLAG = `<svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><path d="M5 21V4m0 0h11l-2 4 2 4H5" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/></svg>`;

/** The moderation pages' style sheet, on any page that shows a dialog or a button of them. */
export function moderationStyle() {
  if (document.querySelector('link[href="/static/moderation.css"]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/moderation.css" }));
}

/**
 * The report dialog for `subject`; resolves to the report's number once sent (null: closed).
 * @param {Subject} subject
 * @returns {Promise<number | null>}
 */
export function openReport(subject) {
  moderationStyle();
  document.getElementById("report-dialog")?.remove();
  const error = h("p", { class: "form-error", id: "report-error", role: "alert", hidden: true });
  const reasons = REASONS.map(([value, words], i) =>
    h("label", { class: "report-reason" }, h("input", { type: "radio", name: "reason", value, checked: i === 0 }), ` ${words}`),
  );
  const text = h("textarea", { id: "report-text", maxlength: "1000", rows: "3", placeholder: t("What happened (optional, but it helps)") });
  const who = subject.players
    ? h(
        "div",
        { class: "field" },
        h("label", { for: "report-player", text: t("Which player") }),
        h("select", { id: "report-player" }, subject.players.map((p) => h("option", { value: p, text: p }))),
      )
    : null;
  const send = h("button", { class: "btn primary", id: "report-send", type: "submit", text: t("Send the report") });
  const form = h(
    "form",
    { method: "dialog", class: "report-form" },
    h("h2", { id: "report-title", text: t("Report {about}", { about: subject.about }) }),
    h("p", { class: "help", text: t("The site's moderators read every report. The one you report is not told who reported them.") }),
    who,
    h("fieldset", { class: "report-reasons" }, h("legend", { text: t("Why") }), ...reasons),
    h("div", { class: "field" }, h("label", { for: "report-text", text: t("What happened") }), text),
    error,
    h("div", { class: "tools" }, send, h("button", { class: "btn ghost", id: "report-cancel", type: "button", text: t("Cancel"), onclick: () => dialog.close() })),
  );
  const dialog = h("dialog", { id: "report-dialog", class: "report-dialog", "aria-labelledby": "report-title" }, form);
  document.body.append(dialog);
  return new Promise((resolve) => {
    let made = /** @type {number | null} */ (null);
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(made);
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const reason = /** @type {HTMLInputElement | null} */ (form.querySelector('input[name="reason"]:checked'));
      const player = /** @type {HTMLSelectElement | null} */ (form.querySelector("#report-player"));
      /** @type {ReportIn} */
      const body = { kind: subject.kind, reason: /** @type {ReportIn["reason"]} */ (reason ? reason.value : "other"), text: text.value };
      if (subject.username || player) body.username = player ? player.value : subject.username;
      if (subject.game) body.game = subject.game;
      if (subject.chat) body.chat = subject.chat;
      if (subject.study) body.study = subject.study;
      send.disabled = true;
      try {
        made = (await api("/api/reports", { method: "POST", body })).id;
        dialog.close();
        toast(t("Thank you: the moderators will look at it. Its state is on Blocks and reports."));
      } catch (failure) {
        error.textContent = errorText(failure);
        error.hidden = false;
        send.disabled = false;
      }
    });
    dialog.showModal();
  });
}

/**
 * The small report button of a chat line not mine (for signed-in readers).
 * @param {{ id: number, name: string }} message
 * @param {string} gid
 */
export function chatReportButton(message, gid) {
  const button = h("button", {
    class: "chat-report",
    type: "button",
    title: t("Report this message"),
    "aria-label": t("Report the message of {name}", { name: message.name }),
    dataset: { message: String(message.id) },
    onclick: () => openReport({ kind: "chat", about: t("a message of {name}", { name: message.name }), chat: message.id, game: gid }),
  });
  button.innerHTML = FLAG;
  return button;
}

/**
 * The game page's report card (after `anchor`), for a signed-in player or spectator of a game
 * between two people online.
 * @param {HTMLElement} anchor
 * @param {string} gid
 * @param {() => { view: any, you: number[] }} now
 */
export async function mountGameReport(anchor, gid, now) {
  const { view, you } = now();
  if (!view || view.mode !== "friend" || !(await whoami()) || document.getElementById("report-card")) return;
  moderationStyle();
  const mine = you.length === 1;
  const subject = mine
    ? { kind: /** @type {const} */ ("game"), about: t("{name} in this game", { name: view.players[1 - you[0]] }), game: gid }
    : { kind: /** @type {const} */ ("game"), about: t("a player of this game"), game: gid, players: [...view.players] };
  const button = h("button", { class: "btn small", id: "report-game", type: "button", onclick: () => openReport(subject) });
  button.innerHTML = FLAG;
  button.append(" " + (mine ? t("Report your opponent") : t("Report a player")));
  anchor.after(h("div", { class: "card report-card", id: "report-card" }, h("p", { class: "help", text: t("Cheating, insults, anything wrong in this game?") }), button));
}

/**
 * A profile's Block / Unblock and Report buttons, for a signed-in visitor (not on one's own).
 * @param {HTMLElement} slot where they go
 * @param {string} username the profile's player
 */
export async function profileTools(slot, username) {
  const me = await whoami();
  if (!me || me.username.toLowerCase() === username.toLowerCase()) return;
  moderationStyle();
  const blocked = await api("/api/blocks").then((list) => list.some((/** @type {{ username: string }} */ b) => b.username.toLowerCase() === username.toLowerCase())).catch(() => false);
  const block = h("button", { class: "btn small", id: "block-toggle", type: "button" });
  let on = blocked;
  const paint = () => {
    block.textContent = on ? t("Unblock") : t("Block");
    block.setAttribute("aria-pressed", String(on));
  };
  block.addEventListener("click", async () => {
    try {
      await api(`/api/blocks/${encodeURIComponent(username)}`, { method: on ? "DELETE" : "PUT" });
      on = !on;
      paint();
      toast(on ? t("You block {name}: no challenges, chat or seeks between you", { name: username }) : t("You no longer block {name}", { name: username }));
    } catch (error) {
      toast(errorText(error), "error");
    }
  });
  paint();
  const report = h("button", { class: "btn small", id: "report-player", type: "button", onclick: () => openReport({ kind: "player", about: username, username }) });
  report.innerHTML = FLAG;
  report.append(" " + t("Report"));
  slot.append(h("div", { class: "tools profile-tools", id: "profile-tools" }, block, report));
}

/**
 * A study's report button, for a signed-in reader who does not edit it.
 * @param {HTMLElement} slot
 * @param {{ id: string, title: string, can_edit: boolean }} study
 */
export async function studyReport(slot, study) {
  if (study.can_edit || !(await whoami()) || $("#report-study", slot)) return;
  moderationStyle();
  const button = h("button", { class: "btn small", id: "report-study", type: "button", onclick: () => openReport({ kind: "study", about: t("the study “{title}”", { title: study.title }), study: study.id }) });
  button.innerHTML = FLAG;
  button.append(" " + t("Report"));
  slot.append(button);
}
