// The game page: the board, whose turn, the players and clocks, the moves, and the tools.
// Live updates arrive over a WebSocket; every change goes to the server with the seat's
// token and the version we saw.
import { ClickBoard } from "./board.js";
import { $, api, download, formatClock, h, toast, tokens, topbar, whoami } from "./common.js";
import { showDeadline } from "./correspondence.js";
import { Social } from "./social.js";
import { showRatings } from "./ratings.js";

const gid = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

// An invite link ('#t=INVITE') is a one-time claim: this browser gets a private token for
// the invited seat. A browser that already holds a seat here is asked first, so opening
// your own invite never costs you your seat; a damaged or used link just lets you watch.
const inviteFromLink = (() => {
  const match = location.hash.match(/[#&]t=([\w-]*)/);
  if (match) history.replaceState(null, "", location.pathname);
  return match ? match[1] : null;
})();

let token = tokens.get(gid);
let view = null;
let you = [];
let busy = false;
let clockBase = null;
let board;
let social = null; // offers and chat (social.js)

const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

function els() {
  const app = $("#app");
  app.className = "";
  app.replaceChildren(
    h(
      "div",
      { class: "game-layout" },
      h(
        "section",
        { class: "board-col" },
        h("div", { class: "status", id: "status" }, h("span", { class: "dot" }), h("div", {}, h("div", { id: "status-main" }), h("div", { class: "sub", id: "status-sub" }), h("div", { class: "sub game-status", id: "game-status" }))),
        h("div", { class: "board-wrap", id: "board" }, h("div", { class: "thinking-badge", id: "thinking", hidden: true }, h("span", { class: "dots" }, h("i"), h("i"), h("i")), "Computer is thinking")),
        h(
          "div",
          { class: "zoom-bar", role: "group", "aria-label": "Board size" },
          h("button", { class: "btn small", id: "zoom-out", text: "−", title: "Smaller board", "aria-label": "Zoom out", onclick: () => zoomBy(-1) }),
          h("span", { class: "help", id: "zoom-level", text: "100%" }),
          h("button", { class: "btn small", id: "zoom-in", text: "+", title: "Bigger board (scroll to move around)", "aria-label": "Zoom in", onclick: () => zoomBy(1) }),
        ),
        h("div", { class: "action-buttons", id: "action-buttons" }),
      ),
      h(
        "aside",
        { class: "panel" },
        h("div", { class: "card" }, h("h3", { id: "game-title" }), h("div", { class: "players", id: "players" })),
        h(
          "div",
          { class: "card" },
          h(
            "div",
            { class: "tools" },
            h("button", { class: "btn", id: "hint", text: "Hint", onclick: hint }),
            h("button", { class: "btn", id: "undo", text: "Undo", onclick: undo }),
            h("button", { class: "btn danger", id: "resign", text: "Resign", onclick: resign }),
            h("button", { class: "btn", id: "flip", text: "Flip board", "aria-pressed": "false", onclick: () => setFlipped(!flipped) }),
            h("button", { class: "btn primary", id: "play-again", text: "Play again", hidden: true, onclick: playAgain }),
          ),
          h("label", { class: "help sound-toggle" }, h("input", { type: "checkbox", id: "sound", checked: localStorage.getItem("shoal.sound") === "on", onchange: (e) => localStorage.setItem("shoal.sound", e.target.checked ? "on" : "off") }), " Sound when it is your turn"),
          h("div", { class: "rematch", id: "rematch-box", hidden: true }),
          h("p", { class: "hint-box", id: "hint-text", hidden: true, style: "margin:.8rem 0 0;padding-left:.7rem" }),
        ),
        h("div", { class: "card" }, h("h3", { text: "Moves" }), h("ol", { class: "moves", id: "moves" })),
        h("div", { class: "card", id: "share" }),
        h(
          "div",
          { class: "card" },
          h("h3", { text: "Record" }),
          h(
            "div",
            { class: "tools" },
            h("a", { class: "btn small", id: "replay-link", href: `/replay/game/${gid}`, text: "Replay" }),
            h("a", { class: "btn small", id: "review-link", href: `/replay/game/${gid}#review`, text: "Review", hidden: true }),
            h("a", { class: "btn small", id: "analysis-link", href: `/analysis/game/${gid}`, text: "Analysis board", hidden: true }),
            h("button", { class: "btn small", text: "Download text", onclick: () => download(`/api/games/${gid}/record?format=text`) }),
            h("button", { class: "btn small", text: "JSON", onclick: () => download(`/api/games/${gid}/record?format=json`) }),
          ),
        ),
        h("details", { class: "card", id: "features-card" }, h("summary", { text: "Position details" }), h("div", { class: "features", id: "features", style: "margin-top:.6rem" })),
      ),
    ),
  );
  board = new ClickBoard($("#board"), (entry) => play(entry));
  social = new Social(gid, () => ({ view, you, token }), $("#resign").closest(".card"));
}

// The board's orientation: flipped shows it from the second side (Black's in Cyclix, SFIRS
// and Syrtis); a player of that side sees it so by default. Kept per game in this browser.
const NATURAL_ORIENTATION = new Set(["cyclix", "sfirs", "syrtis"]);
let flipped = false;
let orientationChosen = false;

function setFlipped(value) {
  flipped = value;
  orientationChosen = true;
  localStorage.setItem(`shoal.flip.${gid}`, value ? "1" : "0");
  applyFlip();
}

function applyFlip() {
  $("#board").classList.toggle("flipped", flipped);
  $("#flip").setAttribute("aria-pressed", String(flipped));
}

function defaultOrientation() {
  if (orientationChosen) return;
  const saved = localStorage.getItem(`shoal.flip.${gid}`);
  if (saved !== null) flipped = saved === "1";
  else flipped = NATURAL_ORIENTATION.has(view.game.id) && view.mode !== "local" && you.length === 1 && you[0] === 1;
  orientationChosen = true;
  applyFlip();
}

// A turn alert while the page is in the background: the tab title, and a short sound if
// the player turned it on.
let alerted = false;
function turnAlert() {
  const title = `${view.game.title} — shoal`;
  if (myTurn() && document.hidden && view.mode !== "local") {
    if (!alerted) {
      alerted = true;
      if (localStorage.getItem("shoal.sound") === "on") beep();
    }
    document.title = `(1) Your turn · ${title}`;
  } else {
    alerted = false;
    document.title = title;
  }
}
document.addEventListener("visibilitychange", () => view && turnAlert());

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch {
    /* no sound available */
  }
}

// An online game's rematch: offered by one player, accepted by the other; both then move to
// the new game (sides swapped) with seat tokens of their own.
let rematchFollowed = false;
function renderRematch() {
  const box = $("#rematch-box");
  const over = Boolean(view.result);
  const offer = view.rematch;
  box.hidden = !(view.mode === "friend" && over);
  if (box.hidden) return;
  if (offer && offer.game) {
    if (you.length && !rematchFollowed) followRematch(offer);
    box.replaceChildren(h("a", { class: "btn", href: `/game/${offer.game}`, text: you.length ? "Go to the rematch" : "Watch the rematch" }));
    return;
  }
  if (!you.length) {
    box.replaceChildren(offer ? h("p", { class: "help", text: "A rematch is offered." }) : "");
    return;
  }
  const act = (method, label, id, cls = "btn") => h("button", { class: cls, id, text: label, onclick: () => rematchRequest(method) });
  if (!offer) box.replaceChildren(act("POST", "Rematch", "rematch", "btn primary"));
  else if (offer.offered_by === you[0]) box.replaceChildren(h("p", { class: "help", text: "Rematch offered: waiting for your opponent." }), act("DELETE", "Withdraw", "rematch-withdraw"));
  else box.replaceChildren(h("p", { text: "Your opponent offers a rematch." }), act("POST", "Accept", "rematch-accept", "btn primary"), act("DELETE", "Decline", "rematch-decline"));
}

async function rematchRequest(method) {
  try {
    const result = await api(`/api/games/${gid}/rematch`, { method, token });
    if (result.game && result.token) {
      rematchFollowed = true;
      tokens.set(result.game, result.token);
      location.href = `/game/${result.game}`;
    }
  } catch (error) {
    toast(error.message, "error");
  }
}

async function followRematch(offer) {
  rematchFollowed = true;
  try {
    const seat = await api(`/api/games/${gid}/rematch/token`, { method: "POST", token });
    tokens.set(seat.game, seat.token);
    location.href = `/game/${seat.game}`;
  } catch {
    // the accepter's page follows its own reply; the offerer can still use the link
  }
}

// At the end: the same game again, sides swapped (against the computer, or on one screen).
async function playAgain() {
  const body = { game: view.game.id, options: view.options, opponent: view.mode, name: localStorage.getItem("shoal.name") || "" };
  if (view.start) body.start = view.start;
  if (view.mode === "computer") {
    body.level = view.level;
    body.seat = you.length ? 1 - you[0] : 0;
  }
  try {
    const made = await api("/api/games", { method: "POST", body });
    tokens.set(made.id, made.token);
    location.href = `/game/${made.id}`;
  } catch (error) {
    toast(error.message, "error");
  }
}

// Zoom: on a phone a big board's cells are small; a bigger board scrolls inside its frame.
const ZOOMS = [1, 1.5, 2, 2.5, 3];
let zoomIndex = 0;

function zoomBy(step) {
  zoomIndex = Math.max(0, Math.min(ZOOMS.length - 1, zoomIndex + step));
  localStorage.setItem(`shoal.zoom.${view.game.id}`, String(ZOOMS[zoomIndex]));
  applyZoom();
}

function applyZoom() {
  const zoom = ZOOMS[zoomIndex];
  const wrap = $("#board");
  wrap.style.setProperty("--zoom", String(zoom));
  wrap.classList.toggle("zoomed", zoom > 1);
  $("#zoom-level").textContent = `${Math.round(zoom * 100)}%`;
  $("#zoom-out").disabled = zoomIndex === 0;
  $("#zoom-in").disabled = zoomIndex === ZOOMS.length - 1;
}

function restoreZoom() {
  const saved = Number(localStorage.getItem(`shoal.zoom.${view.game.id}`) || "1");
  zoomIndex = Math.max(0, ZOOMS.indexOf(saved));
  applyZoom();
}

function myTurn() {
  return view && !view.result && !view.thinking && you.includes(view.to_move) && !busy;
}

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
  if (first) restoreZoom();
  defaultOrientation();
  turnAlert();
  $("#game-title").textContent = `${view.game.title}${view.mode === "computer" ? " · vs computer" : view.mode === "friend" ? " · online" : " · same screen"}`;
  if (fresh) {
    board.show(view.svg, view.legal, myTurn());
    captionTheEnd();
  }
  $("#board").dataset.version = view.version;
  $("#thinking").hidden = !view.thinking;
  renderStatus();
  showDeadline(view); // correspondence: time left to move (issue 22)
  renderPlayers();
  showRatings(gid, view);
  renderMoves();
  renderShare();
  renderFeatures();
  refreshControls();
  if (fresh) $("#hint-text").hidden = true;
  social.update();
}

