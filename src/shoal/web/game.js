// @ts-check
// The game page: its layout, the turn loop and the player's tools. Live updates arrive over
// a WebSocket; every change goes to the server with the seat's token and the version we
// saw. Beside it: game-panel.js draws the status and the side panel from each view,
// game-prefs.js keeps this browser's orientation, zoom and turn alert, game-seats.js handles
// invites, rematches and "play again", social.js the offers and chat.
import { ClickBoard, gameLayout, movesCard, recordCard, recordDownloads, statusLine } from "./board.js";
import { boardWordsCard } from "./board-keys.js";
import { sayTheNews } from "./game-words.js";
import { $, $button, boardFocusAsked, errorText, h, problemPage, toast, tokens, topbar, trapFocus, whoami } from "./common.js";
import { lensWords, onInputMode } from "./input-mode.js";
import { api, ApiError, connectSocket } from "./net.js";
import { showDeadline } from "./correspondence.js";
import { showFirstMove } from "./first-move.js";
import { engineFor } from "./engine.js";
import { announce, searchesAre, watchGame } from "./fairplay.js";
import { captionTheEnd, renderFeatures, renderMoves, renderPlayers, renderShare, renderStatus } from "./game-panel.js";
import { defaultOrientation, lensOut, lensWaiting, restoreZoom, setSound, setUpLens, soundOn, toggleFlip, turnAlert, zoomAt, zoomBy } from "./game-prefs.js";
import { handleInvite, nameTheEvent, playAgain, renderRematch } from "./game-seats.js";
import { Social } from "./social.js";
import { mountGameReport } from "./report.js";
import { showRatings } from "./ratings.js";
import { t } from "./i18n.js";

/** @typedef {import("./game-panel.js").View} View */
/** @typedef {import("./board-keys.js").LegalEntry} LegalEntry */
/**
 * A change sent as only what changed (issue 39): the keys of the view at `base` that
 * changed, its turns from `turns_from` on, a changed board as a splice of the old one.
 * @typedef {{ type: "delta", base: number, set: Partial<View>, turns_from?: number, svg_splice?: [number, number, string], ack?: number }} Delta
 */

const gid = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");

