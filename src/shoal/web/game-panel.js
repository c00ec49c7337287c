// @ts-check
// What the game page shows of a view, beside the board: the status line, the players and
// their clocks, the moves, the share links, the position details, and the board's caption
// once the game is over. Each function draws from the view it is given; none changes the
// game. game.js calls them after every view.
import { $, formatClock, h, toast, tokens } from "./common.js";
import { api } from "./net.js";
import { moveRow } from "./board.js";
import { number, t } from "./i18n.js";
import { sideWord } from "./game-words.js";

/** @typedef {import("./types/api.js").GameView} View */
/**
 * The game page's state now (its view null until the first has come): what the modules
 * beside game.js are given (`game()`), never a copy kept.
 * @typedef {() => { view: View | null, you: number[], token: string | null, offers: import("./types/api.js").OffersView | null }} Game
 */

/** The words with a capital. @param {string} s */
export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

export { sideWord }; // (the one table of the sides' names is game-words.js's)

/**
 * A player's name as the page shows it: the names the server gives a seat of its own ("You",
 * "computer (club)", an online game's "Host" and "Guest" when they gave none, a local game's
 * "Player 1" and "Player 2") in the page's
 * language, any other name as it is.
 * @param {string} name
 */
export function playerName(name) {
  if (name === "You") return t("You");
  if (name === "Host") return t("Host");
  if (name === "Guest") return t("Guest");
  const seat = /^Player ([12])$/.exec(name); // a local game's seats (two players, one device)
  if (seat) return t("Player {n}", { n: Number(seat[1]) });
  const computer = /^computer \((\w+)\)$/.exec(name);
  if (!computer) return name;
  /** @type {Record<string, () => string>} */
  const levels = {
    random: () => t("random"),
    beginner: () => t("beginner"),
    casual: () => t("casual"),
    club: () => t("club"),
    strong: () => t("strong"),
    max: () => t("max"),
  };
  const level = Object.hasOwn(levels, computer[1]) ? levels[computer[1]]() : computer[1];
  return t("computer ({level})", { level });
}

/** A seat's side, in words with a capital ("" for none). @param {View} view @param {number | null} seat */
const sideOf = (view, seat) => cap(seat === null ? "" : sideWord(view.sides[seat] ?? ""));

/**
 * The status line: whose turn, or how the game ended.
 * @param {View} view
 * @param {number[]} you the seats this browser holds in the game
 * @param {string} [pick] what to do on the board now, in words for the input in use
 *   (ClickBoard.pickWords())
 */
export function renderStatus(view, you, pick = "") {
  const status = $("#status");
  let main = "";
  let sub = "";
  const r = view.result;
  const local = view.mode === "local";
  status.className = "status";
  if (r) {
    status.classList.add("over");
    if (r.result === "*") main = t("Aborted"); // no result: not a draw
    else if (r.winner === null) main = t("Draw");
    else if (!local && you.includes(r.winner)) main = t("You won");
    else if (!local && you.length) main = t("You lost");
    else main = t("{side} wins", { side: sideOf(view, r.winner) });
    sub = (r.sentence || r.reason) + (r.scores && !r.reason.includes("score") ? " · " + t("score {scores}", { scores: r.scores.join(" – ") }) : "");
  } else if (view.thinking) {
    main = t("The computer is thinking…");
    sub = t("{side} to move", { side: sideOf(view, view.to_move) });
  } else if (view.to_move !== null && you.includes(view.to_move)) {
    status.classList.add("your-turn");
    main = local ? t("{side} to move", { side: sideOf(view, view.to_move) }) : t("Your turn");
    sub = pick || (view.legal.some((a) => a.path.length) ? t("Choose a highlighted cell") : t("Choose an action below"));
  } else if (you.length) {
    main = t("Waiting for {name}", { name: view.to_move === null ? "" : playerName(view.players[view.to_move]) });
    sub = t("{side} to move", { side: sideOf(view, view.to_move) });
  } else {
    main = t("{side} to move", { side: sideOf(view, view.to_move) });
    sub = t("You are watching");
  }
  $("#status-main").textContent = main;
  $("#status-sub").textContent = sub;
  $("#game-status").textContent = view.status || "";
  $("#game-status").hidden = !view.status;
}

/**
 * The clocks count down between views from the last view's clock; `over` stops them.
 * @type {{ at: number, clock: import("./types/api.js").ClockView, over: boolean } | null}
 */
let clockBase = null;

