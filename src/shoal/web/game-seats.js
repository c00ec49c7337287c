// @ts-check
// Seats changing hands on the game page: the invite link's dialog (take the invited seat,
// keep your own, or watch), an online game's rematch, and "play again" at the end. Each
// function takes the game page's `game()`: {view, you, token, offers} as they are now.
import { $, errorText, focusBoardNext, h, toast, tokens, trapFocus, whoami } from "./common.js";
import { api } from "./net.js";
import { cap, playerName, sideWord } from "./game-panel.js";
import { t } from "./i18n.js";

/** @typedef {import("./game-panel.js").Game} Game */

// An online game's rematch: offered by one player, accepted by the other; both then move to
// the new game (sides swapped) with seat tokens of their own (or, signed in, their account's
// seats). The offer comes with the game's other offers, on the social socket (social.js).
let rematchFollowed = false;
/** @type {Map<number, string>} */
const eventNames = new Map();

/**
 * An event's game names its event, with a link to the event's page (its name read once).
 * @param {import("./game-panel.js").View} view
 */
export async function nameTheEvent(view) {
  const line = $("#event-line");
  line.hidden = view.event === null;
  if (view.event === null || line.dataset.event === String(view.event)) return;
  const id = view.event;
  line.dataset.event = String(id);
  let name = eventNames.get(id);
  if (name === undefined) {
    try {
      /** @type {import("./types/api.js").EventOut} */
      const event = await api(`/api/tournaments/${id}`);
      name = event.name;
    } catch {
      name = t("event {id}", { id: String(id) });
    }
    eventNames.set(id, name);
  }
  // the sentence around the event's link, in the page's language
  const [before, after = ""] = t("A game of {event}: no hints, no takebacks.").split("{event}");
  line.replaceChildren(before, h("a", { href: `/tournaments/${id}`, id: "event-link", text: name }), after);
}

/** @param {string} gid @param {Game} game */
export function renderRematch(gid, game) {
  const { view, you, offers } = game();
  if (!view) return;
  const box = $("#rematch-box");
  const over = Boolean(view.result);
  const offer = offers ? offers.rematch : null;
  if (view.event !== null) {
    // an event's game has no rematch: after it, the event's page has the next round
    box.hidden = !over;
    const text = you.length ? t("Next round: back to the event") : t("Back to the event");
    if (over) box.replaceChildren(h("a", { class: "btn primary", id: "next-round", href: `/tournaments/${view.event}`, text }));
    return;
  }
  box.hidden = !(view.mode === "friend" && over);
  if (box.hidden) return;
  if (offer && offer.game) {
    if (you.length && !rematchFollowed) followRematch(gid, game);
    box.replaceChildren(h("a", { class: "btn", href: `/game/${offer.game}`, text: you.length ? t("Go to the rematch") : t("Watch the rematch") }));
    return;
  }
  if (!you.length) {
    box.replaceChildren(offer ? h("p", { class: "help", text: t("A rematch is offered.") }) : "");
    return;
  }
  /** @param {"POST" | "DELETE"} method @param {string} label @param {string} id @param {string} [cls] @param {boolean} [accept] */
  const act = (method, label, id, cls = "btn", accept = false) => h("button", { class: cls, id, text: label, onclick: () => rematchRequest(gid, game, method, accept) });
  if (!offer) box.replaceChildren(act("POST", t("Rematch"), "rematch", "btn primary"));
  else if (offer.offered_by === you[0]) box.replaceChildren(h("p", { class: "help", text: t("Rematch offered: waiting for your opponent.") }), act("DELETE", t("Withdraw"), "rematch-withdraw"));
  else box.replaceChildren(h("p", { text: t("Your opponent offers a rematch.") }), act("POST", t("Accept"), "rematch-accept", "btn primary", true), act("DELETE", t("Decline"), "rematch-decline"));
}

