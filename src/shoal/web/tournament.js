// @ts-check
// One tournament's page /tournaments/ID (issue 42): its players, standings and rounds with
// their pairings and games, a join/withdraw button, and for the creator an invitation of
// the server's bots. Live without reload: its socket (WS /api/tournaments/ID/ws) sends the
// whole view, then what changed (as GET /api/tournaments/ID/changes?base=TAG says it, which
// the page reads every two seconds while the socket is down), and the page takes a player
// to their new game as soon as it is paired.
import { $, errorText, footer, h, pageHead, problemPage, toast, topbar, whoami } from "./common.js";
import { api, connectSocket } from "./net.js";
import { date, number, parts, t, tn } from "./i18n.js";

/** @typedef {import("./types/api.js").EventOut} Event */

const app = $("#app");
const id = Number(location.pathname.split("/")[2]);
/** @type {Record<string, string>} */
const FORMATS = {
  round_robin: t("Round robin"),
  double_round_robin: t("Double round robin"),
  swiss: t("Swiss"),
  arena: t("Arena"),
};
/** @type {Record<string, string>} */
const TIEBREAKS = {
  sonneborn_berger: t("SB"),
  buchholz: t("Buchholz"),
  buchholz_cut1: t("Bh cut-1"),
  head_to_head: t("H2H"),
  wins: t("Wins"),
};
/** A date and time as the browser's toLocaleString() says it, in the page's language. */
const WHEN = /** @type {const} */ ({ year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });

/**
 * The page's memory between refreshes: who reads it, the games seen, the event as last drawn
 * (the page is drawn again only when it changed) and the bot chosen to invite (kept when
 * it is drawn again: issue 59, a slow click invited the wrong bot).
 * The view last read and its tag: the page reads only what changed since (issue 59).
 * @type {{ me: import("./common.js").Me | null, seenGames: Set<string> | null, drawn: string, bot: string, view: Event | null, tag: string }}
 */
const state = { me: null, seenGames: null, drawn: "", bot: "shoal-random", view: null, tag: "" };

/** @param {Event} event */
function header(event) {
  const card = h("section", { class: "card", id: "tournament-head" });
  card.append(...pageHead(event.name));
  const format = FORMATS[event.format] || event.format;
  const planned = event.format === "swiss" ? tn("{format} of {n} round", "{format} of {n} rounds", event.rounds_planned ?? 0, { format }) : format; // issue 59
  const what = `${planned} · ${event.game} · ${event.clock} · ` + (event.rated ? t("rated") : t("casual"));
  card.append(h("p", { class: "help", text: what }));
  card.append(h("p", { id: "tournament-status", dataset: { status: event.status }, text: statusText(event) }));
  if (event.description) card.append(h("p", { text: event.description }));
  if (state.me && event.status !== "finished") {
    const joined = event.joined;
    card.append(
      h("button", {
        class: `btn ${joined ? "" : "primary"}`,
        id: joined ? "withdraw" : "join",
        text: joined ? t("Withdraw") : t("Join"),
        onclick: () => act(joined ? "withdraw" : "join"),
      }),
    );
  } else if (!state.me) {
    card.append(h("p", {}, ...parts(t("{link} to join."), { link: h("a", { href: `/login?next=${encodeURIComponent(location.pathname)}`, text: t("Sign in") }) })));
  }
  if (event.your_game) {
    card.append(h("p", {}, h("a", { class: "btn primary", id: "your-game", href: `/game/${event.your_game}`, text: t("Your game") })));
  }
  if (event.creator && event.status !== "finished") {
    const choose = (/** @type {globalThis.Event} */ e) => (state.bot = /** @type {HTMLSelectElement} */ (e.currentTarget).value);
    const bot = h("select", { id: "invite-bot", style: "width: auto", onchange: choose }, ["random", "beginner", "casual", "club", "strong", "max"].map((l) => h("option", { value: `shoal-${l}`, text: `shoal-${l}`, selected: state.bot === `shoal-${l}` })));
    card.append(h("p", {}, ...parts(t("Invite a bot: {bot}"), { bot }), " ", h("button", { class: "btn", id: "invite", text: t("Invite"), onclick: () => act("invite", { bot: bot.value }) })));
  }
  return card;
}

