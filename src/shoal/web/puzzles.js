// @ts-check
// Puzzles: /puzzles lists the games with puzzles and my rating in each, /puzzles/GAME plays
// them one after another. The server judges each action (no rules here): it plays the
// defender's replies, refutes a wrong action at once, and rates a finished puzzle. A guest's
// rating and streak live in this browser (localStorage); an account's on the server.
// A chosen theme (lichess's puzzle themes) is in the address (?theme=...) and remembered
// per game in this browser; the server picks the next puzzle among that theme only.
import { $, $$, $button, $select, errorText, footer, h, pageHead, problemPage, toast, topbar, whoami } from "./common.js";
import { api } from "./net.js";
import { boardPage, feedbackBox, setFeedback } from "./board.js";
import { announce } from "./board-keys.js";
import { t, tn } from "./i18n.js";

/** @typedef {import("./types/api.js").PuzzleOut} Puzzle */
/** @typedef {import("./types/api.js").PuzzleMe} PuzzleMe */
/** @typedef {{ r: number, rd: number, sigma: number }} Rating */
/** @typedef {{ rating: Rating, streak: number, best_streak: number, solved: number, failed: number }} Standing */
/** @typedef {Standing & { seen: string[] }} GuestStanding a guest's, with the puzzles seen */

const parts = location.pathname.split("/").filter(Boolean);
const gameId = parts[1] ? decodeURIComponent(parts[1]) : null;
const NEWCOMER = { r: 1500, rd: 350, sigma: 0.06 };

/** @param {string} id */
const guestKey = (id) => `shoal.puzzles.${id}`;
/** A guest's standing in one game (this browser's). @param {string} id @returns {GuestStanding} */
function guest(id) {
  let data = {};
  try {
    data = JSON.parse(localStorage.getItem(guestKey(id)) || "{}") || {};
  } catch {
    data = {};
  }
  return { rating: NEWCOMER, streak: 0, best_streak: 0, solved: 0, failed: 0, seen: [], ...data };
}
/** @param {string} id @param {GuestStanding} data */
function saveGuest(id, data) {
  localStorage.setItem(guestKey(id), JSON.stringify(data));
}
/** @param {Rating} rating */
const shown = (rating) => `${Math.round(rating.r)}${rating.rd > 110 ? "?" : ""}`;
/** @param {string} text */
const capital = (text) => `${text[0].toUpperCase()}${text.slice(1)}`;
/** The side to move in the page's language (the game page's words; a name the catalogue lacks read as it is). @param {string} side */
const sideName = (side) => ({ white: t("White"), black: t("Black"), light: capital(t("light")), dark: capital(t("dark")) })[side] ?? capital(side || "?");
/** @param {string} id */
const themeKey = (id) => `shoal.puzzles.${id}.theme`;
/** @param {string} id @param {string} theme */
const themeLink = (id, theme) => `/puzzles/${encodeURIComponent(id)}?theme=${encodeURIComponent(theme)}`;

/**
 * An account's standing as the page shows it (its counts are always there).
 * @param {PuzzleMe} me
 * @returns {Standing}
 */
const standingOf = (me) => ({ rating: me.rating, streak: me.streak ?? 0, best_streak: me.best_streak ?? 0, solved: me.solved ?? 0, failed: me.failed ?? 0 });

