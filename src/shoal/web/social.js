// @ts-check
// The social side of the game page (issue 23): offers between the players (draw, takeback,
// abort, each with a confirmation; the opponent's offer with Accept / Decline) and the chat
// (the players' room, or the spectators' own room). Offers and messages arrive live over
// the game's social socket; messages are shown as text, never as HTML.
import { $, $input, announce, errorText, h, toast, trapFocus, whoami } from "./common.js";
import { api, connectSocket } from "./net.js";
import { chatReportButton, moderationStyle } from "./report.js";
import { t } from "./i18n.js";

/** @typedef {import("./types/api.js").OffersView} Offers */
/** @typedef {import("./types/api.js").ChatMessageOut} Message */
/** @typedef {"players" | "spectators"} Room */

const CHAT_LENGTH = 500;

/** The game page's offers and chat. */
export class Social {
  /**
   * @param {string} gid the game
   * @param {import("./game-panel.js").Game} game
   * @param {Element} anchor the cards go after it in the panel
   * @param {() => unknown} [onOffers] after the offers changed (the page shows the rematch from them)
   */
  constructor(gid, game, anchor, onOffers = () => {}) {
    this.gid = gid;
    this.game = game;
    this.onOffers = onOffers;
    /** @type {Offers | null} */
    this.offers = null;
    /** @type {Record<Room, Message[]>} */
    this.messages = { players: [], spectators: [] };
    /** @type {import("./net.js").SocketHandle | null} */
    this.socket = null;
    this.signedIn = false; // a signed-in reader may report a line (report.js)
    whoami().then((me) => {
      this.signedIn = Boolean(me);
      if (!me) return;
      moderationStyle();
      this.renderChat();
    });
    this.offersCard = h("div", { class: "card", id: "offers-card", hidden: true });
    this.chatCard = h("div", { class: "card", id: "chat-card", hidden: true });
    anchor.after(this.offersCard, this.chatCard);
  }

  /** @returns {Room} */
  get room() {
    return this.game().you.length ? "players" : "spectators";
  }

  // (Re)open the social socket: after the first view, and when this browser takes a seat.
  // The hello names the seat (its token) or a spectator; a new seat needs a new hello.
  connect() {
    if (this.socket) return this.socket.reconnect();
    this.socket = connectSocket(`/api/games/${encodeURIComponent(this.gid)}/social`, {
      onOpen: (send) => send({ token: this.game().token || null }),
      onMessage: (message) => this.receive(message),
    });
  }

  /** @param {{ type: "offers" } & Offers | { type: "history", room: Room, messages: Message[] } | { type: "chat", message: Message & { room: Room } } | { type: "chat-hidden", id: number }} message */
  receive(message) {
    if (message.type === "offers") {
      this.tell(this.offers, message);
      this.offers = message;
      this.render();
      this.onOffers();
    } else if (message.type === "history") {
      this.messages[message.room] = message.messages;
      this.renderChat();
    } else if (message.type === "chat") {
      const said = message.message;
      const list = this.messages[said.room];
      if (!list.some((m) => m.id === said.id)) {
        list.push(said);
        // said in the page's live log (the one live region), unless it is mine or muted
        const me = this.game().you.length === 1 ? this.game().you[0] : null;
        const muted = Boolean(this.offers && me !== null && this.offers.mutes.includes(me) && said.seat !== null && said.seat !== me);
        if (said.room === this.room && !muted && !(me !== null && said.seat === me)) announce(t("{name} says: {text}", { name: said.name, text: said.text }));
      }
      this.renderChat();
    } else if (message.type === "chat-hidden") {
      // a moderator hid a line (issue 61): it leaves every open page
      for (const room of /** @type {Room[]} */ (["players", "spectators"])) this.messages[room] = this.messages[room].filter((m) => m.id !== message.id);
      this.renderChat();
    }
  }

  /** A toast when the opponent's offer arrives (the card may be below the board on a phone). @param {Offers | null} before @param {Offers} after */
  tell(before, after) {
    const { you } = this.game();
    if (you.length !== 1) return;
    const theirs = (/** @type {"draw" | "takeback"} */ kind) => after[kind] !== null && after[kind] !== you[0] && (!before || before[kind] !== after[kind]);
    if (theirs("draw")) toast(t("Your opponent offers a draw"));
    if (theirs("takeback")) toast(t("Your opponent asks for a takeback"));
  }