/** @param {string} gid @param {Game} game @param {"POST" | "DELETE"} method @param {boolean} accepting */
async function rematchRequest(gid, game, method, accepting) {
  // accepting: this page follows its own reply, not the socket's news of the new game (both
  // would navigate, and the second cut the first short)
  if (accepting) rematchFollowed = true;
  try {
    /** @type {import("./types/api.js").RematchOut} */
    const result = await api(`/api/games/${gid}/rematch`, { method, token: game().token });
    if (result.game) {
      rematchFollowed = true;
      if (result.token) tokens.set(result.game, result.token); // else the account's seat
      location.href = `/game/${result.game}`;
    }
  } catch (error) {
    if (accepting) rematchFollowed = false;
    toast(errorText(error), "error");
  }
}

/** @param {string} gid @param {Game} game */
async function followRematch(gid, game) {
  rematchFollowed = true;
  try {
    /** @type {import("./types/api.js").RematchSeat} */
    const seat = await api(`/api/games/${gid}/rematch/token`, { method: "POST", token: game().token });
    if (seat.token) tokens.set(seat.game, seat.token); // else the account's seat
    location.href = `/game/${seat.game}`;
  } catch {
    // the accepter's page follows its own reply; the offerer can still use the link
  }
}

// At the end: the same game again, sides swapped (against the computer, or on one screen).
/** @param {Game} game */
export async function playAgain(game) {
  const { view, you } = game();
  if (!view) return;
  /** @type {import("./types/api.js").CreateGameIn} */
  const body = {
    game: /** @type {import("./types/api.js").CreateGameIn["game"]} */ (view.game.id),
    options: view.options,
    opponent: /** @type {import("./types/api.js").CreateGameIn["opponent"]} */ (view.mode),
    name: localStorage.getItem("shoal.name") || "",
  };
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
    toast(errorText(error), "error");
  }
}

/** A small dialog over the page. @param {string} title @param {string} text @param {...(HTMLElement | null)} buttons */
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
/**
 * @param {string} gid
 * @param {string} invite the invite's token
 * @param {Game} game
 * @param {(invite: string, name: string) => Promise<void>} claim
 */
export async function handleInvite(gid, invite, game, claim) {
  /** @type {import("./types/api.js").GameView | null} */
  let probe = null;
  try {
    probe = invite ? await api(`/api/games/${gid}`, { token: invite }) : null;
  } catch {
    probe = null;
  }
  const seat = probe && probe.you.length === 1 ? probe.you[0] : null;
  if (seat === null) {
    toast(game().you.length ? t("This invite link is not valid, or its seat has already been taken.") : t("This invite link is not valid, or its seat has already been taken: you can watch the game."), "error");
    return;
  }
  const { view, you } = game();
  if (!view) return;
  const side = cap(sideWord(view.sides[seat]));
  if (you.length) {
    const mine = cap(sideWord(view.sides[you[0]]));
    const box = dialog(
      t("This is your friend's invite"),
      t("You play {mine} here. This link gives the {side} seat: send it to your friend. Opening it here keeps your seat.", { mine, side }),
      h("button", { class: "btn primary", id: "keep-seat", text: t("Keep playing {side}", { side: mine }), onclick: () => box.remove() }),
      h("button", { class: "btn ghost", id: "take-seat", text: t("Play {side} in this tab", { side }), onclick: async () => { box.remove(); await claim(invite, ""); } }),
    );
    return;
  }
  const me = await whoami(); // signed in: the seat is the account's, under its name
  const name = h("input", { type: "text", id: "join-name", maxlength: "40", placeholder: t("Your name"), value: localStorage.getItem("shoal.name") || "" });
  const box = dialog(
    t("Join this game as {side}", { side }),
    t("{name} invited you to play {game}.", { name: view.players[1 - seat] ? playerName(view.players[1 - seat]) : t("Your friend"), game: view.game.title }),
    me ? h("p", { class: "help", id: "join-account", text: t("You play as {name}; the game goes to your account's games.", { name: me.username }) }) : h("div", { class: "field" }, h("label", { for: "join-name", text: t("Your name") }), name),
    h("button", { class: "btn primary", id: "join", text: t("Play {side}", { side }), onclick: async () => {
      box.remove();
      if (!me) localStorage.setItem("shoal.name", name.value.trim());
      try {
        await claim(invite, me ? "" : name.value.trim());
      } catch (error) {
        toast(errorText(error), "error");
      }
    } }),
    h("button", { class: "btn ghost", text: t("Just watch"), onclick: () => box.remove() }),
  );
}
