// @ts-check
// The moderators' pages (issue 61): /mod, the open reports by player (most-reported first),
// each with its context (the chat lines around a reported one, the game, the study, what the
// fair-play checks saw) and the actions a moderator takes on it; /mod/log, the audit log of
// every action (who, when, whom, why), with its export.
import { $, errorText, footer, h, pageHead, problemPage, toast, topbar, whoami } from "./common.js";
import { api } from "./net.js";

/** @typedef {import("./types/api.js").ModQueueGroup} Group */
/** @typedef {import("./types/api.js").ModReport} Report */
/** @typedef {import("./types/api.js").ModEntryOut} Entry */
/** @typedef {import("./types/api.js").ModActionIn} ActionIn */

const path = location.pathname;

/** @type {Record<string, string>} */
const KINDS = { player: "Player", chat: "Chat message", study: "Study", game: "Game", fairplay: "Fair play" };
/** @type {Record<string, string>} */
const REASONS = {
  abuse: "insults, harassment or threats",
  cheating: "engine help, or someone else playing",
  spam: "spam or advertising",
  name: "an offensive name or title",
  other: "something else",
  tab: "the game analysed in another tab",
  agreement: "agreement with the engine improbable for the rating",
};
/** @type {Record<string, string>} */
const ACTIONS = {
  dismiss: "Close the report, no action",
  warn: "Warn (the player gets a notice)",
  mute: "Mute chat for some days",
  unmute: "Lift the mute",
  engine: "Mark as engine user",
  unengine: "Lift the engine mark",
  ban: "Ban (no sign-in)",
  unban: "Lift the ban",
  close: "Close the account",
  "hide-chat": "Hide the chat line",
  "hide-study": "Hide the study",
};

/** @param {string | null | undefined} iso */
const when = (iso) => (iso ? iso.replace("T", " ").slice(0, 16) : "");

/** @param {"queue" | "log"} current */
function tabs(current) {
  const link = (/** @type {string} */ href, /** @type {string} */ text, /** @type {boolean} */ on) => h("a", { class: on ? "btn primary small" : "btn small", href, text, "aria-current": on ? "page" : null });
  return h("nav", { class: "tools", "aria-label": "Moderation" }, link("/mod", "Queue", current === "queue"), link("/mod/log", "Audit log", current === "log"));
}

/** @param {Group["player"]} player */
function badges(player) {
  const s = player.standing;
  const list = [
    player.bot ? ["bot", "BOT"] : null,
    player.role ? ["", player.role] : null,
    player.closed ? ["bad", "closed"] : null,
    s.banned ? ["bad", "banned"] : null,
    s.engine ? ["bad", "engine user"] : null,
    s.muted_until ? ["bad", `muted until ${when(s.muted_until)}`] : null,
    player.created ? ["", `since ${player.created.slice(0, 10)}`] : null,
  ].filter((b) => b !== null);
  return h("span", { class: "mod-badges" }, list.map(([kind, text]) => h("span", { class: `mod-badge ${kind}`, text })));
}

/** @param {Group["player"]} player */
function fairplayLine(player) {
  if (!player.fairplay.length) return null;
  const parts = player.fairplay.map((f) => `${f.game} (${f.speed}): ${f.games} games checked, agreement ${f.agreement === null ? "—" : `${Math.round(Number(f.agreement) * 100)}%`}, accuracy ${f.accuracy}`);
  return h("p", { class: "help fairplay-line", text: `Fair play: ${parts.join("; ")}` });
}