// What the viewer may do now (after a view, or once a request has come back).
function refreshControls() {
  board.enabled = myTurn();
  board.paint();
  $("#board").dataset.ready = myTurn() ? "yes" : "no";
  renderButtons();
  $("#hint").disabled = !view.allowed.hint || !myTurn();
  const over = Boolean(view.result);
  $("#undo").disabled = !view.allowed.undo || !you.length || over || view.thinking || busy;
  $("#resign").disabled = !view.allowed.resign || !you.length || over;
  // spectators get no player tools; a finished game offers to play again instead
  $("#hint").hidden = view.mode === "friend" || !you.length || over;
  $("#undo").hidden = view.mode === "friend" || !you.length || over;
  $("#resign").hidden = !you.length || over;
  $("#play-again").hidden = !over || !you.length || view.mode === "friend";
  $("#review-link").hidden = $("#analysis-link").hidden = !over; // review and study once it ended
  renderRematch();
}

function renderStatus() {
  const status = $("#status");
  let main = "";
  let sub = "";
  const r = view.result;
  const local = view.mode === "local";
  status.className = "status";
  if (r) {
    status.classList.add("over");
    if (r.winner === null) main = "Draw";
    else if (!local && you.includes(r.winner)) main = "You won";
    else if (!local && you.length) main = "You lost";
    else main = `${cap(view.sides[r.winner])} wins`;
    sub = (r.sentence || r.reason) + (r.scores && !r.reason.includes("score") ? ` · score ${r.scores.join(" – ")}` : "");
  } else if (view.thinking) {
    main = "The computer is thinking…";
    sub = `${cap(view.sides[view.to_move])} to move`;
  } else if (you.includes(view.to_move)) {
    status.classList.add("your-turn");
    main = local ? `${cap(view.sides[view.to_move])} to move` : "Your turn";
    const cells = view.legal.some((a) => a.path.length);
    sub = cells ? "Click a highlighted cell" : "Choose an action below";
  } else if (you.length) {
    main = `Waiting for ${view.players[view.to_move]}`;
    sub = `${cap(view.sides[view.to_move])} to move`;
  } else {
    main = `${cap(view.sides[view.to_move])} to move`;
    sub = "You are watching";
  }
  $("#status-main").textContent = main;
  $("#status-sub").textContent = sub;
  $("#game-status").textContent = view.status || "";
  $("#game-status").hidden = !view.status;
}