/** @param {import("./common.js").Me | null} me */
async function indexPage(me) {
  /** @type {import("./types/api.js").PuzzleGame[]} */
  const list = await api("/api/puzzles");
  const cards = list.map((g) => {
    const mine = g.me ? standingOf(g.me) : guest(g.game);
    return h(
      "article",
      { class: "card course-card puzzle-card", dataset: { game: g.game } },
      h("h2", { text: g.title }),
      h("p", { class: "help", text: tn("{n} puzzle", "{n} puzzles", g.count, { n: String(g.count) }) }),
      g.themes.length
        ? h(
            "ul",
            { class: "puzzle-themes", "aria-label": t("{game} puzzle themes", { game: g.title }) },
            g.themes.flatMap(({ theme, name, count }) => (theme ? [h("li", {}, h("a", { href: themeLink(g.game, theme), dataset: { theme } }, capital(name || theme), h("span", { class: "count", text: String(count) })))] : [])),
          )
        : null,
      h(
        "dl",
        { class: "puzzle-stats" },
        h("dt", { text: t("Your rating") }),
        h("dd", { class: "rating", text: shown(mine.rating) }),
        h("dt", { text: t("Streak") }),
        h("dd", { class: "streak", text: t("{streak} (best {best})", { streak: String(mine.streak), best: String(mine.best_streak) }) }),
        h("dt", { text: t("Solved") }),
        h("dd", { text: t("{solved} of {tried}", { solved: String(mine.solved), tried: String(mine.solved + mine.failed) }) }),
      ),
      h("a", { class: "btn primary", href: `/puzzles/${g.game}`, text: t("Solve puzzles") }),
    );
  });
  const words = me ? t("Your puzzle ratings are kept with your account.") : t("As a guest your puzzle ratings stay in this browser; sign in to keep them with an account.");
  $("#app").append(
    h(
      "div",
      { class: "narrow" },
      ...pageHead(t("Puzzles"), t("Positions from real games where the side to move wins by force. Find the winning move; the other side answers at once.") + " " + words),
      cards.length ? h("div", { class: "course-list" }, cards) : h("p", { text: t("No puzzles yet.") }),
    ),
  );
  footer();
}

class Trainer {
  /** @param {import("./common.js").Me | null} me */
  constructor(me, game = "") {
    this.me = me;
    /** the game of the puzzles */
    this.game = game;
    /** @type {Puzzle | null} the view shown */
    this.view = null;
    /** @type {Puzzle | null} the puzzle on the board (its first view) */
    this.puzzle = null;
    /** @type {Standing | null} an account's, from the server (a guest's is this browser's) */
    this.serverStanding = null;
    /** @type {string[]} */
    this.actions = [];
    this.rated = false;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    /** @type {import("./types/api.js").LineFrame[]} */
    this.refFrames = [];
    this.refIndex = 0;
    /** @type {import("./board.js").ClickBoard | null} made by layout() */
    this.board = null;
    this.theme = "";
    /** @type {Map<string | null, string>} each theme's name in the page's language, by its key */
    this.themeNames = new Map();
    /** @type {number | undefined} the puzzles of the game (for "All themes (n)") */
    this.count = undefined;
  }

  /** The theme choice: "All themes" and each of the game's themes with its count. @param {import("./types/api.js").ThemeCount[]} list */
  themes(list) {
    // the address first (a link, a reload), else the one this browser remembers
    const given = new URLSearchParams(location.search).get("theme");
    const wanted = given ?? localStorage.getItem(themeKey(this.game)) ?? "";
    const known = list.map((entry) => entry.theme);
    this.themeNames = new Map(list.map((entry) => [entry.theme, entry.name || entry.theme || ""]));
    if (wanted && !known.includes(wanted)) {
      toast(t("No puzzles of the theme “{theme}” here: showing all themes.", { theme: wanted }), "error");
      localStorage.removeItem(themeKey(this.game));
    } else {
      this.theme = wanted;
      if (given !== null) this.remember();
    }
    const select = $select("#puzzle-theme");
    select.replaceChildren(
      h("option", { value: "", text: this.count ? t("All themes ({count})", { count: String(this.count) }) : t("All themes"), selected: !this.theme }),
      ...list.flatMap(({ theme, name, count }) => (theme ? [h("option", { value: theme, text: `${capital(name || theme)} (${count})`, selected: theme === this.theme })] : [])),
    );
    select.value = this.theme;
    select.disabled = list.length === 0;
  }

  remember() {
    if (this.theme) localStorage.setItem(themeKey(this.game), this.theme);
    else localStorage.removeItem(themeKey(this.game));
  }

