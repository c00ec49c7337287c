// @ts-check
// The "new game" form: the game, its options (from the server's metadata), the opponent,
// the seat, a seed, and a clock for games against a friend.
import { $, errorText, focusBoardNext, footer, h, pageHead, toast, tokens, topbar } from "./common.js";
import { api } from "./net.js";
import { chosenOptions } from "./lobby-view.js";
import { t } from "./i18n.js";

/** @typedef {import("./types/api.js").CreateGameIn} CreateGameIn */
/** @typedef {import("./types/api.js").CatalogEntry} Game */

const CLOCKS = [
  ["", t("No clock (correspondence)")],
  ["180+2", t("{m} min + {s} s", { m: 3, s: 2 })],
  ["300+3", t("{m} min + {s} s", { m: 5, s: 3 })],
  ["600+5", t("{m} min + {s} s", { m: 10, s: 5 })],
  ["1800+20", t("{m} min + {s} s", { m: 30, s: 20 })],
];

// The computer's levels in words (their ids stay the server's: "random", "club"...).
/** @type {Record<string, string>} */
const LEVEL_WORDS = {
  random: t("random"),
  beginner: t("beginner"),
  casual: t("casual"),
  club: t("club"),
  strong: t("strong"),
  max: t("max"),
};

/** One rule option's field. @param {import("./types/api.js").OptionInfoOut} o */
function optionField(o) {
  const id = `opt-${o.name}`;
  /** @type {HTMLSelectElement | HTMLInputElement} */
  let input;
  if (o.choices) {
    input = h("select", { id, name: o.name }, o.choices.map((c, i) => h("option", { value: String(c), selected: c === o.default, text: o.choice_labels?.[i] ?? String(c) })));
  } else if (o.kind === "bool") {
    input = h("select", { id, name: o.name }, h("option", { value: "true", selected: o.default, text: t("yes") }), h("option", { value: "false", selected: !o.default, text: t("no") }));
  } else if (o.kind === "int" || o.kind === "float") {
    input = h("input", { id, name: o.name, type: "number", value: String(o.default), min: o.minimum ?? null, max: o.maximum ?? null, step: o.kind === "int" ? "1" : "any" });
  } else {
    input = h("input", { id, name: o.name, type: "text", value: String(o.default) });
  }
  input.dataset.option = o.name;
  input.dataset.default = String(o.default);
  return h("div", { class: "field" }, h("label", { for: id }, o.label, o.decision ? h("span", { class: "tag", text: t("rules reading") }) : null, h("div", { class: "help", text: o.help })), input);
}

// Seats whose names say a role rather than a colour (Syrtis's set-up): what each one does.
/** @type {Record<string, [string, string]>} */
const SEAT_WORDS = {
  setup: [t("Set up the board"), t("you place the towers; then your opponent picks a side")],
  chooser: [t("Pick a side after the set-up"), t("Light: light tiles and circles, moves first; Dark: dark tiles and squares")],
};

// The level a newcomer meets first: the gentlest search (random play is for testing).
const FIRST_LEVEL = "beginner";

/**
 * One choice of a segmented control.
 * @param {string} name @param {string} value @param {string} title @param {string} small @param {boolean} checked
 */
function radio(name, value, title, small, checked) {
  return h("label", {}, h("input", { type: "radio", name, value, checked }), title, small ? h("small", { text: small }) : null);
}