function renderPlayers() {
  const box = $("#players");
  box.replaceChildren(
    ...[0, 1].map((seat) => {
      const isYou = you.includes(seat) && view.mode !== "local" && view.players[seat] !== "You";
      return h(
        "div",
        { class: `player${!view.result && view.to_move === seat ? " to-move" : ""}`, dataset: { seat: String(seat) } },
        h("span", { class: "side-pill", text: view.sides[seat] }),
        h("span", { class: "name" }, view.players[seat] || `Seat ${seat + 1}`, isYou ? h("small", { text: "you" }) : null),
        view.clock ? h("span", { class: "clock", id: `clock-${seat}` }) : null,
      );
    }),
  );
  clockBase = view.clock ? { at: performance.now(), clock: view.clock } : null;
  tickClocks();
}

function tickClocks() {
  if (!clockBase) return;
  const { at, clock } = clockBase;
  const elapsed = (performance.now() - at) / 1000;
  for (const seat of [0, 1]) {
    const el = document.getElementById(`clock-${seat}`);
    if (!el) continue;
    const running = clock.running === seat && !view.result;
    const left = clock.remaining[seat] - (running ? elapsed : 0);
    el.textContent = formatClock(left);
    el.classList.toggle("running", running);
    el.classList.toggle("low", left < 20);
  }
}
setInterval(tickClocks, 200);