  /** @param {string} theme */
  async chooseTheme(theme) {
    this.theme = theme;
    this.remember();
    history.replaceState(null, "", `${location.pathname}${this.search()}`);
    await this.next();
  }

  search() {
    return this.theme ? `?theme=${encodeURIComponent(this.theme)}` : "";
  }

  layout() {
    const cards = [
      h(
        "div",
        { class: "card puzzle-theme-card" },
        h("label", { for: "puzzle-theme", text: t("Theme") }),
        h("select", { id: "puzzle-theme", onchange: (/** @type {Event} */ e) => this.chooseTheme(/** @type {HTMLSelectElement} */ (e.currentTarget).value) }, h("option", { value: "", text: t("All themes") })),
      ),
      h(
        "div",
        { class: "card lesson puzzle", id: "puzzle" },
        h("p", { class: "help", id: "puzzle-meta" }),
        h("h2", { id: "puzzle-task" }),
        feedbackBox(),
        h(
          "div",
          { class: "refutation", id: "refutation-box", hidden: true, role: "group", "aria-label": t("The refutation, step by step") },
          h("ol", { class: "puzzle-line", id: "refutation" }),
          h(
            "div",
            { class: "tools" },
            h("button", { class: "btn small", id: "ref-prev", text: t("← Step back"), onclick: () => this.refStep(-1) }),
            h("button", { class: "btn small", id: "ref-next", text: t("Step on →"), onclick: () => this.refStep(1) }),
          ),
        ),
        h("ol", { class: "puzzle-line", id: "solution" }),
        h(
          "div",
          { class: "tools" },
          h("button", { class: "btn small", id: "retry", text: t("Try again"), onclick: () => this.retry() }),
          h("button", { class: "btn small", id: "show-solution", text: t("Show solution"), onclick: () => this.showSolution() }),
          h("button", { class: "btn primary small", id: "next-puzzle", text: t("Next puzzle"), onclick: () => this.next() }),
        ),
      ),
      h("div", { class: "card", id: "standing" }, h("h3", { text: t("You") }), h("dl", { class: "puzzle-stats", id: "stats" })),
    ];
    this.board = boardPage(cards, (entry) => this.play(entry.text), (text) => this.play(text));
  }

  standing() {
    return this.serverStanding || guest(this.game);
  }

  showStanding() {
    const s = this.standing();
    $("#stats").replaceChildren(
      h("dt", { text: t("Rating") }),
      h("dd", { id: "my-rating", text: shown(s.rating) }),
      h("dt", { text: t("Streak") }),
      h("dd", { id: "my-streak", text: String(s.streak) }),
      h("dt", { text: t("Best streak") }),
      h("dd", { text: String(s.best_streak) }),
      h("dt", { text: t("Solved") }),
      h("dd", { text: t("{solved} of {tried}", { solved: String(s.solved), tried: String(s.solved + s.failed) }) }),
    );
  }

  async next() {
    const g = guest(this.game);
    const rating = this.standing().rating.r;
    // the one on the board too: "Next puzzle" before finishing it moves on
    const exclude = [...g.seen.slice(-300), this.puzzle?.id].filter(Boolean).join(",");
    const theme = this.theme ? `&theme=${encodeURIComponent(this.theme)}` : "";
    const before = this.puzzle?.id;
    const loaded = await this.load(`/api/puzzles/${encodeURIComponent(this.game)}/next?rating=${Math.round(rating)}&exclude=${encodeURIComponent(exclude)}${theme}`);
    if (loaded && this.theme && this.puzzle?.id === before) toast(t("No other puzzle of the theme “{theme}”: this one again.", { theme: this.themeNames.get(this.theme) || this.theme }));
  }