async function main() {
  topbar();
  const app = $("#app");
  /** @type {[Game[], import("./types/api.js").Levels]} */
  const [catalog, levels] = await Promise.all([api("/api/catalog"), api("/api/levels")]);
  const wanted = new URLSearchParams(location.search).get("game");
  const sorted = [...catalog.filter((g) => g.listed), ...catalog.filter((g) => !g.listed)];
  let game = sorted.find((g) => g.id === wanted) || sorted[0];

  const gameSelect = h("select", { id: "game", name: "game" }, sorted.map((g) => h("option", { value: g.id, selected: g.id === game.id, text: g.title })));
  const preview = h("div", { class: "preview" });
  const optionsBox = h("details", { id: "options", class: "rule-options" });
  const seatBox = h("div", { class: "segmented", id: "seat" });
  const firstLevel = localStorage.getItem("shoal.level") ?? (levels.levels.includes(FIRST_LEVEL) ? FIRST_LEVEL : levels.default);
  const levelSelect = h("select", { id: "level", name: "level" }, levels.levels.map((l) => h("option", { value: l, selected: l === firstLevel, text: LEVEL_WORDS[l] ?? l })));
  const clockSelect = h("select", { id: "clock", name: "clock" }, CLOCKS.map(([v, words]) => h("option", { value: v, text: words })));
  const seedInput = h("input", { id: "seed", type: "number", min: "0", placeholder: t("random"), name: "seed" });
  const startInput = h("input", { id: "start-position", type: "text", name: "start", placeholder: t("the game's usual start"), autocomplete: "off", spellcheck: "false" });
  const nameInput = h("input", { id: "name", type: "text", maxlength: "40", placeholder: t("You"), name: "name", value: localStorage.getItem("shoal.name") || "" });

  function showGame() {
    preview.replaceChildren(
      h("img", { src: `/api/catalog/${game.id}/start.svg`, alt: "" }),
      h("div", {}, h("p", { class: "summary", text: game.summary }), h("a", { href: `/rules/${game.id}`, text: t("The rules of {game}", { game: game.title }) })),
    );
    // the rule options (most are readings of the rules) wait folded under the start button
    optionsBox.replaceChildren(...game.options.map(optionField));
    optionsBox.hidden = !game.options.length;
    optionsBox.prepend(h("summary", { text: t("Rule options ({n})", { n: game.options.length }) }), h("p", { class: "help", text: t("The usual rules are chosen already; change these only to play a variant or another reading.") }));
    /** @param {number} seat @returns {[string, string]} */
    const seatWords = (seat) => SEAT_WORDS[game.sides[seat]] ?? [seat === 0 ? t("Move first") : t("Move second"), game.sides[seat]];
    seatBox.replaceChildren(
      radio("seat", "0", seatWords(0)[0], seatWords(0)[1], true),
      radio("seat", "1", seatWords(1)[0], seatWords(1)[1], false),
      radio("seat", "random", t("Random"), t("toss a coin"), false),
    );
  }
  gameSelect.addEventListener("change", () => {
    game = catalog.find((g) => g.id === gameSelect.value) ?? game;
    history.replaceState(null, "", `/new?game=${game.id}`);
    showGame();
  });

  const opponentBox = h(
    "div",
    { class: "segmented", id: "opponent" },
    radio("opponent", "computer", t("Computer"), t("play against the AI"), true),
    radio("opponent", "friend", t("Friend online"), t("send an invite link"), false),
    radio("opponent", "local", t("Same screen"), t("two players, one device"), false),
  );
  const levelField = h("div", { class: "field", id: "level-field" }, h("label", { for: "level" }, t("Computer level")), levelSelect);
  // what the clock means for the game chosen: the event form's advice, from the same
  // server function (issue 59); every clock offered here leaves 5 s a turn or more
  const clockAdvice = h("p", { class: "help", id: "clock-advice" });
  const adviseClock = async () => {
    const [base, increment] = clockSelect.value.split("+").map(Number);
    const asked = `${game.id} ${clockSelect.value}`;
    let text = "";
    if (clockSelect.value) {
      try {
        /** @type {import("./types/api.js").ClockAdvice} */
        const said = await api(`/api/tournaments/clock-advice?game=${encodeURIComponent(game.id)}&clock=${base / 60}%2B${increment}`);
        text = said.advice;
      } catch {
        text = "";
      }
    }
    if (asked === `${game.id} ${clockSelect.value}`) clockAdvice.textContent = text; // not an older answer
  };
  clockSelect.addEventListener("change", adviseClock);
  gameSelect.addEventListener("change", adviseClock);
  const clockField = h("div", { class: "field", id: "clock-field", hidden: true }, h("label", { for: "clock" }, t("Clock")), clockSelect, clockAdvice);
  const seatField = h("div", { class: "field", id: "seat-field" }, h("label", {}, t("Your seat")), seatBox);
  opponentBox.addEventListener("change", () => {
    const mode = new FormData(form).get("opponent");
    levelField.hidden = mode !== "computer";
    clockField.hidden = mode !== "friend";
    seatField.hidden = mode === "local";
  });

  const submit = h("button", { class: "btn primary", type: "submit", id: "start", text: t("Start the game") });
  const form = h(
    "form",
    { class: "card form-card", id: "new-game" },
    h("div", { class: "field" }, h("label", { for: "game" }, t("Game")), gameSelect),
    preview,
    h("div", { class: "field" }, h("label", {}, t("Opponent")), opponentBox),
    levelField,
    clockField,
    seatField,
    h("div", { class: "start-row" }, submit),
    optionsBox,
    h("details", {}, h("summary", { text: t("More") }), h("div", { class: "row", style: "margin-top:.8rem" }, h("div", { class: "field" }, h("label", { for: "seed" }, t("Seed") + " ", h("span", { class: "help", text: t("for random set-ups") })), seedInput), h("div", { class: "field" }, h("label", { for: "name" }, t("Your name")), nameInput)), h("div", { class: "field" }, h("label", { for: "start-position" }, t("Start position") + " ", h("span", { class: "help", text: t("a position string (see the rules page) to start from instead") })), startInput)),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const options = chosenOptions(form);
    const opponent = /** @type {CreateGameIn["opponent"]} */ (data.get("opponent"));
    /** @type {CreateGameIn} */
    const body = { game: /** @type {CreateGameIn["game"]} */ (game.id), options, opponent, name: nameInput.value.trim() };
    if (seedInput.value !== "") body.seed = Number(seedInput.value);
    if (startInput.value.trim() !== "") body.start = startInput.value.trim();
    const seat = data.get("seat");
    body.seat = seat === "random" ? null : Number(seat);
    if (body.opponent === "computer") {
      body.level = levelSelect.value;
      localStorage.setItem("shoal.level", body.level);
    }
    if (body.opponent === "friend" && clockSelect.value) {
      const [base, inc] = clockSelect.value.split("+").map(Number);
      body.clock = { base, increment: inc };
    }
    localStorage.setItem("shoal.name", body.name ?? "");
    submit.disabled = true;
    try {
      /** @type {import("./types/api.js").Answer<"POST /api/games">} */
      const made = await api("/api/games", { method: "POST", body });
      tokens.set(made.id, made.token);
      if (made.invite_token) tokens.setInvite(made.id, made.invite_token);
      focusBoardNext(made.id);
      location.href = `/game/${made.id}`;
    } catch (error) {
      toast(errorText(error), "error");
      submit.disabled = false;
    }
  });

  app.append(h("div", { class: "narrow" }, ...pageHead(t("New game")), form));
  showGame();
  footer();
}

main();