// An invite link ('#t=INVITE') is a one-time claim: this browser gets a private token for
// the invited seat. A browser that already holds a seat here is asked first, so opening
// your own invite never costs you your seat; a damaged or used link just lets you watch.
const inviteFromLink = (() => {
  const match = location.hash.match(/[#&]t=([\w-]*)/);
  if (match) history.replaceState(null, "", location.pathname);
  return match ? match[1] : null;
})();

let token = tokens.get(gid);
/** @type {View | null} null until the first view */
let view = null;
/** @type {number[]} */
let you = [];
let busy = false;
/** @type {ClickBoard} made by els(), first thing */
let board;
/** @type {Social} offers and chat (social.js), made by els() */
let social;

/** @param {View | Delta} answer @returns {answer is Delta} */
const isDelta = (answer) => "type" in answer && answer.type === "delta";

/** The view shown: the page acts only once it has one (main reads it before anything). */
function shown() {
  if (!view) throw new Error("the game page has no view yet");
  return view;
}

/**
 * The page's state now, for the modules beside it (the offers: the social socket's).
 * @type {import("./game-panel.js").Game}
 */
const game = () => ({ view, you, token, offers: social ? social.offers : null });

function els() {
  const app = $("#app");
  app.className = "";
  app.replaceChildren(
    gameLayout(
      [
        statusLine(h("div", { class: "sub game-status", id: "game-status" })),
        h("div", { class: "board-wrap", id: "board", role: "group", "aria-label": t("Board") }, h("div", { class: "thinking-badge", id: "thinking", hidden: true }, h("span", { class: "dots" }, h("i"), h("i"), h("i")), t("Computer is thinking"))),
        h(
          "div",
          { class: "zoom-bar", role: "group", "aria-label": t("Board size") },
          h("button", { class: "btn small", id: "zoom-out", text: "−", title: t("Smaller board"), "aria-label": t("Zoom out"), onclick: () => zoomBy(shown().game.id, -1) }),
          h("span", { class: "help", id: "zoom-level", text: "100%" }),
          h("button", { class: "btn small", id: "zoom-in", text: "+", title: t("Bigger board (scroll to move around)"), "aria-label": t("Zoom in"), onclick: () => zoomBy(shown().game.id, 1) }),
        ),
        h("div", { class: "move-slot", id: "move-slot" }),
        h("div", { class: "action-buttons", id: "action-buttons" }),
      ],
      [
        h("div", { class: "card" }, h("h3", { id: "game-title" }), h("p", { class: "help", id: "event-line", hidden: true }), h("div", { class: "players", id: "players" })),
        h(
          "div",
          { class: "card" },
          h(
            "div",
            { class: "tools" },
            h("button", { class: "btn", id: "hint", text: t("Hint"), onclick: hint }),
            h("button", { class: "btn", id: "undo", text: t("Undo"), onclick: undo }),
            h("button", { class: "btn danger", id: "resign", text: t("Resign"), onclick: resign }),
            h("button", { class: "btn", id: "flip", text: t("Flip board"), "aria-pressed": "false", onclick: () => toggleFlip(gid) }),
            h("button", { class: "btn primary", id: "play-again", text: t("Play again"), hidden: true, onclick: () => playAgain(game) }),
          ),
          h("label", { class: "help sound-toggle" }, h("input", { type: "checkbox", id: "sound", checked: soundOn(), onchange: (/** @type {Event} */ e) => setSound(/** @type {HTMLInputElement} */ (e.currentTarget).checked) }), " " + t("Sound when it is your turn")),
          h("div", { class: "rematch", id: "rematch-box", hidden: true }),
          h("p", { class: "hint-box", id: "hint-text", hidden: true, style: "margin:.8rem 0 0;padding-left:.7rem" }),
        ),
        movesCard(),
        boardWordsCard(() => board.words),
        h("div", { class: "card", id: "share" }),
        recordCard([
          h("a", { class: "btn small", id: "replay-link", href: `/replay/game/${gid}`, text: t("Replay") }),
          h("a", { class: "btn small", id: "review-link", href: `/replay/game/${gid}#review`, text: t("Review"), hidden: true }),
          h("a", { class: "btn small", id: "analysis-link", href: `/analysis/game/${gid}`, text: t("Analysis board"), hidden: true }),
          recordDownloads(`/api/games/${gid}/record`),
        ]),
        h("details", { class: "card", id: "features-card", ontoggle: () => view && renderFeatures(view, gid) }, h("summary", { text: t("Position details") }), h("div", { class: "features", id: "features", style: "margin-top:.6rem" })),
      ],
    ),
  );
  board = new ClickBoard($("#board"), (entry) => play(entry));
  board.onPaint = () => view && showStatus();
  // a board too fine for a finger: the first tap zooms in around it (game-prefs.js' lens)
  board.beforeClick = (event) => {
    if (!myTurn() || !lensWaiting()) return false;
    zoomAt(event.clientX, event.clientY);
    showStatus();
    return true;
  };
  $("#move-slot").append(board.moveBox((text) => myTurn() && change("actions", { text })));
  social = new Social(gid, game, $("#resign").closest(".card") ?? $("#resign"), () => view && renderRematch(gid, game));
}

document.addEventListener("visibilitychange", () => view && turnAlert(view, turnIsMine(view)));

function myTurn() {
  return turnIsMine(view) && !busy;
}

/**
 * Whether `seen` gives the turn to this page's player: what the live log and the tab's
 * title say, even while the player's own last request is still waiting for its answer
 * (the opponent's answer can come first).
 * @param {View | null} seen
 */
function turnIsMine(seen) {
  return Boolean(seen && !seen.result && !seen.thinking && seen.to_move !== null && you.includes(seen.to_move));
}

/**
 * Show `next`, unless it is older than the view shown.
 * @param {View | null} next
 * @param {boolean} [fromSocket]
 */
function render(next, fromSocket = false) {
  if (!next) return;
  if (view && next.version < view.version) {
    // An older view arrived late (a reply overtaken by a live update): keep the newer one.
    refreshControls();
    return;
  }
  const fresh = !view || next.version !== view.version || next.thinking !== view.thinking;
  if (view && next.version === view.version && view.thinking && !next.thinking && !fromSocket) {
    // a reply computed before the computer's search started: the search is still running
    next = { ...next, thinking: true };
  }
  const first = !view;
  view = next;
  if (first) restoreZoom(next.game.id);
  defaultOrientation(gid, next, you);
  turnAlert(next, turnIsMine(next));
  const kind = next.event !== null ? t("event game") : next.mode === "computer" ? t("vs computer") : next.mode === "friend" ? t("online") : t("same screen");
  $("#game-title").textContent = `${next.game.title} · ${kind}`;
  nameTheEvent(next);
  if (fresh) {
    board.show(next.svg, next.legal, myTurn(), next.words, next.cells);
    captionTheEnd(next);
    sayTheNews(next, you, turnIsMine(next));
  }
  if (first) setUpLens(next.game.id); // a phone's cells too small to tap: the lens
  else if (fresh && (next.result || next.to_move === null || !you.includes(next.to_move))) lensOut(); // the turn passed: the whole board again
  $("#board").dataset.version = String(next.version);
  $("#thinking").hidden = !next.thinking;
  showStatus();
  showDeadline(next); // correspondence: time left to move (issue 22)
  showFirstMove(next, you); // an event game: the first move's deadline (issue 59)
  renderPlayers(next, you);
  showRatings(gid, next);
  renderMoves(gid, next);
  renderShare(gid, next, you);
  renderFeatures(next, gid);
  refreshControls();
  if (fresh) $("#hint-text").hidden = true;
  social.update();
  if (first && boardFocusAsked(gid)) board.focusCell(); // a game just started here: the keyboard on its board
  document.dispatchEvent(new CustomEvent("shoal:view")); // fairplay.js keeps the positions seen
}

// The status line, and the board's name with it: what a screen reader hears on reaching
// the board ("Cyclix board: Your turn. in hand: ...").
function showStatus() {
  const now = shown();
  const lens = myTurn() && lensWaiting() && board.candidates().length ? lensWords() : "";
  const pick = lens || board.pickWords();
  renderStatus(now, you, myTurn() ? pick : "");
  const headline = $("#status-main").textContent;
  const name = t("{game} board", { game: now.game.title });
  $("#board").setAttribute("aria-label", `${name}: ${headline}.${now.status ? ` ${now.status}` : ""}`);
}
onInputMode(() => view && showStatus());

// What the viewer may do now (after a view, or once a request has come back).
function refreshControls() {
  const now = shown();
  board.enabled = myTurn();
  board.paint();
  $("#board").dataset.ready = myTurn() ? "yes" : "no";
  renderButtons();
  $button("#hint").disabled = !now.allowed.hint || !myTurn();
  const over = Boolean(now.result);
  $button("#undo").disabled = !now.allowed.undo || !you.length || over || now.thinking || busy;
  $button("#resign").disabled = !now.allowed.resign || !you.length || over;
  // spectators get no player tools; a finished game offers to play again instead
  // a game that counts (rated, an event's, between accounts): no engine help, no takeback
  $("#hint").hidden = $("#undo").hidden = now.mode === "friend" || now.counts || !you.length || over;
  $("#resign").hidden = !you.length || over;
  $("#play-again").hidden = !over || !you.length || now.mode === "friend" || now.counts;
  $("#review-link").hidden = $("#analysis-link").hidden = !over; // review and study once it ended
  $("#type-move").hidden = over || !you.length; // nothing to type once it is over, or watching
  renderRematch(gid, game);
}

function renderButtons() {
  const box = $("#action-buttons");
  const enabled = myTurn();
  box.replaceChildren(...board.buttons().map((a) => h("button", { class: "btn", dataset: { action: String(a.action) }, disabled: !enabled, text: a.label || a.text, title: a.text, onclick: () => play(a) })));
}

/**
 * Send a change of the game (a move, an undo, a resignation) with the version we saw.
 * @param {"actions" | "undo" | "resign"} path
 * @param {{ action?: number, text?: string }} body
 */
async function change(path, body) {
  busy = true;
  refreshControls();
  try {
    // Only what changed comes back (issue 39), save in a correspondence game: its view
    // carries the reader's new deadline, which no delta has.
    const delta = !shown().correspondence;
    // A move goes on the game's socket while it is open (no HTTP request for it): its delta
    // comes on the socket with the ack in it; else, and for the rest, a POST.
    if (path === "actions" && delta && (await moveOnSocket(body))) {
      busy = false;
      refreshControls();
      return;
    }
    /** @type {View | Delta} */
    const next = await api(`/api/games/${gid}/${path}${delta ? "?answer=delta" : ""}`, { method: "POST", body: { version: shown().version, ...body }, token });
    busy = false;
    if (isDelta(next)) applyDelta(next, false);
    else {
      you = next.you ?? you;
      render(next);
    }
  } catch (error) {
    busy = false;
    toast(errorText(error), "error");
    if (error instanceof ApiError && error.status === 409) await reload();
    else {
      board.reset();
      refreshControls();
    }
  }
}

// Moves sent on the game socket, by id, until their ack or refusal comes back on it.
/** @type {Map<number, { resolve: (acked: boolean) => void, reject: (error: Error) => void }>} */
const moves = new Map();
let moveIds = 0;
/** @type {ReturnType<typeof connectSocket> | null} */
let live = null;

// True once the server acked the move sent on the socket; false when the socket is not open
// (the caller POSTs instead); an ApiError for a refusal, or for a socket that closed
// before the answer (a 409: the move may have been stored, so the page reads the game again).
/** @param {{ action?: number, text?: string }} body @returns {Promise<boolean>} */
function moveOnSocket(body) {
  if (!live || !live.isOpen()) return Promise.resolve(false);
  const version = shown().version;
  const id = ++moveIds;
  return new Promise((resolve, reject) => {
    moves.set(id, { resolve, reject });
    if (!live || !live.send({ type: "move", id, version, token: token || null, ...body })) {
      moves.delete(id);
      resolve(false);
    }
  });
}

/** @param {{ type: "ack", id: number } | { type: "error", id: number, status: number, detail: string }} message */
function answerMove(message) {
  const waiting = moves.get(message.id);
  if (!waiting) return;
  moves.delete(message.id);
  if (message.type === "ack") waiting.resolve(true);
  else waiting.reject(new ApiError(message.status, message.detail));
}

function dropMoves() {
  for (const waiting of moves.values()) waiting.reject(new ApiError(409, t("the connection dropped before the move was answered: reloading")));
  moves.clear();
}

/** @param {LegalEntry} entry */
function play(entry) {
  if (!myTurn()) return;
  change("actions", { action: entry.action });
}

function undo() {
  change("undo", {});
}

function resign() {
  const backdrop = h(
    "div",
    { class: "menu-backdrop", id: "resign-menu" },
    h(
      "div",
      { class: "menu" },
      h("h3", { text: t("Resign this game?") }),
      h("button", { class: "btn danger", id: "resign-yes", text: t("Resign"), onclick: () => { backdrop.remove(); change("resign", {}); } }),
      h("button", { class: "btn ghost", text: t("Keep playing"), onclick: () => backdrop.remove() }),
    ),
  );
  const menu = $(".menu", backdrop);
  menu.setAttribute("role", "dialog");
  menu.setAttribute("aria-label", t("Resign this game?"));
  trapFocus(menu);
  backdrop.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      backdrop.remove();
      $("#resign").focus();
    }
  });
  document.body.append(backdrop);
  $button("#resign-yes").focus();
}