function renderButtons() {
  const box = $("#action-buttons");
  const enabled = myTurn();
  box.replaceChildren(...board.buttons().map((a) => h("button", { class: "btn", dataset: { action: String(a.action) }, disabled: !enabled, text: a.label || a.text, title: a.text, onclick: () => play(a) })));
}

function renderMoves() {
  const list = $("#moves");
  if (!view.turns.length) {
    list.replaceChildren(h("li", { class: "empty", text: "No moves yet" }));
    return;
  }
  list.replaceChildren(
    ...view.turns.map((t) =>
      h(
        "li",
        { class: t.complete ? "" : "partial" },
        h("span", { class: "n", text: `${t.number}.` }),
        h("a", { class: "t", href: `/replay/game/${gid}#k=${t.end}`, text: t.text }),
        h("span", { class: "s", text: t.side }),
      ),
    ),
  );
  list.scrollTop = list.scrollHeight;
}

function renderShare() {
  const box = $("#share");
  const origin = location.origin;
  const rows = [h("h3", { text: "Share" })];
  const invite = tokens.invite(gid);
  const field = (label, value, id) =>
    h("div", { class: "field", style: "margin-bottom:.6rem" }, h("label", { class: "help", text: label }), h("div", { class: "share" }, h("input", { type: "text", readonly: true, value, id, onclick: (e) => e.target.select() }), h("button", { class: "btn small", text: "Copy", onclick: () => copy(value) })));
  if (view.mode === "friend" && invite && you.length) rows.push(field("Invite your friend (this link gives their seat)", `${origin}/game/${gid}#t=${invite}`, "invite-link"));
  rows.push(field("Spectators (watch only)", `${origin}/game/${gid}`, "watch-link"));
  box.replaceChildren(...rows);
}