  // Called by the game page after every view.
  update() {
    this.render();
  }

  render() {
    this.renderOffers();
    this.renderChat();
  }

  // -- offers -------------------------------------------------------------------------
  renderOffers() {
    const { view, you } = this.game();
    const card = this.offersCard;
    const offers = this.offers;
    if (!view || !offers || !you.length || view.result) {
      card.hidden = true;
      return;
    }
    const me = you.length === 1 ? you[0] : null;
    const rows = [];
    const people = view.mode === "friend";
    if (people && offers.draw !== null && offers.draw !== me) {
      rows.push(this.incoming("draw", t("Your opponent offers a draw."), "accept-draw", "decline-draw"));
    }
    if (people && offers.takeback !== null && offers.takeback !== me) {
      rows.push(this.incoming("takeback", t("Your opponent asks to take back their last turn."), "accept-takeback", "decline-takeback"));
    }
    const tools = [];
    if (people && offers.draw === me) {
      tools.push(h("span", { class: "help", id: "draw-pending", text: t("You offered a draw.") }), h("button", { class: "btn small", id: "withdraw-draw", text: t("Withdraw"), onclick: () => this.send("draw", "withdraw") }));
    } else if (people && offers.allowed.draw && offers.draw === null) {
      tools.push(h("button", { class: "btn", id: "offer-draw", text: t("Offer a draw"), onclick: () => this.confirm(t("Offer a draw?"), t("Your opponent may accept or decline. The offer lapses once they move."), t("Offer a draw"), () => this.send("draw", "offer")) }));
    }
    if (people && offers.takeback === me) {
      tools.push(h("span", { class: "help", id: "takeback-pending", text: t("You asked for a takeback.") }), h("button", { class: "btn small", id: "withdraw-takeback", text: t("Withdraw"), onclick: () => this.send("takeback", "withdraw") }));
    } else if (people && offers.allowed.takeback && offers.takeback === null) {
      tools.push(h("button", { class: "btn", id: "ask-takeback", text: t("Ask for a takeback"), onclick: () => this.confirm(t("Ask for a takeback?"), t("If your opponent agrees, your last turn is taken back."), t("Ask"), () => this.send("takeback", "request")) }));
    }
    if (offers.allowed.abort) {
      tools.push(h("button", { class: "btn", id: "abort", text: t("Abort"), onclick: () => this.confirm(t("Abort this game?"), t("An aborted game ends without a result."), t("Abort the game"), () => this.send("abort")) }));
    }
    card.hidden = !rows.length && !tools.length;
    card.replaceChildren(...rows, tools.length ? h("div", { class: "tools" }, ...tools) : "");
  }

  /** The opponent's offer. @param {"draw" | "takeback"} kind @param {string} text @param {string} yes @param {string} no the buttons' ids */
  incoming(kind, text, yes, no) {
    return h(
      "div",
      { class: "offer-incoming", id: `incoming-${kind}`, role: "group", "aria-label": text },
      h("p", { text }),
      h("div", { class: "tools" }, h("button", { class: "btn primary", id: yes, text: t("Accept"), onclick: () => this.send(kind, "accept") }), h("button", { class: "btn ghost", id: no, text: t("Decline"), onclick: () => this.send(kind, "decline") })),
    );
  }

  /** @param {string} title @param {string} text @param {string} yes the button's words @param {() => unknown} then */
  confirm(title, text, yes, then) {
    const backdrop = h(
      "div",
      { class: "menu-backdrop", id: "offer-menu" },
      h("div", { class: "menu", role: "dialog", "aria-label": title }, h("h3", { text: title }), h("p", { text }), h("button", { class: "btn primary", id: "offer-yes", text: yes, onclick: () => { backdrop.remove(); then(); } }), h("button", { class: "btn ghost", text: t("Cancel"), onclick: () => backdrop.remove() })),
    );
    trapFocus($(".menu", backdrop));
    document.body.append(backdrop);
    $("#offer-yes").focus();
  }