// A hint computed in the browser (the game's engine in WebAssembly, in a Worker), or null
// when it cannot load here: the server's engine answers then.
async function browserHint() {
  const asked = shown();
  if (!asked.engine_position) return null;
  const engine = await engineFor(asked.game.id);
  if (!engine) return null;
  engine.load(asked.engine_position);
  // the server's hint: the default level's search (alpha-beta where the game's profile says)
  const { action } = await engine.search({ level: "club", seed: asked.ply });
  const entry = asked.legal.find((a) => a.action === action);
  if (!entry) return null;
  return { version: asked.version, path: entry.path, text: entry.text, reason: t("the strongest move found by the engine in your browser") };
}

async function hint() {
  try {
    $button("#hint").disabled = true;
    announce([shown().position, shown().engine_position], "hint"); // fair play: the other tabs hear it
    /** @type {{ version: number, path: string[], text: string, reason: string }} */
    const result = (await browserHint()) || (await api(`/api/games/${gid}/hint`, { method: "POST", body: { version: shown().version }, token }));
    if (result.version !== shown().version) return;
    board.showHint(result.path);
    const text = $("#hint-text");
    text.hidden = false;
    text.replaceChildren(h("strong", { text: result.text }), " — ", result.reason);
  } catch (error) {
    toast(errorText(error), "error");
  } finally {
    $button("#hint").disabled = !myTurn();
  }
}