/** @param {Report} report */
function context(report) {
  const out = [];
  const c = report.context;
  if (Array.isArray(c.chat) && c.chat.length) {
    out.push(
      h(
        "ol",
        { class: "mod-chat", "aria-label": "The chat around the reported line" },
        c.chat.map((/** @type {any} */ line) =>
          h("li", { class: [line.reported ? "reported" : "", line.hidden ? "hidden-line" : ""].join(" ").trim(), dataset: { line: String(line.id) } }, h("strong", { text: line.name }), " ", h("span", { text: line.text }), line.hidden ? h("span", { class: "help", text: " (hidden)" }) : null, line.shadow ? h("span", { class: "help", text: " (seen by its writer only)" }) : null),
        ),
      ),
    );
  }
  if (c.game) {
    const g = c.game;
    const what = [g.title || g.game, g.rated ? "rated" : "casual", g.event ? "an event's game" : null, g.over ? g.result || "over" : `in play, ${g.ply} actions`].filter(Boolean).join(" · ");
    out.push(h("p", {}, "Game ", h("a", { href: `/game/${g.id}`, text: g.players.join(" – ") }), ` · ${what} · `, h("a", { href: `/replay/game/${g.id}`, text: "replay" })));
  }
  if (c.study) {
    const st = c.study;
    out.push(h("p", {}, "Study ", h("a", { href: `/studies/${st.id}`, text: `“${st.title}”` }), ` by ${st.owner} · ${st.visibility}${st.hidden ? " · hidden" : ""}`));
  }
  if (report.kind === "fairplay" && report.details) {
    const d = /** @type {any} */ (report.details);
    const words = d.tool ? `seen: ${d.tool}, after ${d.ply} actions` : `agreement ${Math.round(d.rate * 100)}% over ${d.games} games, players of that rating ${Math.round(d.reference * 100)}%, z = ${d.z}`;
    out.push(h("p", { class: "help", text: words }));
  }
  return out.length ? h("div", { class: "mod-context" }, ...out) : null;
}

/**
 * @param {Report} report
 * @param {Group} group
 */
function actionForm(report, group) {
  const player = group.player;
  const s = player.standing;
  const account = player.username !== null && !player.closed;
  const choices = ["dismiss"];
  if (report.chat) choices.push("hide-chat");
  if (report.study) choices.push("hide-study");
  if (account) {
    choices.push("warn", s.muted_until ? "unmute" : "mute", s.engine ? "unengine" : "engine", s.banned ? "unban" : "ban", "close");
  }
  const id = `r${report.id}`;
  const action = h("select", { id: `${id}-action`, name: "action" }, choices.map((c) => h("option", { value: c, text: ACTIONS[c] })));
  const days = h("input", { type: "number", id: `${id}-days`, min: "1", max: "365", value: "7" });
  const daysField = h("div", { class: "field days", hidden: true }, h("label", { for: `${id}-days`, text: "Days" }), days);
  const reason = h("input", { type: "text", id: `${id}-reason`, maxlength: "1000", required: true, autocomplete: "off" });
  action.addEventListener("change", () => (daysField.hidden = action.value !== "mute"));
  const form = h(
    "form",
    { class: "mod-actions", dataset: { report: String(report.id) } },
    h("div", { class: "field" }, h("label", { for: `${id}-action`, text: "Action" }), action),
    daysField,
    h("div", { class: "field wide" }, h("label", { for: `${id}-reason`, text: "Why (the audit log keeps it)" }), reason),
    h("button", { class: "btn primary", type: "submit", id: `${id}-do`, text: "Do it" }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    /** @type {ActionIn} */
    const body = { action: /** @type {ActionIn["action"]} */ (action.value), reason: reason.value, report: report.id };
    if (action.value === "mute") body.days = Number(days.value);
    try {
      const entry = await api("/api/mod/actions", { method: "POST", body });
      toast(`Done: ${entry.action} ${entry.target}`);
      await queuePage();
    } catch (error) {
      toast(errorText(error), "error");
    }
  });
  return form;
}

/**
 * @param {Report} report
 * @param {Group} group
 */
function reportBlock(report, group) {
  return h(
    "article",
    { class: "mod-report", dataset: { report: String(report.id) } },
    h("h3", { text: `${KINDS[report.kind] || report.kind}: ${REASONS[report.reason] || report.reason}` }),
    h("p", { class: "help", text: `#${report.id} by ${report.reporter}, ${when(report.created)}` }),
    report.text ? h("blockquote", { class: "report-text", text: report.text }) : null,
    context(report),
    actionForm(report, group),
  );
}

