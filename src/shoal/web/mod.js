// @ts-check
// The moderators' pages (issue 61): /mod, the open reports by player (most-reported first),
// each with its context (the chat lines around a reported one, the game, the study, what the
// fair-play checks saw) and the actions a moderator takes on it; /mod/log, the audit log of
// every action (who, when, whom, why), with its export.
import { $, errorText, footer, h, pageHead, problemPage, toast, topbar, whoami } from "./common.js";
import { api } from "./net.js";
import { date, number, parts, t, tn } from "./i18n.js";

/** @typedef {import("./types/api.js").ModQueueGroup} Group */
/** @typedef {import("./types/api.js").ModReport} Report */
/** @typedef {import("./types/api.js").ModEntryOut} Entry */
/** @typedef {import("./types/api.js").ModActionIn} ActionIn */

const path = location.pathname;

/**
 * A word of a table of messages, or the key itself when the table does not name it.
 * @param {Record<string, () => string>} words @param {string} key
 */
const word = (words, key) => (Object.hasOwn(words, key) ? words[key]() : key);

/** @param {string} kind */
const kindWord = (kind) => word({ player: () => t("Player"), chat: () => t("Chat message"), study: () => t("Study"), game: () => t("Game"), fairplay: () => t("Fair play") }, kind);

/** @param {string} reason */
const reasonWord = (reason) =>
  word(
    {
      abuse: () => t("insults, harassment or threats"),
      cheating: () => t("engine help, or someone else playing"),
      spam: () => t("spam or advertising"),
      name: () => t("an offensive name or title"),
      other: () => t("something else"),
      tab: () => t("the game analysed in another tab"),
      agreement: () => t("agreement with the engine improbable for the rating"),
    },
    reason,
  );

/** @param {string} action */
const actionWord = (action) =>
  word(
    {
      dismiss: () => t("Close the report, no action"),
      warn: () => t("Warn (the player gets a notice)"),
      mute: () => t("Mute chat for some days"),
      unmute: () => t("Lift the mute"),
      engine: () => t("Mark as engine user"),
      unengine: () => t("Lift the engine mark"),
      ban: () => t("Ban (no sign-in)"),
      unban: () => t("Lift the ban"),
      close: () => t("Close the account"),
      "hide-chat": () => t("Hide the chat line"),
      "hide-study": () => t("Hide the study"),
    },
    action,
  );

/** A report's state in words. @param {string} state */
const stateWord = (state) => word({ open: () => t("open"), handled: () => t("handled") }, state);

/** An action of the audit log in words (moderation/models.py ACTIONS). @param {string} action */
const loggedWord = (action) =>
  word(
    {
      warn: () => t("warned"),
      mute: () => t("chat muted"),
      unmute: () => t("mute lifted"),
      engine: () => t("marked as engine user"),
      unengine: () => t("engine mark lifted"),
      ban: () => t("banned"),
      unban: () => t("ban lifted"),
      close: () => t("account closed"),
      "hide-chat": () => t("chat line hidden"),
      "show-chat": () => t("chat line shown again"),
      "hide-study": () => t("study hidden"),
      "show-study": () => t("study shown again"),
      dismiss: () => t("report closed, no action"),
      grant: () => t("role given"),
      revoke: () => t("role taken back"),
    },
    action,
  );

/** @param {string | null | undefined} iso */
const when = (iso) => (iso ? date(iso, { dateStyle: "short", timeStyle: "short" }) : "");

/** @param {"queue" | "log"} current */
function tabs(current) {
  const link = (/** @type {string} */ href, /** @type {string} */ text, /** @type {boolean} */ on) => h("a", { class: on ? "btn primary small" : "btn small", href, text, "aria-current": on ? "page" : null });
  return h("nav", { class: "tools", "aria-label": t("Moderation") }, link("/mod", t("Queue"), current === "queue"), link("/mod/log", t("Audit log"), current === "log"));
}

/** @param {Group["player"]} player */
function badges(player) {
  const s = player.standing;
  const list = [
    player.bot ? ["bot", t("BOT")] : null,
    player.role ? ["", word({ moderator: () => t("moderator"), operator: () => t("operator") }, player.role)] : null,
    player.closed ? ["bad", t("closed")] : null,
    s.banned ? ["bad", t("banned")] : null,
    s.engine ? ["bad", t("engine user")] : null,
    s.muted_until ? ["bad", t("muted until {date}", { date: when(s.muted_until) })] : null,
    player.created ? ["", t("since {date}", { date: date(player.created) })] : null,
  ].filter((b) => b !== null);
  return h("span", { class: "mod-badges" }, list.map(([kind, text]) => h("span", { class: `mod-badge ${kind}`, text })));
}

