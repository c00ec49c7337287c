// @ts-check
// One challenge's page, /challenges/ID (issue 22): the link of its notification and mail.
// Who challenges whom to what and on which terms; Accept / Decline for the challenged and
// Cancel for the challenger while it is open; what became of it otherwise. The server
// lets only its two players in; the lobby socket keeps the page current.
import { $, errorText, footer, h, pageHead, problemPage, topbar } from "./common.js";
import { api } from "./net.js";
import { enterGame, optionsText, timeText, watchLobby } from "./lobby-view.js";
import { date, parts, t } from "./i18n.js";

/** @typedef {import("./types/api.js").ChallengeDetail} Challenge */

const id = location.pathname.split("/").pop() ?? "";

/** @param {string | null} tc */
function clock(tc) {
  if (!tc) return t("No clock");
  return `${tc.endsWith("d") ? t("Correspondence") : t("Real time")}: ${timeText(tc)}`;
}

/** My side in words (`colour` is the challenger's). @param {Challenge} c */
function side(c) {
  if (c.colour === "random") return t("Drawn at random when the game starts");
  const challengerFirst = c.colour === "first";
  const mineFirst = c.you === "challenger" ? challengerFirst : !challengerFirst;
  return mineFirst ? t("You play first") : t("You play second");
}

/** The other player: their name, linking to their profile. @param {string} name */
function person(name) {
  return h("a", { href: `/@/${name}`, text: name });
}

const when = (/** @type {string} */ iso) => date(iso, { dateStyle: "medium", timeStyle: "short" });

/** What became of the challenge, in words (and the game's link once accepted). @param {Challenge} c */
function outcome(c) {
  const other = c.you === "challenger" ? c.challenged : c.challenger;
  if (c.status === "accepted") return h("p", { id: "challenge-outcome" }, t("Accepted: the game is on.") + " ", c.url ? h("a", { class: "btn primary", id: "challenge-game", href: c.url, text: t("Open the game") }) : null);
  if (c.status === "declined") return h("p", { id: "challenge-outcome", text: c.you === "challenged" ? t("You declined this challenge.") : t("{name} declined this challenge.", { name: other }) });
  if (c.status === "cancelled") return h("p", { id: "challenge-outcome", text: c.you === "challenger" ? t("You withdrew this challenge.") : t("{name} withdrew this challenge.", { name: other }) });
  if (c.status === "expired") return h("p", { id: "challenge-outcome", text: t("Expired: a challenge lasts 7 days.") });
  return h("p", { id: "challenge-outcome", text: t("Closed ({state}).", { state: c.status }) });
}

/**
 * @param {Challenge} c
 * @param {(what: "accept" | "decline" | "cancel") => (event: MouseEvent) => unknown} act
 */
function answers(c, act) {
  const other = c.you === "challenger" ? c.challenged : c.challenger;
  const buttons = c.you === "challenged"
    ? [h("button", { class: "btn primary", id: "challenge-accept", text: t("Accept"), onclick: act("accept") }), h("button", { class: "btn", id: "challenge-decline", text: t("Decline"), onclick: act("decline") })]
    : [h("button", { class: "btn danger", id: "challenge-cancel", text: t("Cancel the challenge"), onclick: act("cancel") })];
  const waiting = c.you === "challenged" ? t("Open until {date}.", { date: when(c.expires) }) : t("Waiting for {name}'s answer (until {date}): you will be taken to the game when it is accepted.", { name: other, date: when(c.expires) });
  return [h("p", { class: "help", id: "challenge-waiting", text: waiting }), h("div", { class: "actions challenge-actions" }, buttons)];
}

// Coming from the mail's link, the challenge's notification is read now (the bell's count).
async function markRead() {
  /** @type {Pick<import("./types/api.js").Notifications, "notifications">} */
  const unread = await api("/api/notifications?unread=true").catch(() => ({ notifications: [] }));
  for (const n of unread.notifications) {
    if (n.kind === "challenge" && n.data.challenge === id) await api(`/api/notifications/${n.id}/read`, { method: "POST" }).catch(() => {});
  }
}

async function main() {
  topbar();
  const app = $("#app");
  const box = h("section", { class: "card challenge-page", id: "challenge" });
  const problem = h("p", { class: "form-error", id: "challenge-error", role: "alert", hidden: true });
  app.append(h("div", { class: "narrow" }, ...pageHead(t("Challenge")), box, h("p", { class: "help" }, ...parts(t("Your open challenges are also in {lobby} and your {notifications}."), { lobby: h("a", { href: "/lobby", text: t("the lobby") }), notifications: h("a", { href: "/notifications", text: t("notifications") }) }))));
  let shown = false;
  const show = async () => {
    /** @type {Challenge} */
    let c;
    try {
      c = await api(`/api/challenges/${id}`);
    } catch (e) {
      // none to show: the site's problem page; one shown already stays, with the words under it
      if (!shown) problemPage(t("No such challenge"), errorText(e), { href: "/lobby", text: t("The lobby") });
      else box.replaceChildren(h("p", { class: "form-error", role: "alert", text: errorText(e) }));
      return false;
    }
    shown = true;
    /** @param {"accept" | "decline" | "cancel"} what */
    const act = (what) => async (/** @type {MouseEvent} */ event) => {
      const row = /** @type {HTMLElement} */ (event.currentTarget).parentElement; // the answers' row
      for (const button of row?.querySelectorAll("button") ?? []) button.disabled = true;
      problem.hidden = true;
      try {
        if (what === "cancel") await api(`/api/challenges/${id}`, { method: "DELETE" });
        else {
          const done = await api(`/api/challenges/${id}/${what}`, { method: "POST" });
          if (done.game) return enterGame(done);
        }
      } catch (e) {
        problem.textContent = errorText(e);
        problem.hidden = false;
      }
      await show();
    };
    const options = optionsText(c.options);
    box.replaceChildren(
      h("h2", { id: "challenge-who" }, ...(c.you === "challenger" ? parts(t("You challenge {player} to {game}", { game: c.title }), { player: person(c.challenged) }) : parts(t("{player} challenges you to {game}", { game: c.title }), { player: person(c.challenger) }))),
      h("dl", { class: "challenge-terms", id: "challenge-terms" },
        h("dt", { text: t("Game") }), h("dd", {}, h("a", { href: `/rules/${c.game}`, text: c.title }), options ? ` (${options})` : ""),
        h("dt", { text: t("Clock") }), h("dd", { text: clock(c.time_control) }),
        h("dt", { text: t("Mode") }), h("dd", { text: c.rated ? t("Rated") : t("Casual") }),
        h("dt", { text: t("Sides") }), h("dd", { text: side(c) }),
        h("dt", { text: t("Sent") }), h("dd", { text: when(c.created) })),
      ...(c.status === "open" ? answers(c, act) : [outcome(c)]),
      problem,
    );
    document.title = t("{challenger} v {challenged}: {game} — shoal", { challenger: c.challenger, challenged: c.challenged, game: c.title });
    return true;
  };
  if (!(await show())) {
    footer();
    return;
  }
  markRead();
  // the other player answers or withdraws: a "challenges" message; an acceptance: "start"
  watchLobby({ onMessage: (m) => m.type === "challenges" && show() });
  footer();
}

main();
