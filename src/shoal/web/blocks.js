// @ts-check
// Blocks and reports (/me/blocks, issue 61): the players I block, with Unblock; a form to
// block a player by name; the reports I made and their state (open, handled). A moderator
// also finds the way to the queue here.
import { $, errorText, footer, h, pageHead, problemPage, toast, topbar, whoami } from "./common.js";
import { api } from "./net.js";

/** @typedef {import("./types/api.js").BlockedOut} Blocked */
/** @typedef {import("./types/api.js").MyReport} MyReport */

/** @type {Record<string, string>} */
const KINDS = { player: "a player", chat: "a chat message", study: "a study", game: "a game" };
/** @type {Record<string, string>} */
const STATES = { open: "open: the moderators have not handled it yet", handled: "handled by the moderators" };

/** @param {string} iso */
const day = (iso) => iso.slice(0, 10);

/** @param {Blocked[]} blocked */
function blockList(blocked) {
  if (!blocked.length) return h("p", { class: "help", id: "no-blocks", text: "You block nobody." });
  return h(
    "ul",
    { class: "mod-list", id: "block-list" },
    blocked.map((b) =>
      h(
        "li",
        { dataset: { player: b.username } },
        h("span", {}, h("a", { href: `/@/${encodeURIComponent(b.username)}`, text: b.username }), h("span", { class: "help", text: ` since ${day(b.since)}` })),
        h("button", { class: "btn small", type: "button", text: "Unblock", "aria-label": `Unblock ${b.username}`, onclick: () => change(b.username, "DELETE") }),
      ),
    ),
  );
}

/** @param {MyReport[]} reports */
function reportList(reports) {
  if (!reports.length) return h("p", { class: "help", id: "no-reports", text: "You have made no report." });
  return h(
    "ul",
    { class: "mod-list", id: "report-list" },
    reports.map((r) =>
      h(
        "li",
        { dataset: { report: String(r.id) } },
        h("span", {}, `${KINDS[r.kind] || r.kind}: `, h("strong", { text: r.about }), h("span", { class: "help", text: ` · ${r.reason} · ${day(r.created)}` }), r.text ? h("span", { class: "help", text: ` · “${r.text}”` }) : null),
        h("span", { class: `state ${r.state}`, title: STATES[r.state], text: r.state }),
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
    toast(method === "PUT" ? `You block ${username}` : `You no longer block ${username}`);
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
    problemPage("Blocks and reports", "Sign in to see the players you block and your reports.", { href: "/login?next=/me/blocks", text: "Sign in", primary: true });
    footer();
    return;
  }
  const name = h("input", { type: "text", id: "block-name", autocomplete: "off", maxlength: "20", required: true });
  const form = h(
    "form",
    { class: "inline-form", id: "block-form" },
    h("div", { class: "field" }, h("label", { for: "block-name", text: "Block a player" }), name),
    h("button", { class: "btn", type: "submit", id: "block-add", text: "Block" }),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const username = name.value.trim();
    if (username) change(username, "PUT").then(() => (name.value = ""));
  });
  $("#app").replaceChildren(
    h("div", { class: "narrow" },
      ...pageHead("Blocks and reports", "A player you block cannot challenge you, chat to you or see your seeks, and the lobby never pairs you; in an event's pairings you still play them."),
      h("section", { class: "card" }, h("h2", { text: "Players you block" }), h("div", { id: "blocks-body" }), form),
      h("section", { class: "card", id: "reports" }, h("h2", { text: "Your reports" }), h("p", { class: "help", text: "Report a player from their profile, a chat message with the flag beside it, a game from its page, a study from its page." }), h("div", { id: "reports-body" })),
    ),
  );
  await draw();
  const mine = await api("/api/mod/me").catch(() => null);
  if (mine && mine.role) $(".narrow").append(h("section", { class: "card" }, h("h2", { text: "Moderation" }), h("a", { class: "btn primary", href: "/mod", id: "mod-link", text: "The reports' queue" }), " ", h("a", { class: "btn", href: "/mod/log", text: "The audit log" })));
  footer();
}

main();
