// @ts-check
// Seats changing hands on the game page: the invite link's dialog (take the invited seat,
// keep your own, or watch), an online game's rematch, and "play again" at the end. Each
// function takes the game page's `game()`: {view, you, token} as they are now.
import { $, focusBoardNext, h, toast, tokens, trapFocus, whoami } from "./common.js";
import { api } from "./net.js";
import { cap } from "./game-panel.js";

// An online game's rematch: offered by one player, accepted by the other; both then move to
// the new game (sides swapped) with seat tokens of their own.
let rematchFollowed = false;
export function renderRematch(gid, game) {
  const { view, you } = game();
  const box = $("#rematch-box");
  const over = Boolean(view.result);
  const offer = view.rematch;
  box.hidden = !(view.mode === "friend" && over);
  if (box.hidden) return;
  if (offer && offer.game) {
    if (you.length && !rematchFollowed) followRematch(gid, game);
    box.replaceChildren(h("a", { class: "btn", href: `/game/${offer.game}`, text: you.length ? "Go to the rematch" : "Watch the rematch" }));
    return;
  }
  if (!you.length) {
    box.replaceChildren(offer ? h("p", { class: "help", text: "A rematch is offered." }) : "");
    return;
  }
  const act = (method, label, id, cls = "btn") => h("button", { class: cls, id, text: label, onclick: () => rematchRequest(gid, game, method) });
  if (!offer) box.replaceChildren(act("POST", "Rematch", "rematch", "btn primary"));
  else if (offer.offered_by === you[0]) box.replaceChildren(h("p", { class: "help", text: "Rematch offered: waiting for your opponent." }), act("DELETE", "Withdraw", "rematch-withdraw"));
  else box.replaceChildren(h("p", { text: "Your opponent offers a rematch." }), act("POST", "Accept", "rematch-accept", "btn primary"), act("DELETE", "Decline", "rematch-decline"));
}

async function rematchRequest(gid, game, method) {
  try {
    const result = await api(`/api/games/${gid}/rematch`, { method, token: game().token });
    if (result.game && result.token) {
      rematchFollowed = true;
      tokens.set(result.game, result.token);
      location.href = `/game/${result.game}`;
    }
  } catch (error) {
    toast(error.message, "error");
  }
}

async function followRematch(gid, game) {
  rematchFollowed = true;
  try {
    const seat = await api(`/api/games/${gid}/rematch/token`, { method: "POST", token: game().token });
    tokens.set(seat.game, seat.token);
    location.href = `/game/${seat.game}`;
  } catch {
    // the accepter's page follows its own reply; the offerer can still use the link
  }
}

// At the end: the same game again, sides swapped (against the computer, or on one screen).
export async function playAgain(game) {
  const { view, you } = game();
  const body = { game: view.game.id, options: view.options, opponent: view.mode, name: localStorage.getItem("shoal.name") || "" };
  if (view.start) body.start = view.start;
  if (view.mode === "computer") {
    body.level = view.level;
    body.seat = you.length ? 1 - you[0] : 0;
  }
  try {
    const made = await api("/api/games", { method: "POST", body });
    tokens.set(made.id, made.token);
    focusBoardNext(made.id);
    location.href = `/game/${made.id}`;
  } catch (error) {
    toast(error.message, "error");
  }
}

function dialog(title, text, ...buttons) {
  const menu = h("div", { class: "menu", role: "dialog", "aria-label": title }, h("h3", { text: title }), h("p", { text }), ...buttons);
  const backdrop = h("div", { class: "menu-backdrop", id: "invite-menu" }, menu);
  trapFocus(menu);
  document.body.append(backdrop);
  /** @type {HTMLElement | null} */ (menu.querySelector("button, input"))?.focus();
  return backdrop;
}

// An invite link opened here: a browser without a seat is asked to join (under the
// account's name if signed in, else a name it gives) or to watch; a browser that already
// holds a seat keeps it unless it chooses otherwise. claim(invite, name) takes the seat.
export async function handleInvite(gid, invite, game, claim) {
  let probe = null;
  try {
    probe = invite ? await api(`/api/games/${gid}`, { token: invite }) : null;
  } catch {
    probe = null;
  }
  const seat = probe && probe.you.length === 1 ? probe.you[0] : null;
  if (seat === null) {
    toast(`This invite link is not valid, or its seat has already been taken${game().you.length ? "" : ": you can watch the game"}.`, "error");
    return;
  }
  const { view, you } = game();
  const side = cap(view.sides[seat]);
  if (you.length) {
    const mine = cap(view.sides[you[0]]);
    const box = dialog(
      "This is your friend's invite",
      `You play ${mine} here. This link gives the ${side} seat: send it to your friend. Opening it here keeps your seat.`,
      h("button", { class: "btn primary", id: "keep-seat", text: `Keep playing ${mine}`, onclick: () => box.remove() }),
      h("button", { class: "btn ghost", id: "take-seat", text: `Play ${side} in this tab`, onclick: async () => { box.remove(); await claim(invite, ""); } }),
    );
    return;
  }
  const me = await whoami(); // signed in: the seat is the account's, under its name
  const name = h("input", { type: "text", id: "join-name", maxlength: "40", placeholder: "Your name", value: localStorage.getItem("shoal.name") || "" });
  const box = dialog(
    `Join this game as ${side}`,
    `${game().view.players[1 - seat] || "Your friend"} invited you to play ${game().view.game.title}.`,
    me ? h("p", { class: "help", id: "join-account", text: `You play as ${me.username}; the game goes to your account's games.` }) : h("div", { class: "field" }, h("label", { for: "join-name", text: "Your name" }), name),
    h("button", { class: "btn primary", id: "join", text: `Play ${side}`, onclick: async () => {
      box.remove();
      if (!me) localStorage.setItem("shoal.name", name.value.trim());
      try {
        await claim(invite, me ? "" : name.value.trim());
      } catch (error) {
        toast(error.message, "error");
      }
    } }),
    h("button", { class: "btn ghost", text: "Just watch", onclick: () => box.remove() }),
  );
}