  /** @param {string} url */
  async load(url) {
    clearInterval(this.timer);
    /** @type {Puzzle} */
    let view;
    try {
      view = await api(url);
    } catch (error) {
      problemPage(t("No puzzle here"), errorText(error), { href: "/puzzles", text: t("All puzzles") });
      return false;
    }
    this.actions = [];
    this.rated = false;
    this.puzzle = view;
    history.replaceState(null, "", `${location.pathname}${this.search()}#${view.id}`);
    document.title = t("Puzzle {id} — shoal", { id: view.id });
    $("#puzzle").dataset.puzzle = view.id;
    $("#puzzle-meta").textContent = [t("Puzzle {id}", { id: view.id }), view.theme_name || view.theme, t("rated {rating}", { rating: String(Math.round(view.puzzle_rating.r)) })].filter(Boolean).join(" · ");
    $("#puzzle-task").textContent = t("Find the win for {side}", { side: sideName(view.side) });
    $("#solution").replaceChildren();
    this.show(view, "");
    return true;
  }

  /** @param {Puzzle} view @param {"good" | "bad" | "hint" | ""} kind */
  show(view, kind) {
    this.view = view;
    const board = this.board;
    if (!board) return;
    const enabled = !view.finished && view.legal.length > 0;
    board.show(view.svg, view.legal, enabled, view.words, view.cells);
    $("#board").dataset.ready = enabled ? "yes" : "no";
    $("#board").dataset.actions = String(this.actions.length);
    $("#board").dataset.state = view.solved ? "solved" : view.wrong ? "wrong" : "playing";
    $("#status-main").textContent = view.solved ? t("Solved!") : view.wrong ? t("Wrong move") : t("{side} to play and win", { side: sideName(view.side) });
    $("#status-sub").textContent = view.status;
    $("#status").className = view.solved ? "status over" : "status";
    $("#action-buttons").replaceChildren(
      ...board.buttons().filter(() => enabled).map((a) => h("button", { class: "btn", dataset: { action: String(a.action) }, text: a.label || a.text, title: a.text, onclick: () => this.play(a.text) })),
    );
    setFeedback(view.message, kind);
    this.showRefutation(view.wrong ? view.refutation_frames || [] : []);
    $("#retry").hidden = !view.wrong;
    $("#show-solution").hidden = view.solved;
    if (view.finished) this.finish(view);
    this.showStanding();
  }

  /** @param {Puzzle} view */
  finish(view) {
    if (!this.rated && view.rated && view.me) {
      this.rated = true;
      if (view.me.streak !== undefined) {
        this.serverStanding = standingOf(view.me);
      } else {
        const g = guest(this.game);
        g.rating = { r: view.me.rating.r, rd: view.me.rating.rd, sigma: view.me.rating.sigma };
        if (view.solved) {
          g.solved += 1;
          g.streak += 1;
          g.best_streak = Math.max(g.best_streak, g.streak);
        } else {
          g.failed += 1;
          g.streak = 0;
        }
        saveGuest(this.game, g);
      }
    }
    const g = guest(this.game);
    if (!g.seen.includes(view.id)) {
      g.seen.push(view.id);
      saveGuest(this.game, g);
    }
    if (view.solved) $("#next-puzzle").focus();
  }

  /**
   * @param {import("./types/api.js").PuzzlesAttemptIn} body
   * @returns {Promise<Puzzle>}
   */
  async post(body) {
    const withRating = this.me || this.rated ? body : { ...body, rating: guest(this.game).rating };
    return api(`/api/puzzles/${this.puzzle?.id}/attempt`, { method: "POST", body: withRating });
  }

  /** @param {string} text */
  async play(text) {
    this.actions.push(text);
    /** @type {Puzzle} */
    let view;
    try {
      view = await this.post({ actions: this.actions });
    } catch (error) {
      this.actions.pop();
      setFeedback(errorText(error), "bad");
      return;
    }
    this.show(view, view.solved ? "good" : view.wrong ? "bad" : ""); // the feedback line says it
  }

  async retry() {
    this.actions = [];
    /** @type {Puzzle} */
    const view = await api(`/api/puzzles/${this.puzzle?.id}`);
    this.show(view, "");
    $("#solution").replaceChildren();
  }