async function reload() {
  /** @type {View} */
  const next = await api(`/api/games/${gid}`, { token });
  you = next.you;
  view = null;
  render(next);
}

// The game's live views (every change anyone makes), reconnecting by the one policy: the
// whole view on (re)connecting, then a delta per change (the keys that changed, from the
// view at `base`; its turns from `turns_from` on; a changed board as a splice of the old
// one, `svg_splice`). A delta made from another view than
// ours is old news when ours is as new, else we missed one: the whole view is read again.
/** @type {Promise<void> | null} */
let catchingUp = null;

/**
 * A change's own answer is the same delta (`?answer=delta`); whichever comes second is old news.
 * @param {Delta} message
 * @param {boolean} [fromSocket]
 */
function applyDelta(message, fromSocket = true) {
  if (!view) return;
  const changes = message.set;
  if (message.base !== view.version) {
    if ((changes.version ?? message.base) > view.version && !catchingUp) {
      catchingUp = reload()
        .catch(() => {})
        .finally(() => (catchingUp = null));
    } else if (!fromSocket) refreshControls();
    return;
  }
  const next = { ...view, ...changes };
  if (changes.turns) next.turns = [...view.turns.slice(0, message.turns_from ?? 0), ...changes.turns];
  if (message.svg_splice) {
    // the new board: the old one's first START characters, TEXT, its last END characters
    const [start, end, text] = message.svg_splice;
    next.svg = view.svg.slice(0, start) + text + view.svg.slice(view.svg.length - end);
  }
  render(next, fromSocket);
}