/** @param {Event} event */
function statusText(event) {
  const joined = event.players.length;
  if (event.status === "upcoming") return event.starts === "when_full" ? tn("Starts when {n} player has joined ({joined} so far).", "Starts when {n} players have joined ({joined} so far).", event.max_players, { joined }) : t("Starts {when} ({joined} of {n} joined).", { when: date(event.starts, WHEN), joined, n: event.max_players });
  if (event.status === "running") return event.format === "arena" ? t("Running until {time}.", { time: event.ends ? date(event.ends, { hour: "numeric", minute: "numeric", second: "numeric" }) : "" }) : event.format === "swiss" ? t("Round {n} of {total} is on.", { n: event.round, total: event.rounds_planned ?? "" }) : t("Round {n} is on.", { n: event.round });
  return t("Finished.");
}

/** @param {Event} event */
function standings(event) {
  const card = h("section", { class: "card", id: "standings" }, h("h2", { text: t("Standings") }));
  const table = h("table", { class: "games-table" });
  const names = Object.keys(event.standings[0]?.tiebreaks || {});
  table.append(h("tr", {}, h("th", { text: "#" }), h("th", { text: t("Player") }), h("th", { text: t("Points") }), names.map((n) => h("th", { text: TIEBREAKS[n] || n }))));
  const withdrawn = new Set(event.players.filter((p) => p.withdrawn).map((p) => p.name));
  const bots = new Set(event.players.filter((p) => p.bot).map((p) => p.name)); // issue 61
  for (const line of event.standings) {
    table.append(
      h(
        "tr",
        { dataset: { player: line.player } },
        h("td", { text: line.rank }),
        h("td", {}, h("a", { href: `/@/${encodeURIComponent(line.player)}`, text: line.player }), bots.has(line.player) ? h("span", { class: "bot-badge", title: t("a program or the site's computer"), text: t("BOT") }) : null, withdrawn.has(line.player) ? " " + t("(withdrawn)") : ""),
        h("td", { class: "points", text: number(line.points) }),
        names.map((n) => h("td", { text: typeof line.tiebreaks[n] === "number" ? number(line.tiebreaks[n]) : line.tiebreaks[n] })),
      ),
    );
  }
  card.append(h("div", { class: "table-scroll" }, table)); // a phone scrolls the table, not the page
  return card;
}

/** @param {Event} event */
function rounds(event) {
  const card = h("section", { class: "card", id: "rounds" }, h("h2", { text: event.format === "arena" ? t("Games") : t("Rounds") }));
  for (const round of [...event.rounds].reverse()) {
    const list = h("ul");
    for (const p of round.pairings) {
      const result = p.result ? p.result + (p.forfeit ? " " + t("(forfeit)") : "") : t("playing");
      list.append(h("li", { class: "pairing" }, `${p.players[0]} – ${p.players[1]} `, p.game ? h("a", { href: `/game/${p.game}`, text: result }) : result));
    }
    if (round.bye) list.append(h("li", { class: "bye", text: t("{player}: bye", { player: round.bye }) }));
    card.append(h("h3", { text: event.format === "arena" ? t("Pairing {n}", { n: round.number }) : t("Round {n}", { n: round.number }) }), list);
  }
  if (!event.rounds.length) card.append(h("p", { class: "help", text: t("No pairings yet.") }));
  return card;
}

/** @param {Event} event */
function render(event) {
  const drawn = JSON.stringify(event);
  if (drawn === state.drawn) return; // nothing changed: an open select stays open
  state.drawn = drawn;
  document.title = `${event.name} — shoal`;
  const view = h("div", { id: "tournament" }, header(event), standings(event), rounds(event));
  const old = document.getElementById("tournament");
  if (old) old.replaceWith(view);
  else app.append(view);
}

/**
 * @param {"join" | "withdraw" | "invite"} what
 * @param {{ bot: string }} [body]
 */
async function act(what, body) {
  try {
    const event = await api(`/api/tournaments/${id}/${what}`, { method: "POST", body });
    state.view = event;
    state.tag = ""; // the next read starts from a whole view again
    render(event);
  } catch (error) {
    toast(errorText(error), "error");
  }
}