/** The players, their sides and clocks. @param {View} view @param {number[]} you */
export function renderPlayers(view, you) {
  const box = $("#players");
  box.replaceChildren(
    ...[0, 1].map((seat) => {
      const isYou = you.includes(seat) && view.mode !== "local" && view.players[seat] !== "You";
      return h(
        "div",
        { class: `player${!view.result && view.to_move === seat ? " to-move" : ""}`, dataset: { seat: String(seat) } },
        h("span", { class: "side-pill", text: sideWord(view.sides[seat]), title: view.side_words?.[seat] || null }),
        h("span", { class: "name" }, view.players[seat] ? playerName(view.players[seat]) : t("Seat {n}", { n: seat + 1 }), isYou ? h("small", { text: t("you") }) : null),
        you.includes(seat) && view.mode !== "local" && view.side_words?.[seat] ? h("span", { class: "side-words help", text: t("you play {side}: {words}", { side: sideWord(view.sides[seat]), words: view.side_words[seat] }) }) : null,
        view.clock ? h("span", { class: "clock", id: `clock-${seat}` }) : null,
      );
    }),
  );
  clockBase = view.clock ? { at: performance.now(), clock: view.clock, over: Boolean(view.result) } : null;
  tickClocks();
}

function tickClocks() {
  if (!clockBase) return;
  const { at, clock, over } = clockBase;
  const elapsed = (performance.now() - at) / 1000;
  for (const seat of [0, 1]) {
    const el = document.getElementById(`clock-${seat}`);
    if (!el) continue;
    const running = clock.running === seat && !over;
    const left = clock.remaining[seat] - (running ? elapsed : 0);
    el.textContent = formatClock(left);
    el.classList.toggle("running", running);
    el.classList.toggle("low", left < 20);
  }
}
setInterval(tickClocks, 200);

/** The moves, each a link to its position in the replay. @param {string} gid @param {View} view */
export function renderMoves(gid, view) {
  const list = $("#moves");
  if (!view.turns.length) {
    list.replaceChildren(h("li", { class: "empty", text: t("No moves yet") }));
    return;
  }
  list.replaceChildren(...view.turns.map((turn) => moveRow(turn, { class: turn.complete ? "" : "partial" }, `/replay/game/${gid}#k=${turn.end}`)));
  list.scrollTop = list.scrollHeight;
}

/** The share links: the invitation (a friend's seat) and the spectators'. @param {string} gid @param {View} view @param {number[]} you */
export function renderShare(gid, view, you) {
  const box = $("#share");
  const origin = location.origin;
  const rows = [h("h3", { text: t("Share") })];
  const invite = tokens.invite(gid);
  /** @param {string} label @param {string} value @param {string} id */
  const field = (label, value, id) =>
    h("div", { class: "field", style: "margin-bottom:.6rem" }, h("label", { class: "help", for: id, text: label }), h("div", { class: "share" }, h("input", { type: "text", readonly: true, value, id, onclick: (/** @type {MouseEvent} */ e) => /** @type {HTMLInputElement} */ (e.currentTarget).select() }), h("button", { class: "btn small", text: t("Copy"), onclick: () => copy(value) })));
  if (view.mode === "friend" && invite && you.length) rows.push(field(t("Invite your friend (this link gives their seat)"), `${origin}/game/${gid}#t=${invite}`, "invite-link"));
  rows.push(field(t("Spectators (watch only)"), `${origin}/game/${gid}`, "watch-link"));
  box.replaceChildren(...rows);
}

/** @param {string} text */
async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t("Link copied"));
  } catch {
    toast(t("Select the link and copy it"));
  }
}

// The position details (the game's features) are asked for only while their card is open:
// the server no longer draws them into every version's view. On opening the card and on
// each new version while it is open, the page reads them once.
let featuresShown = -1;
/** @param {View} view @param {string} gid */
export async function renderFeatures(view, gid) {
  const card = /** @type {HTMLDetailsElement} */ ($("#features-card"));
  card.hidden = !view.has_features;
  if (!view.has_features || !card.open || featuresShown === view.version) return;
  featuresShown = view.version;
  try {
    const answer = await api(`/api/games/${encodeURIComponent(gid)}/features`);
    const entries = Object.entries(answer.features);
    // each name in the reader's words (the server's), its value as the page's language writes
    // it (-0 as 0, as String() wrote it)
    const word = (/** @type {string} */ k) => answer.words[k] ?? k.replace(/_/g, " ");
    $("#features").replaceChildren(...entries.flatMap(([k, v]) => [h("span", { text: word(k) }), h("span", { text: number(v || 0, { maximumFractionDigits: 4, useGrouping: false }) })]));
  } catch {
    featuresShown = -1; // asked again with the next view, or when the card opens again
  }
}

// A game that ends off the board (resignation, time) leaves the board's own caption saying
// who is to move: once the game is over, that caption states the result instead.
/** @param {View} view */
export function captionTheEnd(view) {
  const r = view.result;
  if (!r) return;
  const side = r.winner === null ? "" : view.sides[r.winner];
  const who = side === "first" ? t("First player") : side === "second" ? t("Second player") : cap(sideWord(side));
  const words = r.result === "*" ? t("Aborted") : r.winner === null ? t("Draw") : t("{side} wins", { side: who });
  for (const text of document.querySelectorAll("#board svg text")) {
    const said = text.textContent ?? "";
    const caption = text.classList.contains("status") || /\bto move\b/.test(said);
    if (caption && !/\b(wins?|won|draw)\b/i.test(said)) {
      text.textContent = words;
      text.classList.add("caption-over");
    }
  }
}