/** @param {Group["player"]} player */
function fairplayLine(player) {
  if (!player.fairplay.length) return null;
  const lines = player.fairplay.map((f) => `${f.game} (${f.speed}): ` + tn("{n} game checked, agreement {agreement}, accuracy {accuracy}", "{n} games checked, agreement {agreement}, accuracy {accuracy}", Number(f.games), { agreement: f.agreement === null ? "—" : number(Number(f.agreement), { style: "percent" }), accuracy: String(f.accuracy) }));
  return h("p", { class: "help fairplay-line", text: t("Fair play: {checks}", { checks: lines.join("; ") }) });
}

/** @param {Report} report */
function context(report) {
  const out = [];
  const c = report.context;
  if (Array.isArray(c.chat) && c.chat.length) {
    out.push(
      h(
        "ol",
        { class: "mod-chat", "aria-label": t("The chat around the reported line") },
        c.chat.map((/** @type {any} */ line) =>
          h("li", { class: [line.reported ? "reported" : "", line.hidden ? "hidden-line" : ""].join(" ").trim(), dataset: { line: String(line.id) } }, h("strong", { text: line.name, translate: "no" }), " ", h("span", { text: line.text, translate: "no" }), line.hidden ? h("span", { class: "help", text: " " + t("(hidden)") }) : null, line.shadow ? h("span", { class: "help", text: " " + t("(seen by its writer only)") }) : null),
        ),
      ),
    );
  }
  if (c.game) {
    const g = c.game;
    const what = [g.title || g.game, g.rated ? t("rated") : t("casual"), g.event ? t("an event's game") : null, g.over ? g.result || t("over") : tn("in play, {n} action", "in play, {n} actions", Number(g.ply))].filter(Boolean).join(" · ");
    out.push(h("p", {}, ...parts(t("Game {players}"), { players: h("a", { href: `/game/${g.id}`, text: g.players.join(" – ") }) }), ` · ${what} · `, h("a", { href: `/replay/game/${g.id}`, text: t("replay") })));
  }
  if (c.study) {
    const st = c.study;
    out.push(h("p", {}, ...parts(t("Study {title} by {owner}", { owner: st.owner }), { title: h("a", { href: `/studies/${st.id}`, text: `“${st.title}”` }) }), ` · ${st.visibility}` + (st.hidden ? " · " + t("hidden") : "")));
  }
  if (report.kind === "fairplay" && report.details) {
    const d = /** @type {any} */ (report.details);
    const words = d.tool ? tn("seen: {tool}, after {n} action", "seen: {tool}, after {n} actions", d.ply, { tool: d.tool }) : tn("agreement {rate} over {n} game, players of that rating {reference}, z = {z}", "agreement {rate} over {n} games, players of that rating {reference}, z = {z}", d.games, { rate: number(d.rate, { style: "percent" }), reference: number(d.reference, { style: "percent" }), z: d.z });
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
  const action = h("select", { id: `${id}-action`, name: "action" }, choices.map((c) => h("option", { value: c, text: actionWord(c) })));
  const days = h("input", { type: "number", id: `${id}-days`, min: "1", max: "365", value: "7" });
  const daysField = h("div", { class: "field days", hidden: true }, h("label", { for: `${id}-days`, text: t("Days") }), days);
  const reason = h("input", { type: "text", id: `${id}-reason`, maxlength: "1000", required: true, autocomplete: "off" });
  action.addEventListener("change", () => (daysField.hidden = action.value !== "mute"));
  const form = h(
    "form",
    { class: "mod-actions", dataset: { report: String(report.id) } },
    h("div", { class: "field" }, h("label", { for: `${id}-action`, text: t("Action") }), action),
    daysField,
    h("div", { class: "field wide" }, h("label", { for: `${id}-reason`, text: t("Why (the audit log keeps it)") }), reason),
    h("button", { class: "btn primary", type: "submit", id: `${id}-do`, text: t("Do it") }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    /** @type {ActionIn} */
    const body = { action: /** @type {ActionIn["action"]} */ (action.value), reason: reason.value, report: report.id };
    if (action.value === "mute") body.days = Number(days.value);
    try {
      const entry = await api("/api/mod/actions", { method: "POST", body });
      toast(t("Done: {action} {player}", { action: entry.action, player: entry.target }));
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
    h("h3", { text: `${kindWord(report.kind)}: ${reasonWord(report.reason)}` }),
    h("p", { class: "help", text: t("#{id} by {reporter}, {date}", { id: String(report.id), reporter: report.reporter, date: when(report.created) }) }),
    report.text ? h("blockquote", { class: "report-text", text: report.text, translate: "no" }) : null,
    context(report),
    actionForm(report, group),
  );
}

/** @param {Group} group */
function groupCard(group) {
  const player = group.player;
  const name = player.username ? h("a", { href: `/@/${encodeURIComponent(player.username)}`, text: player.username }) : t("A guest");
  const history = group.history.length
    ? h("details", { class: "mod-history" }, h("summary", { text: t("Earlier reports ({n})", { n: group.history.length }) }), h("ul", {}, group.history.map((r) => h("li", { text: `${when(r.created)} · ${kindWord(r.kind)} · ${reasonWord(r.reason)} · ${t("by {name}", { name: r.reporter })} · ${stateWord(r.state)}` + (r.outcome ? ` (${loggedWord(r.outcome)})` : "") }))))
    : null;
  const actions = group.actions.length
    ? h("details", { class: "mod-history" }, h("summary", { text: t("Actions taken ({n})", { n: group.actions.length }) }), h("ul", {}, group.actions.map((e) => h("li", { text: `${when(e.at)} · ` + t("{action} by {moderator}: {reason}", { action: loggedWord(e.action), moderator: e.moderator, reason: e.reason }) }))))
    : null;
  return h(
    "section",
    { class: "card mod-group", dataset: { player: player.username || "" } },
    h("header", {}, h("h2", {}, name), h("span", { class: "help", text: tn("{n} open report", "{n} open reports", group.count) }), badges(player)),
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
      ...pageHead(t("Reports"), data.open ? tn("{n} open: the most reported players first.", "{n} open: the most reported players first.", data.open) : t("No open report.")),
      tabs("queue"),
      h("div", { id: "queue" }, data.groups.length ? data.groups.map(groupCard) : h("p", { class: "card help", id: "queue-empty", text: t("Nothing to handle. Thank you.") })),
    ),
  );
}

/** @param {Entry[]} entries */
function logRows(entries) {
  return entries.map((e) =>
    h(
      "tr",
      { dataset: { entry: String(e.id) } },
      h("td", { "data-label": t("When"), text: when(e.at) }),
      h("td", { "data-label": t("Moderator"), text: e.moderator === "operator" ? t("the operator") : e.moderator, translate: e.moderator === "operator" ? null : "no" }),
      h("td", { "data-label": t("Action"), text: loggedWord(e.action), "data-action": e.action }),
      h("td", { "data-label": t("Player"), text: e.target, translate: "no" }),
      // a moderator's own words, in their language (the operator's command writes English)
      h("td", { class: "why", "data-label": t("Why"), text: e.reason, translate: "no" }),
    ),
  );
}

async function logPage() {
  const filter = new URLSearchParams(location.search).get("username") || "";
  const name = h("input", { type: "text", id: "log-player", value: filter, autocomplete: "off", maxlength: "20" });
  const form = h("form", { class: "inline-form", method: "get", action: "/mod/log" }, h("div", { class: "field" }, h("label", { for: "log-player", text: t("Player") }), name), h("button", { class: "btn", type: "submit", text: t("Show") }));
  name.name = "username";
  const body = h("tbody", { id: "log-body" });
  const more = h("button", { class: "btn", id: "log-more", type: "button", text: t("Older"), hidden: true });
  let before = /** @type {number | null} */ (null);
  const load = async () => {
    const query = new URLSearchParams();
    if (filter) query.set("username", filter);
    if (before) query.set("before", String(before));
    const page = await api(`/api/mod/log?${query}`);
    body.append(...logRows(page.entries));
    before = page.next;
    more.hidden = before === null;
    if (!body.children.length) body.append(h("tr", {}, h("td", { colspan: "5", class: "help", text: t("No action yet.") })));
  };
  more.addEventListener("click", load);
  $("#app").replaceChildren(
    h(
      "div",
      { class: "mod-page" },
      ...pageHead(t("Audit log"), t("Every action of the moderators and the operator: who, when, whom, why.")),
      tabs("log"),
      h("section", { class: "card" }, form, h("p", { class: "tools" }, h("a", { class: "btn small", href: "/api/mod/log/export?format=csv", id: "export-csv", download: "", text: t("Export (CSV)") }), h("a", { class: "btn small", href: "/api/mod/log/export?format=jsonl", id: "export-jsonl", download: "", text: t("Export (JSON lines)") }))),
      h("section", { class: "card" }, h("table", { class: "mod-log", id: "mod-log" }, h("thead", {}, h("tr", {}, [t("When"), t("Moderator"), t("Action"), t("Player"), t("Why")].map((head) => h("th", { scope: "col", text: head })))), body), more),
    ),
  );
  await load();
}

async function main() {
  topbar();
  if (!(await whoami())) {
    problemPage(t("Moderation"), t("Sign in: these pages are for the site's moderators."), { href: `/login?next=${encodeURIComponent(path)}`, text: t("Sign in"), primary: true });
    footer();
    return;
  }
  const mine = await api("/api/mod/me").catch(() => null);
  if (!mine || !mine.role) {
    problemPage(t("Moderation"), t("These pages are for the site's moderators."), { href: "/", text: t("Home") }, "mod-refused");
    footer();
    return;
  }
  try {
    await (path === "/mod/log" ? logPage() : queuePage());
  } catch (error) {
    problemPage(t("Moderation"), errorText(error), { href: "/mod", text: t("The queue") });
  }
  footer();
}

main();
