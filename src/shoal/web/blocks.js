// @ts-check
// Blocks and reports (/me/blocks, issue 61): the players I block, with Unblock; a form to
// block a player by name; the reports I made and their state (open, handled). A moderator
// also finds the way to the queue here.
import { $, errorText, footer, h, pageHead, problemPage, toast, topbar, whoami } from "./common.js";
import { api } from "./net.js";
import { date, t } from "./i18n.js";

/** @typedef {import("./types/api.js").BlockedOut} Blocked */
/** @typedef {import("./types/api.js").MyReport} MyReport */

/** What a report is about, in words (a kind not named here as it is). @param {string} kind */
function kindWord(kind) {
  /** @type {Record<string, () => string>} */
  const words = { player: () => t("a player"), chat: () => t("a chat message"), study: () => t("a study"), game: () => t("a game") };
  return Object.hasOwn(words, kind) ? words[kind]() : kind;
}

/** A report's state: its word and its explanation. @param {string} state @returns {[string, string]} */
function stateWords(state) {
  if (state === "open") return [t("open"), t("open: the moderators have not handled it yet")];
  if (state === "handled") return [t("handled"), t("handled by the moderators")];
  return [state, state];
}

/** A report's reason in words (the moderators' words, mod.js; a reason not named here as it is). @param {string} reason */
function reasonWord(reason) {
  /** @type {Record<string, () => string>} */
  const words = {
    abuse: () => t("insults, harassment or threats"),
    cheating: () => t("engine help, or someone else playing"),
    spam: () => t("spam or advertising"),
    name: () => t("an offensive name or title"),
    other: () => t("something else"),
  };
  return Object.hasOwn(words, reason) ? words[reason]() : reason;
}

/** @param {string} iso */
const day = (iso) => date(iso);

/** @param {Blocked[]} blocked */
function blockList(blocked) {
  if (!blocked.length) return h("p", { class: "help", id: "no-blocks", text: t("You block nobody.") });
  return h(
    "ul",
    { class: "mod-list", id: "block-list" },
    blocked.map((b) =>
      h(
        "li",
        { dataset: { player: b.username } },
        h("span", {}, h("a", { href: `/@/${encodeURIComponent(b.username)}`, text: b.username }), h("span", { class: "help", text: " " + t("since {date}", { date: day(b.since) }) })),
        h("button", { class: "btn small", type: "button", text: t("Unblock"), "aria-label": t("Unblock {name}", { name: b.username }), onclick: () => change(b.username, "DELETE") }),
      ),
    ),
  );
}

/** @param {MyReport[]} reports */
function reportList(reports) {
  if (!reports.length) return h("p", { class: "help", id: "no-reports", text: t("You have made no report.") });
  return h(
    "ul",
    { class: "mod-list", id: "report-list" },
    reports.map((r) =>
      h(
        "li",
        { dataset: { report: String(r.id) } },
        h("span", {}, `${kindWord(r.kind)}: `, h("strong", { text: r.about }), h("span", { class: "help", text: ` · ${reasonWord(r.reason)} · ${day(r.created)}` }), r.text ? h("span", { class: "help", text: ` · “${r.text}”` }) : null),
        h("span", { class: `state ${r.state}`, title: stateWords(r.state)[1], text: stateWords(r.state)[0] }),
      ),
    ),
  );
}

/**
 * Block or unblock, then draw the list again.
 * @param {string} username
 * @param {"PUT" | "DELETE"} method
 */
async function change(username, method) {
  try {
    await api(`/api/blocks/${encodeURIComponent(username)}`, { method });
    toast(method === "PUT" ? t("You block {name}", { name: username }) : t("You no longer block {name}", { name: username }));
    await draw();
  } catch (error) {
    toast(errorText(error), "error");
  }
}

async function draw() {
  const [blocked, reports] = await Promise.all([api("/api/blocks"), api("/api/reports")]);
  $("#blocks-body").replaceChildren(blockList(blocked));
  $("#reports-body").replaceChildren(reportList(reports));
}

async function main() {
  topbar();
  const me = await whoami();
  if (!me) {
    problemPage(t("Blocks and reports"), t("Sign in to see the players you block and your reports."), { href: "/login?next=/me/blocks", text: t("Sign in"), primary: true });
    footer();
    return;
  }
  const name = h("input", { type: "text", id: "block-name", autocomplete: "off", maxlength: "20", required: true });
  const form = h(
    "form",
    { class: "inline-form", id: "block-form" },
    h("div", { class: "field" }, h("label", { for: "block-name", text: t("Block a player") }), name),
    h("button", { class: "btn", type: "submit", id: "block-add", text: t("Block") }),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const username = name.value.trim();
    if (username) change(username, "PUT").then(() => (name.value = ""));
  });
  $("#app").replaceChildren(
    h("div", { class: "narrow" },
      ...pageHead(t("Blocks and reports"), t("A player you block cannot challenge you, chat to you or see your seeks, and the lobby never pairs you; in an event's pairings you still play them.")),
      h("section", { class: "card" }, h("h2", { text: t("Players you block") }), h("div", { id: "blocks-body" }), form),
      h("section", { class: "card", id: "reports" }, h("h2", { text: t("Your reports") }), h("p", { class: "help", text: t("Report a player from their profile, a chat message with the flag beside it, a game from its page, a study from its page.") }), h("div", { id: "reports-body" })),
    ),
  );
  await draw();
  const mine = await api("/api/mod/me").catch(() => null);
  if (mine && mine.role) $(".narrow").append(h("section", { class: "card" }, h("h2", { text: t("Moderation") }), h("a", { class: "btn primary", href: "/mod", id: "mod-link", text: t("The reports' queue") }), " ", h("a", { class: "btn", href: "/mod/log", text: t("The audit log") })));
  footer();
}

main();
