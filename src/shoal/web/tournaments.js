// @ts-check
// The tournaments page /tournaments (issue 42): the events upcoming, running and finished,
// live (the list is read again every few seconds), and a form to make one (signed in).
import { $, errorText, footer, h, pageHead, toast, topbar, whoami } from "./common.js";
import { api } from "./net.js";
import { chosenOptions, optionInputs } from "./lobby-view.js";
import { date, parts, t, tn } from "./i18n.js";

/** @typedef {import("./types/api.js").EventSummary} Summary */

const app = $("#app");
/** The most players of each format (shoal.pairing.records.MAX_PLAYERS). @type {Record<string, number>} */
const MAX_PLAYERS = { round_robin: 64, double_round_robin: 64, swiss: 200, arena: 500 };
/** @type {Record<string, string>} */
const FORMATS = {
  round_robin: t("Round robin"),
  double_round_robin: t("Double round robin"),
  swiss: t("Swiss"),
  arena: t("Arena"),
};
const HEADS = { upcoming: t("Upcoming"), running: t("Running"), finished: t("Finished") };
/** A date and time as the browser's toLocaleString() says it, in the page's language. */
const WHEN = /** @type {const} */ ({ year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });

/** @param {Summary} event */
function line(event) {
  const what = `${FORMATS[event.format] || event.format} · ${event.game} · ${event.clock}` + (event.rated ? " · " + t("rated") : "");
  const when = event.status === "upcoming" ? (event.starts === "when_full" ? tn("starts when {n} has joined", "starts when {n} have joined", event.max_players) : t("starts {when}", { when: date(event.starts, WHEN) })) : event.status === "running" ? t("round {n}", { n: event.round }) : t("finished");
  return h("li", { class: "tournament-line", dataset: { id: String(event.id) } }, h("a", { href: `/tournaments/${event.id}`, text: event.name, translate: "no" }), h("span", { class: "help", text: ` ${what} — ${when}` }));
}

/** @param {Record<string, Summary[]>} byStatus the events by status */
function render(byStatus) {
  const lists = h("div", { id: "tournament-lists" });
  for (const [status, head] of Object.entries(HEADS)) {
    const events = byStatus[status] || [];
    const section = h("section", { class: "card", id: `tournaments-${status}` }, h("h2", { text: head }));
    section.append(events.length ? h("ul", {}, events.map(line)) : h("p", { class: "help", text: t("None.") }));
    lists.append(section);
  }
  const old = document.getElementById("tournament-lists");
  if (old) old.replaceWith(lists);
  else app.append(lists);
}

async function refresh() {
  render(await api("/api/tournaments"));
}

/** @param {string} label @param {HTMLElement} input */
function field(label, input) {
  return h("label", { class: "field" }, h("span", { text: label }), input);
}

async function form() {
  const me = await whoami();
  const card = h("section", { class: "card", id: "new-tournament" }, h("h2", { text: t("Make a tournament") }));
  if (!me) {
    card.append(h("p", {}, ...parts(t("{link} to make one."), { link: h("a", { href: `/login?next=${encodeURIComponent(location.pathname)}`, text: t("Sign in") }) })));
    app.append(card);
    return;
  }
  /** @type {import("./types/api.js").CatalogEntry[]} */
  const catalog = await api("/api/catalog");
  // the game's rule options (a board size, a variant: issue 59), drawn again for each game
  const optionsBox = h("div", { id: "tournament-options" });
  const showOptions = () => {
    optionsBox.replaceChildren(...optionInputs(catalog.find((g) => g.id === game.value)));
    adviseClock();
  };
  const game = h("select", { name: "game", onchange: showOptions }, catalog.map((g) => h("option", { value: g.id, text: g.title })));
  // the fields of the format chosen only: rounds for a Swiss, minutes for an arena
  const showFormat = () => {
    roundsField.hidden = format.value !== "swiss";
    minutesField.hidden = format.value !== "arena";
    players.max = String(MAX_PLAYERS[format.value] || 64); // each format's cap (issue 59)
  };
  const format = h("select", { name: "format", onchange: showFormat }, Object.entries(FORMATS).map(([v, words]) => h("option", { value: v, text: words })));
  const name = h("input", { type: "text", name: "name", placeholder: t("Thursday Swiss"), maxlength: "80" });
  const rounds = h("input", { name: "rounds", type: "number", min: "1", max: "20", value: "5" });
  const minutes = h("input", { name: "minutes", type: "number", min: "1", max: "1440", value: "30" });
  const clock = h("input", { type: "text", name: "clock", value: "5+3", maxlength: "32" });
  // what the clock means for the game chosen, or why an event would refuse it (issue 59)
  const clockHelp = h("p", { class: "help", id: "clock-advice" });
  const adviseClock = async () => {
    try {
      /** @type {import("./types/api.js").ClockAdvice} */
      const said = await api(`/api/tournaments/clock-advice?game=${encodeURIComponent(game.value)}&clock=${encodeURIComponent(clock.value)}`);
      clockHelp.textContent = said.refused || said.advice;
      clockHelp.classList.toggle("error", Boolean(said.refused));
    } catch {
      clockHelp.textContent = "";
    }
  };
  clock.addEventListener("input", adviseClock);
  const players = h("input", { name: "max_players", type: "number", min: "2", max: "500", value: "8" });
  const starts = h("input", { name: "starts", type: "datetime-local" });
  const rated = h("input", { name: "rated", type: "checkbox" });
  const ratedLabel = h("label", { class: "check" }, rated, t("Rated"));
  const submit = h("button", { class: "btn primary", type: "submit", text: t("Make it") });
  const roundsField = field(t("Rounds"), rounds);
  const minutesField = field(t("Minutes"), minutes);
  const node = h(
    "form",
    {
      onsubmit: async (/** @type {SubmitEvent} */ event) => {
        event.preventDefault();
        /** @type {import("./types/api.js").TournamentIn} */
        const body = {
          name: name.value,
          game: /** @type {import("./types/api.js").TournamentIn["game"]} */ (game.value),
          format: /** @type {import("./types/api.js").TournamentIn["format"]} */ (format.value),
          clock: clock.value,
          max_players: Number(players.value),
          rated: rated.checked,
          starts: starts.value ? new Date(starts.value).toISOString() : "when_full",
          options: chosenOptions(optionsBox),
        };
        if (format.value === "swiss") body.rounds = Number(rounds.value);
        if (format.value === "arena") body.minutes = Number(minutes.value);
        try {
          const made = await api("/api/tournaments", { method: "POST", body });
          location.href = `/tournaments/${made.id}`;
        } catch (error) {
          toast(errorText(error), "error");
        }
      },
    },
    field(t("Name"), name),
    field(t("Game"), game),
    optionsBox,
    field(t("Format"), format),
    roundsField,
    minutesField,
    field(t("Clock (minutes+seconds, or 3d)"), clock),
    clockHelp,
    field(t("Players at most"), players),
    field(t("Starts (empty: when full)"), starts),
    ratedLabel,
    submit,
  );
  card.append(node);
  app.append(card);
  showOptions();
  showFormat();
}

async function main() {
  app.append(h("section", { class: "card" }, ...pageHead(t("Tournaments"), t("Round robins, Swiss events and arenas. Join one, and the server pairs you round by round."))));
  await refresh();
  await form();
  setInterval(() => refresh().catch(() => {}), 5000);
}

topbar();
main().then(footer);