  async showSolution() {
    $("#refutation-box").hidden = true;
    let view = this.view;
    if (!view) return;
    if (!view.finished) {
      try {
        view = await this.post({ actions: [], give_up: true });
      } catch (error) {
        toast(errorText(error), "error");
        return;
      }
      this.show(view, "hint");
    }
    setFeedback(t("The solution: {moves}", { moves: (view.solution ?? []).join(", ") }), "hint");
    const frames = view.frames ?? [];
    const items = frames.slice(1).map((f, i) => h("li", { class: "clickable", dataset: { ply: String(i + 1), action: f.text ?? "" }, title: t("Show the board after this action"), text: `${i + 1}. ${f.text}`, onclick: () => this.frame(frames, i + 1) }));
    $("#solution").replaceChildren(...items);
    $("#status-main").textContent = t("Solution");
    $("#status-sub").textContent = t("{side} to play and win", { side: sideName(view.side) });
    $("#show-solution").hidden = true;
    let index = 0;
    clearInterval(this.timer);
    this.frame(frames, 0);
    this.timer = setInterval(() => {
      index += 1;
      if (index >= frames.length) {
        clearInterval(this.timer);
        return;
      }
      this.frame(frames, index);
    }, 900);
  }

  // The wrong action and its refutation, one action at a time in the game's words; the
  // board steps with them (issue 40, defect 9). Starts at the end, where the board is.
  /** @param {import("./types/api.js").LineFrame[]} frames */
  showRefutation(frames) {
    this.refFrames = frames;
    $("#refutation-box").hidden = frames.length < 2;
    $("#refutation").replaceChildren(
      ...frames.slice(1).map((f, i) =>
        h("li", { dataset: { ply: String(i + 1) } }, h("button", { class: "linkish", type: "button", text: `${sideName(f.side ?? "")}: ${f.label}`, title: f.text, onclick: () => this.refAt(i + 1) })),
      ),
    );
    this.refIndex = frames.length - 1;
    this.refMark();
  }

  /** @param {number} delta */
  refStep(delta) {
    this.refAt(Math.max(0, Math.min(this.refFrames.length - 1, this.refIndex + delta)));
  }

  /** @param {number} index */
  refAt(index) {
    const frame = this.refFrames[index];
    this.refIndex = index;
    const end = index === this.refFrames.length - 1; // the view's own board, all of the line marked
    this.board?.show(end && this.view ? this.view.svg : frame.svg, [], false, end ? this.view?.words ?? null : null);
    announce(index === 0 ? t("The board before your move.") : `${sideName(frame.side ?? "")}: ${frame.label}.`);
    this.refMark();
  }

  refMark() {
    $("#board").dataset.refutation = String(this.refIndex);
    for (const li of $$("#refutation > li")) li.classList.toggle("current", Number(li.dataset.ply) === this.refIndex);
    $button("#ref-prev").disabled = this.refIndex <= 0;
    $button("#ref-next").disabled = this.refIndex >= this.refFrames.length - 1;
  }

  /** @param {import("./types/api.js").Frame[]} frames @param {number} index */
  frame(frames, index) {
    this.board?.show(frames[index].svg, [], false);
    $("#board").dataset.frame = String(index);
    for (const li of $$("#solution > li")) li.classList.toggle("current", Number(li.dataset.ply) === index);
  }
}

/** @param {import("./common.js").Me | null} me @param {string} game */
async function trainerPage(me, game) {
  const trainer = new Trainer(me, game);
  trainer.layout();
  /** @type {import("./types/api.js").PuzzleGame[]} */
  const list = await api("/api/puzzles").catch(() => []);
  const mine = list.find((g) => g.game === game);
  if (me && mine && mine.me) trainer.serverStanding = standingOf(mine.me);
  trainer.count = mine ? mine.count : undefined;
  trainer.themes(mine ? mine.themes : []);
  const wanted = location.hash.slice(1);
  if (wanted && (await trainer.load(`/api/puzzles/${encodeURIComponent(wanted)}`))) return;
  await trainer.next();
}

async function main() {
  topbar();
  const me = await whoami();
  if (gameId) await trainerPage(me, gameId);
  else await indexPage(me);
}

main();
