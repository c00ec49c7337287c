// @ts-check
// Puzzles: /puzzles lists the games with puzzles and my rating in each, /puzzles/GAME plays
// them one after another. The server judges each action (no rules here): it plays the
// defender's replies, refutes a wrong action at once, and rates a finished puzzle. A guest's
// rating and streak live in this browser (localStorage); an account's on the server.
// A chosen theme (lichess's puzzle themes) is in the address (?theme=...) and remembered
// per game in this browser; the server picks the next puzzle among that theme only.
import { $, $$, $button, $select, footer, h, pageHead, problemPage, toast, topbar, whoami } from "./common.js";
import { api } from "./net.js";
import { boardPage, feedbackBox, setFeedback } from "./board.js";
import { announce } from "./board-keys.js";

const parts = location.pathname.split("/").filter(Boolean);
const gameId = parts[1] ? decodeURIComponent(parts[1]) : null;
const NEWCOMER = { r: 1500, rd: 350, sigma: 0.06 };

// A guest's standing in one game: {rating, streak, best_streak, solved, failed, seen: [ids]}.
const guestKey = (id) => `shoal.puzzles.${id}`;
function guest(id) {
  let data = {};
  try {
    data = JSON.parse(localStorage.getItem(guestKey(id)) || "{}") || {};
  } catch {
    data = {};
  }
  return { rating: NEWCOMER, streak: 0, best_streak: 0, solved: 0, failed: 0, seen: [], ...data };
}
function saveGuest(id, data) {
  localStorage.setItem(guestKey(id), JSON.stringify(data));
}
const shown = (rating) => `${Math.round(rating.r)}${rating.rd > 110 ? "?" : ""}`;
const capital = (text) => `${text[0].toUpperCase()}${text.slice(1)}`;
const themeKey = (id) => `shoal.puzzles.${id}.theme`;
const themeLink = (id, theme) => `/puzzles/${encodeURIComponent(id)}?theme=${encodeURIComponent(theme)}`;

async function indexPage(me) {
  const list = await api("/api/puzzles");
  const cards = list.map((g) => {
    const mine = g.me || guest(g.game);
    return h(
      "article",
      { class: "card course-card puzzle-card", dataset: { game: g.game } },
      h("h2", { text: g.title }),
      h("p", { class: "help", text: `${g.count} puzzle${g.count === 1 ? "" : "s"}` }),
      g.themes.length
        ? h(
            "ul",
            { class: "puzzle-themes", "aria-label": `${g.title} puzzle themes` },
            g.themes.map((t) => h("li", {}, h("a", { href: themeLink(g.game, t.theme), dataset: { theme: t.theme } }, capital(t.theme), h("span", { class: "count", text: String(t.count) })))),
          )
        : null,
      h(
        "dl",
        { class: "puzzle-stats" },
        h("dt", { text: "Your rating" }),
        h("dd", { class: "rating", text: shown(mine.rating) }),
        h("dt", { text: "Streak" }),
        h("dd", { class: "streak", text: `${mine.streak} (best ${mine.best_streak})` }),
        h("dt", { text: "Solved" }),
        h("dd", { text: `${mine.solved} of ${mine.solved + mine.failed}` }),
      ),
      h("a", { class: "btn primary", href: `/puzzles/${g.game}`, text: "Solve puzzles" }),
    );
  });
  const words = me ? "Your puzzle ratings are kept with your account." : "As a guest your puzzle ratings stay in this browser; sign in to keep them with an account.";
  $("#app").append(
    h(
      "div",
      { class: "narrow" },
      ...pageHead("Puzzles", `Positions from real games where the side to move wins by force. Find the winning move; the other side answers at once. ${words}`),
      cards.length ? h("div", { class: "course-list" }, cards) : h("p", { text: "No puzzles yet." }),
    ),
  );
  footer();
}

class Trainer {
  constructor(me) {
    this.me = me;
    this.view = null;
    this.actions = [];
    this.rated = false;
    this.timer = null;
    this.theme = "";
    /** @type {number | undefined} the puzzles of the game (for "All themes (n)") */
    this.count = undefined;
  }

  // The theme choice: "All themes" and each of the game's themes with its count.
  themes(list) {
    // the address first (a link, a reload), else the one this browser remembers
    const given = new URLSearchParams(location.search).get("theme");
    const wanted = given ?? localStorage.getItem(themeKey(gameId)) ?? "";
    const known = list.map((t) => t.theme);
    if (wanted && !known.includes(wanted)) {
      toast(`No puzzles of the theme “${wanted}” here: showing all themes.`, "error");
      localStorage.removeItem(themeKey(gameId));
    } else {
      this.theme = wanted;
      if (given !== null) this.remember();
    }
    const select = $select("#puzzle-theme");
    select.replaceChildren(
      h("option", { value: "", text: this.count ? `All themes (${this.count})` : "All themes", selected: !this.theme }),
      ...list.map((t) => h("option", { value: t.theme, text: `${capital(t.theme)} (${t.count})`, selected: t.theme === this.theme })),
    );
    select.value = this.theme;
    select.disabled = list.length === 0;
  }