/**
 * The view a change makes of the page's view (tournaments/deltas.py's apply_delta): the
 * keys set, the players and standings lines changed, the ranks, the rounds' new pairings.
 * @param {Event} view
 * @param {import("./types/api.js").EventChange} change
 * @returns {Event}
 */
function applyChange(view, change) {
  const next = /** @type {Event} */ ({ ...view, ...(change.set || {}) });
  const players = new Map(view.players.map((p) => [p.name, p]));
  for (const p of change.players || []) players.set(p.name, p);
  next.players = (change.players_order || view.players.map((p) => p.name)).map((n) => /** @type {Event["players"][number]} */ (players.get(n)));
  /** @type {Map<string, Event["standings"][number]>} */
  const lines = new Map(view.standings.map((l) => [l.player, l]));
  for (const l of change.standings || []) lines.set(l.player, { ...l, rank: lines.get(l.player)?.rank ?? 0 });
  const order = change.standings_order || view.standings.map((l) => l.player);
  const ranks = change.standings_ranks;
  next.standings = order.map((n, i) => {
    const line = /** @type {Event["standings"][number]} */ (lines.get(n));
    return ranks ? { ...line, rank: ranks[i] } : line;
  });
  const byNumber = new Map(view.rounds.map((r) => [r.number, r]));
  for (const c of change.rounds || []) {
    const pairings = [...(byNumber.get(c.number)?.pairings || [])];
    for (const [index, pairing] of Object.entries(c.pairings).sort((a, b) => Number(a[0]) - Number(b[0]))) {
      if (Number(index) < pairings.length) pairings[Number(index)] = pairing;
      else pairings.push(pairing);
    }
    byNumber.set(c.number, { number: c.number, pairings, bye: c.bye, paired: c.paired });
  }
  next.rounds = [...byNumber.values()].sort((a, b) => a.number - b.number);
  return next;
}

/**
 * Read what changed since the view the page has (its tag), or the whole view when the
 * server does not know that tag (issue 59: an event of 500 is hundreds of kilobytes).
 * @returns {Promise<Event>}
 */
async function read() {
  const base = state.view && state.tag ? `?base=${state.tag}` : "";
  /** @type {import("./types/api.js").EventChange} */
  const change = await api(`/api/tournaments/${id}/changes${base}`);
  const view = change.view || (state.view && change.base === state.tag ? applyChange(state.view, change) : null);
  if (!view) {
    state.tag = "";
    return read(); // a change from a view the page does not have: read it whole
  }
  state.view = view;
  state.tag = change.tag;
  return view;
}

/**
 * Draw `view` (of tag `tag`), or go to the reader's game paired since the page last looked.
 * @param {Event} view
 * @param {string} tag
 */
function show(view, tag) {
  state.view = view;
  state.tag = tag;
  const games = new Set(view.your_games || []);
  if (state.seenGames) {
    const seen = state.seenGames;
    const fresh = [...games].find((g) => !seen.has(g));
    if (fresh) {
      location.href = `/game/${fresh}`;
      return;
    }
  }
  state.seenGames = games;
  render(view);
}

async function refresh() {
  const view = await read();
  show(view, state.tag);
}

/**
 * The event's socket: its whole view on each connection, then each change; a change from
 * a view the page does not have (a join answered meanwhile) makes it read the event.
 * @returns {() => boolean} whether the socket is open
 */
function listen() {
  let open = false;
  connectSocket(`/api/tournaments/${id}/ws`, {
    onStatus: (status) => {
      open = status === "open";
    },
    onMessage: (message) => {
      if (message.type === "view") show(message.view, message.tag);
      else if (message.type !== "change" || message.tag === state.tag) return; // has it already
      else if (state.view && message.base === state.tag) show(applyChange(state.view, message), message.tag);
      else refresh().catch(() => {});
    },
  });
  return () => open;
}

async function main() {
  state.me = await whoami();
  try {
    await refresh();
  } catch (error) {
    problemPage(t("No such tournament"), errorText(error), { href: "/tournaments", text: t("All tournaments") });
    return;
  }
  const live = listen();
  setInterval(() => live() || refresh().catch(() => {}), 2000); // the socket down: read
}

topbar();
main().then(footer);