  /** @param {"draw" | "takeback" | "abort"} path @param {"offer" | "withdraw" | "accept" | "decline" | "request"} [action] */
  async send(path, action) {
    const { view, token } = this.game();
    if (!view) return;
    /** @type {{ version: number, action?: string }} */
    const body = { version: view.version };
    if (action) body.action = action;
    try {
      this.offers = await api(`/api/games/${this.gid}/${path}`, { method: "POST", body, token });
      this.render();
      this.onOffers();
    } catch (error) {
      toast(errorText(error), "error");
    }
  }

  // -- chat -----------------------------------------------------------------------------
  renderChat() {
    const { view, you } = this.game();
    const card = this.chatCard;
    const room = this.room;
    if (!view || (room === "players" && view.mode !== "friend") || (room === "spectators" && view.mode === "local")) {
      card.hidden = true;
      return;
    }
    card.hidden = false;
    if (!card.firstChild) {
      const input = h("input", { type: "text", id: "chat-input", maxlength: String(CHAT_LENGTH), placeholder: t("Say something"), "aria-label": t("Message"), autocomplete: "off" });
      const form = h("form", { class: "chat-form", onsubmit: (/** @type {SubmitEvent} */ event) => { event.preventDefault(); this.say(input); } }, input, h("button", { class: "btn", id: "chat-send", type: "submit", text: t("Send") }));
      const mute = h("label", { class: "help chat-mute", id: "mute-label" }, h("input", { type: "checkbox", id: "mute", onchange: (/** @type {Event} */ e) => this.mute(/** @type {HTMLInputElement} */ (e.currentTarget).checked) }), " " + t("Mute your opponent"));
      card.replaceChildren(h("h3", { id: "chat-title" }), h("ol", { class: "chat-log", id: "chat-log", "aria-labelledby": "chat-title" }), form, mute);
    }
    $("#chat-title", card).textContent = room === "players" ? t("Chat") : t("Spectators' chat");
    const me = you.length === 1 ? you[0] : null;
    $("#mute-label", card).hidden = me === null; // a seat's token, or the account's cookie
    $input("#mute", card).checked = Boolean(this.offers && me !== null && this.offers.mutes.includes(me));
    const muted = $input("#mute", card).checked;
    const log = $("#chat-log", card);
    const messages = this.messages[room].filter((m) => !(muted && m.seat !== null && m.seat !== me));
    const line = (/** @type {Message} */ m) => {
      const mine = m.seat === me && me !== null;
      return h("li", { class: mine ? "mine" : "", dataset: { message: String(m.id) } }, h("strong", { text: m.name }), " ", h("span", { class: "chat-text", text: m.text }), this.signedIn && !mine ? chatReportButton(m, this.gid) : null);
    };
    log.replaceChildren(...(messages.length ? messages.map(line) : [h("li", { class: "help", text: room === "players" ? t("No messages yet.") : t("No messages from spectators yet.") })]));
    log.scrollTop = log.scrollHeight;
  }

  /** @param {HTMLInputElement} input */
  async say(input) {
    const text = input.value.trim();
    if (!text) return;
    const { token } = this.game();
    const room = this.room;
    /** @type {import("./types/api.js").ChatIn} */
    const body = { room, text };
    if (room === "spectators") body.name = localStorage.getItem("shoal.name") || "";
    try {
      /** @type {Message} */
      const message = await api(`/api/games/${this.gid}/chat`, { method: "POST", body, token: room === "players" ? token : null });
      input.value = "";
      if (!this.messages[room].some((m) => m.id === message.id)) this.messages[room].push(message);
      this.renderChat();
    } catch (error) {
      toast(errorText(error), "error");
    }
  }

  /** @param {boolean} muted */
  async mute(muted) {
    try {
      this.offers = await api(`/api/games/${this.gid}/mute`, { method: "POST", body: { muted }, token: this.game().token });
      const { token } = this.game();
      this.messages.players = await api(`/api/games/${this.gid}/chat?room=players`, { token });
      this.render();
    } catch (error) {
      toast(errorText(error), "error");
    }
  }
}