/** @param {Group} group */
function groupCard(group) {
  const player = group.player;
  const name = player.username ? h("a", { href: `/@/${encodeURIComponent(player.username)}`, text: player.username }) : "A guest";
  const history = group.history.length
    ? h("details", { class: "mod-history" }, h("summary", { text: `Earlier reports (${group.history.length})` }), h("ul", {}, group.history.map((r) => h("li", { text: `${when(r.created)} · ${r.kind} · ${r.reason} · by ${r.reporter} · ${r.state}${r.outcome ? ` (${r.outcome})` : ""}` }))))
    : null;
  const actions = group.actions.length
    ? h("details", { class: "mod-history" }, h("summary", { text: `Actions taken (${group.actions.length})` }), h("ul", {}, group.actions.map((e) => h("li", { text: `${when(e.at)} · ${e.action} by ${e.moderator}: ${e.reason}` }))))
    : null;
  return h(
    "section",
    { class: "card mod-group", dataset: { player: player.username || "" } },
    h("header", {}, h("h2", {}, name), h("span", { class: "help", text: `${group.count} open report${group.count === 1 ? "" : "s"}` }), badges(player)),
    fairplayLine(player),
    ...group.reports.map((r) => reportBlock(r, group)),
    history,
    actions,
  );
}

async function queuePage() {
  const data = await api("/api/mod/queue");
  $("#app").replaceChildren(
    h(
      "div",
      { class: "mod-page" },
      ...pageHead("Reports", data.open ? `${data.open} open: the most reported players first.` : "No open report."),
      tabs("queue"),
      h("div", { id: "queue" }, data.groups.length ? data.groups.map(groupCard) : h("p", { class: "card help", id: "queue-empty", text: "Nothing to handle. Thank you." })),
    ),
  );
}

/** @param {Entry[]} entries */
function logRows(entries) {
  return entries.map((e) =>
    h(
      "tr",
      { dataset: { entry: String(e.id) } },
      h("td", { "data-label": "When", text: when(e.at) }),
      h("td", { "data-label": "Moderator", text: e.moderator }),
      h("td", { "data-label": "Action", text: e.action }),
      h("td", { "data-label": "Player", text: e.target }),
      h("td", { class: "why", "data-label": "Why", text: e.reason }),
    ),
  );
}

async function logPage() {
  const filter = new URLSearchParams(location.search).get("username") || "";
  const name = h("input", { type: "text", id: "log-player", value: filter, autocomplete: "off", maxlength: "20" });
  const form = h("form", { class: "inline-form", method: "get", action: "/mod/log" }, h("div", { class: "field" }, h("label", { for: "log-player", text: "Player" }), name), h("button", { class: "btn", type: "submit", text: "Show" }));
  name.name = "username";
  const body = h("tbody", { id: "log-body" });
  const more = h("button", { class: "btn", id: "log-more", type: "button", text: "Older", hidden: true });
  let before = /** @type {number | null} */ (null);
  const load = async () => {
    const query = new URLSearchParams();
    if (filter) query.set("username", filter);
    if (before) query.set("before", String(before));
    const page = await api(`/api/mod/log?${query}`);
    body.append(...logRows(page.entries));
    before = page.next;
    more.hidden = before === null;
    if (!body.children.length) body.append(h("tr", {}, h("td", { colspan: "5", class: "help", text: "No action yet." })));
  };
  more.addEventListener("click", load);
  $("#app").replaceChildren(
    h(
      "div",
      { class: "mod-page" },
      ...pageHead("Audit log", "Every action of the moderators and the operator: who, when, whom, why."),
      tabs("log"),
      h("section", { class: "card" }, form, h("p", { class: "tools" }, h("a", { class: "btn small", href: "/api/mod/log/export?format=csv", id: "export-csv", download: "", text: "Export (CSV)" }), h("a", { class: "btn small", href: "/api/mod/log/export?format=jsonl", id: "export-jsonl", download: "", text: "Export (JSON lines)" }))),
      h("section", { class: "card" }, h("table", { class: "mod-log", id: "mod-log" }, h("thead", {}, h("tr", {}, ["When", "Moderator", "Action", "Player", "Why"].map((t) => h("th", { scope: "col", text: t })))), body), more),
    ),
  );
  await load();
}

async function main() {
  topbar();
  if (!(await whoami())) {
    problemPage("Moderation", "Sign in: these pages are for the site's moderators.", { href: `/login?next=${encodeURIComponent(path)}`, text: "Sign in", primary: true });
    footer();
    return;
  }
  const mine = await api("/api/mod/me").catch(() => null);
  if (!mine || !mine.role) {
    problemPage("Moderation", "These pages are for the site's moderators.", { href: "/", text: "Home" }, "mod-refused");
    footer();
    return;
  }
  try {
    await (path === "/mod/log" ? logPage() : queuePage());
  } catch (error) {
    problemPage("Moderation", errorText(error), { href: "/mod", text: "The queue" });
  }
  footer();
}

main();