function renderFeatures() {
  const entries = Object.entries(view.features || {});
  $("#features-card").hidden = entries.length === 0;
  $("#features").replaceChildren(...entries.flatMap(([k, v]) => [h("span", { text: k.replace(/_/g, " ") }), h("span", { text: String(v) })]));
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied");
  } catch {
    toast("Select the link and copy it");
  }
}

async function change(path, body) {
  busy = true;
  refreshControls();
  try {
    const next = await api(`/api/games/${gid}/${path}`, { method: "POST", body: { version: view.version, ...body }, token });
    busy = false;
    you = next.you ?? you;
    render(next);
  } catch (error) {
    busy = false;
    toast(error.message, "error");
    if (error.status === 409) await reload();
    else {
      board.reset();
      refreshControls();
    }
  }
}

function play(entry) {
  if (!myTurn()) return;
  change("actions", { action: entry.action });
}

function undo() {
  change("undo", {});
}

// A game that ends off the board (resignation, time) leaves the board's own caption saying
// who is to move: once the game is over, that caption states the result instead.
function captionTheEnd() {
  const r = view.result;
  if (!r) return;
  const side = r.winner === null ? "" : view.sides[r.winner];
  const who = /^(first|second)$/.test(side) ? `${cap(side)} player` : cap(side);
  const words = r.winner === null ? "Draw" : `${who} wins`;
  for (const text of document.querySelectorAll("#board svg text")) {
    const caption = text.classList.contains("status") || /\bto move\b/.test(text.textContent);
    if (caption && !/\b(wins?|won|draw)\b/i.test(text.textContent)) {
      text.textContent = words;
      text.classList.add("caption-over");
    }
  }
}

function resign() {
  const backdrop = h(
    "div",
    { class: "menu-backdrop", id: "resign-menu" },
    h(
      "div",
      { class: "menu" },
      h("h3", { text: "Resign this game?" }),
      h("button", { class: "btn danger", id: "resign-yes", text: "Resign", onclick: () => { backdrop.remove(); change("resign", {}); } }),
      h("button", { class: "btn ghost", text: "Keep playing", onclick: () => backdrop.remove() }),
    ),
  );
  document.body.append(backdrop);
}

async function hint() {
  try {
    $("#hint").disabled = true;
    const result = await api(`/api/games/${gid}/hint`, { method: "POST", body: { version: view.version }, token });
    if (result.version !== view.version) return;
    board.showHint(result.path);
    const text = $("#hint-text");
    text.hidden = false;
    text.replaceChildren(h("strong", { text: result.text }), " — ", result.reason);
  } catch (error) {
    toast(error.message, "error");
  } finally {
    $("#hint").disabled = !myTurn();
  }
}

async function reload() {
  const next = await api(`/api/games/${gid}`, { token });
  you = next.you;
  view = null;
  render(next);
}