  remember() {
    if (this.theme) localStorage.setItem(themeKey(gameId), this.theme);
    else localStorage.removeItem(themeKey(gameId));
  }

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
        h("label", { for: "puzzle-theme", text: "Theme" }),
        h("select", { id: "puzzle-theme", onchange: (e) => this.chooseTheme(e.target.value) }, h("option", { value: "", text: "All themes" })),
      ),
      h(
        "div",
        { class: "card lesson puzzle", id: "puzzle" },
        h("p", { class: "help", id: "puzzle-meta" }),
        h("h2", { id: "puzzle-task" }),
        feedbackBox(),
        h(
          "div",
          { class: "refutation", id: "refutation-box", hidden: true, role: "group", "aria-label": "The refutation, step by step" },
          h("ol", { class: "puzzle-line", id: "refutation" }),
          h(
            "div",
            { class: "tools" },
            h("button", { class: "btn small", id: "ref-prev", text: "← Step back", onclick: () => this.refStep(-1) }),
            h("button", { class: "btn small", id: "ref-next", text: "Step on →", onclick: () => this.refStep(1) }),
          ),
        ),
        h("ol", { class: "puzzle-line", id: "solution" }),
        h(
          "div",
          { class: "tools" },
          h("button", { class: "btn small", id: "retry", text: "Try again", onclick: () => this.retry() }),
          h("button", { class: "btn small", id: "show-solution", text: "Show solution", onclick: () => this.showSolution() }),
          h("button", { class: "btn primary small", id: "next-puzzle", text: "Next puzzle", onclick: () => this.next() }),
        ),
      ),
      h("div", { class: "card", id: "standing" }, h("h3", { text: "You" }), h("dl", { class: "puzzle-stats", id: "stats" })),
    ];
    this.board = boardPage(cards, (entry) => this.play(entry.text), (text) => this.play(text));
  }

  standing() {
    return this.serverStanding || guest(gameId);
  }

  showStanding() {
    const s = this.standing();
    $("#stats").replaceChildren(
      h("dt", { text: "Rating" }),
      h("dd", { id: "my-rating", text: shown(s.rating) }),
      h("dt", { text: "Streak" }),
      h("dd", { id: "my-streak", text: String(s.streak) }),
      h("dt", { text: "Best streak" }),
      h("dd", { text: String(s.best_streak) }),
      h("dt", { text: "Solved" }),
      h("dd", { text: `${s.solved} of ${s.solved + s.failed}` }),
    );
  }

  async next() {
    const g = guest(gameId);
    const rating = this.standing().rating.r;
    // the one on the board too: "Next puzzle" before finishing it moves on
    const exclude = [...g.seen.slice(-300), this.puzzle?.id].filter(Boolean).join(",");
    const theme = this.theme ? `&theme=${encodeURIComponent(this.theme)}` : "";
    const before = this.puzzle?.id;
    const loaded = await this.load(`/api/puzzles/${encodeURIComponent(gameId)}/next?rating=${Math.round(rating)}&exclude=${encodeURIComponent(exclude)}${theme}`);
    if (loaded && this.theme && this.puzzle.id === before) toast(`No other puzzle of the theme “${this.theme}”: this one again.`);
  }

  async load(url) {
    clearInterval(this.timer);
    let view;
    try {
      view = await api(url);
    } catch (error) {
      problemPage("No puzzle here", error.message, { href: "/puzzles", text: "All puzzles" });
      return false;
    }
    this.actions = [];
    this.rated = false;
    this.puzzle = view;
    history.replaceState(null, "", `${location.pathname}${this.search()}#${view.id}`);
    document.title = `Puzzle ${view.id} — shoal`;
    $("#puzzle").dataset.puzzle = view.id;
    $("#puzzle-meta").textContent = [`Puzzle ${view.id}`, view.theme, `rated ${Math.round(view.puzzle_rating.r)}`].filter(Boolean).join(" · ");
    $("#puzzle-task").textContent = `Find the win for ${capital(view.side)}`;
    $("#solution").replaceChildren();
    this.show(view, "");
    return true;
  }

  show(view, kind) {
    this.view = view;
    const enabled = !view.finished && view.legal.length > 0;
    this.board.show(view.svg, view.legal, enabled, view.words, view.cells);
    $("#board").dataset.ready = enabled ? "yes" : "no";
    $("#board").dataset.actions = String(this.actions.length);
    $("#board").dataset.state = view.solved ? "solved" : view.wrong ? "wrong" : "playing";
    $("#status-main").textContent = view.solved ? "Solved!" : view.wrong ? "Wrong move" : `${capital(view.side)} to play and win`;
    $("#status-sub").textContent = view.status;
    $("#status").className = view.solved ? "status over" : "status";
    $("#action-buttons").replaceChildren(
      ...this.board.buttons().filter(() => enabled).map((a) => h("button", { class: "btn", dataset: { action: String(a.action) }, text: a.label || a.text, title: a.text, onclick: () => this.play(a.text) })),
    );
    setFeedback(view.message, kind);
    this.showRefutation(view.wrong ? view.refutation_frames || [] : []);
    $("#retry").hidden = !view.wrong;
    $("#show-solution").hidden = view.solved;
    if (view.finished) this.finish(view);
    this.showStanding();
  }

  finish(view) {
    if (!this.rated && view.rated && view.me) {
      this.rated = true;
      if (view.me.streak !== undefined) {
        this.serverStanding = view.me;
      } else {
        const g = guest(gameId);
        g.rating = { r: view.me.rating.r, rd: view.me.rating.rd, sigma: view.me.rating.sigma };
        if (view.solved) {
          g.solved += 1;
          g.streak += 1;
          g.best_streak = Math.max(g.best_streak, g.streak);
        } else {
          g.failed += 1;
          g.streak = 0;
        }
        saveGuest(gameId, g);
      }
    }
    const g = guest(gameId);
    if (!g.seen.includes(view.id)) {
      g.seen.push(view.id);
      saveGuest(gameId, g);
    }
    if (view.solved) $("#next-puzzle").focus();
  }

  async post(body) {
    const withRating = this.me || this.rated ? body : { ...body, rating: guest(gameId).rating };
    return api(`/api/puzzles/${this.puzzle.id}/attempt`, { method: "POST", body: withRating });
  }

  async play(text) {
    this.actions.push(text);
    let view;
    try {
      view = await this.post({ actions: this.actions });
    } catch (error) {
      this.actions.pop();
      setFeedback(error.message, "bad");
      return;
    }
    this.show(view, view.solved ? "good" : view.wrong ? "bad" : ""); // the feedback line says it
  }

  async retry() {
    this.actions = [];
    const view = await api(`/api/puzzles/${this.puzzle.id}`);
    this.show(view, "");
    $("#solution").replaceChildren();
  }

  async showSolution() {
    $("#refutation-box").hidden = true;
    let view = this.view;
    if (!view.finished) {
      try {
        view = await this.post({ actions: [], give_up: true });
      } catch (error) {
        toast(error.message, "error");
        return;
      }
      this.show(view, "hint");
    }
    setFeedback(`The solution: ${view.solution.join(", ")}`, "hint");
    const frames = view.frames;
    const items = frames.slice(1).map((f, i) => h("li", { class: "clickable", dataset: { ply: String(i + 1), action: f.text }, title: "Show the board after this action", text: `${i + 1}. ${f.text}`, onclick: () => this.frame(frames, i + 1) }));
    $("#solution").replaceChildren(...items);
    $("#status-main").textContent = "Solution";
    $("#status-sub").textContent = `${capital(this.puzzle.side)} to play and win`;
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
  showRefutation(frames) {
    this.refFrames = frames;
    $("#refutation-box").hidden = frames.length < 2;
    $("#refutation").replaceChildren(
      ...frames.slice(1).map((f, i) =>
        h("li", { dataset: { ply: String(i + 1) } }, h("button", { class: "linkish", type: "button", text: `${capital(f.side || "?")}: ${f.label}`, title: f.text, onclick: () => this.refAt(i + 1) })),
      ),
    );
    this.refIndex = frames.length - 1;
    this.refMark();
  }

  refStep(delta) {
    this.refAt(Math.max(0, Math.min(this.refFrames.length - 1, this.refIndex + delta)));
  }

  refAt(index) {
    const frame = this.refFrames[index];
    this.refIndex = index;
    const end = index === this.refFrames.length - 1; // the view's own board, all of the line marked
    this.board.show(end ? this.view.svg : frame.svg, [], false, end ? this.view.words : null);
    announce(index === 0 ? "The board before your move." : `${capital(frame.side || "?")}: ${frame.label}.`);
    this.refMark();
  }

  refMark() {
    $("#board").dataset.refutation = String(this.refIndex);
    for (const li of $$("#refutation > li")) li.classList.toggle("current", Number(li.dataset.ply) === this.refIndex);
    $button("#ref-prev").disabled = this.refIndex <= 0;
    $button("#ref-next").disabled = this.refIndex >= this.refFrames.length - 1;
  }

  frame(frames, index) {
    this.board.show(frames[index].svg, [], false);
    $("#board").dataset.frame = String(index);
    for (const li of $$("#solution > li")) li.classList.toggle("current", Number(li.dataset.ply) === index);
  }
}

async function trainerPage(me) {
  const trainer = new Trainer(me);
  trainer.layout();
  const list = await api("/api/puzzles").catch(() => []);
  const mine = list.find((g) => g.game === gameId);
  if (me && mine && mine.me) trainer.serverStanding = mine.me;
  trainer.count = mine ? mine.count : undefined;
  trainer.themes(mine ? mine.themes : []);
  const wanted = location.hash.slice(1);
  if (wanted && (await trainer.load(`/api/puzzles/${encodeURIComponent(wanted)}`))) return;
  await trainer.next();
}

async function main() {
  topbar();
  const me = await whoami();
  if (gameId) await trainerPage(me);
  else await indexPage(me);
}

main();