function connect() {
  live = connectSocket(`/api/games/${encodeURIComponent(gid)}/ws?deltas=1`, {
    onMessage: (message) => {
      if (message.type === "view") render(message.view, true);
      else if (message.type === "delta") {
        applyDelta(message);
        // The delta of this page's own move carries its ack (one message less a move).
        if (message.ack !== undefined) answerMove({ type: "ack", id: message.ack });
      } else if (message.type === "ack" || message.type === "error") answerMove(message);
    },
    onStatus: (status) => {
      if (status !== "open") dropMoves();
    },
  });
}

/** Take the invited seat. @param {string} invite the invite's token @param {string} name */
async function claimSeat(invite, name) {
  /** @type {{ token: string }} */
  const result = await api(`/api/games/${gid}/claim`, { method: "POST", body: { name }, token: invite });
  if (token && token !== result.token) localStorage.setItem(`shoal.token.${gid}.other`, token);
  tokens.set(gid, result.token);
  token = result.token;
  await reload();
  await tieSeatToAccount();
  social.connect();
}

async function main() {
  topbar();
  els();
  try {
    await reload();
    if (inviteFromLink !== null) await handleInvite(gid, inviteFromLink, game, claimSeat);
  } catch (error) {
    problemPage(t("Game not found"), errorText(error), { href: "/new", text: t("Start a new game"), primary: true });
    return;
  }
  connect();
  tieSeatToAccount();
  social.connect();
  searchesAre("hint");
  watchGame(gid, () => ({ view, token })); // fair play (issue 61): another tab's analysis
  mountGameReport($("#share"), gid, game); // report the game (report.js)
}

// Signed in with a seat token here (an invite link, a game begun as a guest): the seat
// becomes the account's, so it plays from any browser where the player is signed in.
async function tieSeatToAccount() {
  if (!token || !you.length || !(await whoami())) return;
  /** @type {import("./types/api.js").ClaimedOut | null} */
  const done = await api("/api/me/claims", { method: "POST", body: { games: [{ id: gid, token }] } }).catch(() => null);
  if (done && done.claimed.length) await reload();
}

main();