let socket = null;
setInterval(() => socket && socket.readyState === 1 && socket.send("ping"), 25000);

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(gid)}/ws`);
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") render(message.view, true);
  });
  socket.addEventListener("close", () => setTimeout(connect, 1500));
}

function dialog(title, text, ...buttons) {
  const backdrop = h("div", { class: "menu-backdrop", id: "invite-menu" }, h("div", { class: "menu", role: "dialog", "aria-label": title }, h("h3", { text: title }), h("p", { text }), ...buttons));
  document.body.append(backdrop);
  return backdrop;
}

async function claimSeat(invite, name) {
  const result = await api(`/api/games/${gid}/claim`, { method: "POST", body: { name }, token: invite });
  if (token && token !== result.token) localStorage.setItem(`shoal.token.${gid}.other`, token);
  tokens.set(gid, result.token);
  token = result.token;
  await reload();
  await tieSeatToAccount();
  social.connect();
}

async function handleInvite(invite) {
  let probe = null;
  try {
    probe = invite ? await api(`/api/games/${gid}`, { token: invite }) : null;
  } catch {
    probe = null;
  }
  const seat = probe && probe.you.length === 1 ? probe.you[0] : null;
  if (seat === null) {
    toast(`This invite link is not valid, or its seat has already been taken${you.length ? "" : ": you can watch the game"}.`, "error");
    return;
  }
  const side = cap(view.sides[seat]);
  if (you.length) {
    const mine = cap(view.sides[you[0]]);
    const box = dialog(
      "This is your friend's invite",
      `You play ${mine} here. This link gives the ${side} seat: send it to your friend. Opening it here keeps your seat.`,
      h("button", { class: "btn primary", id: "keep-seat", text: `Keep playing ${mine}`, onclick: () => box.remove() }),
      h("button", { class: "btn ghost", id: "take-seat", text: `Play ${side} in this tab`, onclick: async () => { box.remove(); await claimSeat(invite, ""); } }),
    );
    return;
  }
  const me = await whoami(); // signed in: the seat is the account's, under its name
  const name = h("input", { type: "text", id: "join-name", maxlength: "40", placeholder: "Your name", value: localStorage.getItem("shoal.name") || "" });
  const box = dialog(
    `Join this game as ${side}`,
    `${view.players[1 - seat] || "Your friend"} invited you to play ${view.game.title}.`,
    me ? h("p", { class: "help", id: "join-account", text: `You play as ${me.username}; the game goes to your account's games.` }) : h("div", { class: "field" }, h("label", { for: "join-name", text: "Your name" }), name),
    h("button", { class: "btn primary", id: "join", text: `Play ${side}`, onclick: async () => {
      box.remove();
      if (!me) localStorage.setItem("shoal.name", name.value.trim());
      try {
        await claimSeat(invite, me ? "" : name.value.trim());
      } catch (error) {
        toast(error.message, "error");
      }
    } }),
    h("button", { class: "btn ghost", text: "Just watch", onclick: () => box.remove() }),
  );
}

async function main() {
  topbar();
  els();
  try {
    await reload();
    if (inviteFromLink !== null) await handleInvite(inviteFromLink);
  } catch (error) {
    $("#app").replaceChildren(h("div", { class: "narrow" }, h("h1", { text: "Game not found" }), h("p", { text: error.message }), h("a", { class: "btn primary", href: "/new", text: "Start a new game" })));
    return;
  }
  connect();
  tieSeatToAccount();
  social.connect();
}

// Signed in with a seat token here (an invite link, a game begun as a guest): the seat
// becomes the account's, so it plays from any browser where the player is signed in.
async function tieSeatToAccount() {
  if (!token || !you.length || !(await whoami())) return;
  const done = await api("/api/me/claims", { method: "POST", body: { games: [{ id: gid, token }] } }).catch(() => null);
  if (done && done.claimed.length) await reload();
}

main();
