// @ts-check
// Learn: /learn lists the courses, /learn/GAME takes one step at a time on a real board.
// The server replays the learner's actions in the step and says what happened (going on,
// solved, or wrong with feedback); no rules here. Progress stays in this browser.
import { $, $button, errorText, footer, h, pageHead, readOrProblem, toast, tokens, topbar } from "./common.js";
import { api } from "./net.js";
import { boardPage, feedbackBox, setFeedback } from "./board.js";
import { announce, findEntry } from "./board-keys.js";
import { t, tn } from "./i18n.js";

const parts = location.pathname.split("/").filter(Boolean);
const gameId = parts[1] ? decodeURIComponent(parts[1]) : null;

/** @typedef {import("./types/api.js").CourseOut} Course */
/** @typedef {import("./types/api.js").AttemptOut} Attempt */

/** @param {string} id the course's game */
const progressKey = (id) => `shoal.learn.${id}`;
/** The steps solved in this browser (numbered from 1). @param {string} id @returns {Set<number>} */
function solvedSteps(id) {
  try {
    return new Set(JSON.parse(localStorage.getItem(progressKey(id)) || "[]"));
  } catch {
    return new Set();
  }
}
/** @param {string} id @param {number} step */
function markSolved(id, step) {
  const done = solvedSteps(id);
  done.add(step);
  localStorage.setItem(progressKey(id), JSON.stringify([...done].sort((a, b) => a - b)));
}

async function indexPage() {
  /** @type {import("./types/api.js").CourseSummary[]} */
  const courses = await api("/api/learn");
  const cards = courses.map((c) => {
    const done = solvedSteps(c.game).size;
    const label = done === 0 ? t("Start") : done >= c.steps ? t("Review") : t("Continue");
    const progress = tn("{done} of {n} step done", "{done} of {n} steps done", c.steps, { done });
    return h(
      "article",
      { class: "card course-card", dataset: { game: c.game } },
      h("h2", { text: c.title }),
      h("p", { text: c.intro }),
      h("div", { class: "progress", role: "progressbar", "aria-label": `${c.title}: ${progress}`, "aria-valuemin": "0", "aria-valuemax": String(c.steps), "aria-valuenow": String(done) }, h("span", { style: `width:${Math.round((100 * done) / c.steps)}%` })),
      h("p", { class: "help", text: progress }),
      h("a", { class: "btn primary", href: `/learn/${c.game}`, text: label }),
    );
  });
  $("#app").append(
    h("div", { class: "narrow" }, ...pageHead(t("Learn to play"), t("One idea at a time, on a real board, by doing it. The last step of each course is a game against the beginner computer.")), h("div", { class: "course-list" }, cards)),
  );
  footer();
}

class Lesson {
  /** @param {Course} course */
  constructor(course) {
    this.course = course;
    this.index = 0;
    /** @type {string[]} the learner's actions in this step, as text */
    this.actions = [];
    /** @type {import("./board.js").ClickBoard | null} made by layout() */
    this.board = null;
  }

  layout() {
    const cards = [
      h(
        "div",
        { class: "card lesson", id: "lesson" },
        h("p", { class: "help", id: "step-count" }),
        h("h2", { id: "step-title" }),
        h("p", { id: "step-text" }),
        h("p", { class: "task", id: "step-task" }),
        feedbackBox(),
        h(
          "div",
          { class: "tools" },
          h("button", { class: "btn small", id: "restart", text: t("Start again"), onclick: () => this.restart() }),
          h("button", { class: "btn small", id: "show-hint", text: t("Show me"), onclick: () => this.hint() }),
          h("button", { class: "btn small", id: "prev-step", text: t("Back"), onclick: () => this.go(this.index - 1, true) }),
          h("button", { class: "btn primary small", id: "next-step", text: t("Next step"), onclick: () => this.go(this.index + 1, true) }),
        ),
      ),
      h("div", { class: "card" }, h("h3", { text: this.course.title }), h("ol", { class: "steps", id: "steps" })),
    ];
    this.board = boardPage(cards, (entry) => this.play(entry.text), (text) => this.play(text));
  }

  get step() {
    return this.course.steps[this.index];
  }

  /**
   * Show step `index` (from 0); `follow`: the player moved there (Next step, Back, the list),
   * so the new step comes into view.
   * @param {number} index
   * @param {boolean} [follow]
   */
  async go(index, follow = false) {
    if (index < 0 || index >= this.course.steps.length) return;
    this.index = index;
    this.actions = [];
    history.replaceState(null, "", `${location.pathname}#step=${index + 1}`);
    this.showStep();
    if (follow) this.keepInView();
    if (this.step.kind === "game") {
      this.showGameStep();
      return;
    }
    await this.refresh();
  }

  showStep() {
    const step = this.step;
    const total = this.course.steps.length;
    document.title = t("{step} · {course} — shoal", { step: step.title, course: this.course.title });
    $("#lesson").dataset.step = String(this.index + 1);
    $("#step-count").textContent = t("Step {step} of {total}", { step: this.index + 1, total });
    $("#step-title").textContent = step.title;
    $("#step-text").textContent = step.text;
    $("#step-task").textContent = step.task ? t("Your task: {task}", { task: step.task }) : "";
    setFeedback("", "");
    $button("#prev-step").disabled = this.index === 0;
    $button("#next-step").disabled = this.index === total - 1 || !solvedSteps(this.course.game).has(this.index + 1);
    $("#restart").hidden = $("#show-hint").hidden = $("#type-move").hidden = step.kind === "game";
    const done = solvedSteps(this.course.game);
    $("#steps").replaceChildren(
      ...this.course.steps.map((s, i) =>
        h(
          "li",
          { class: `clickable${i === this.index ? " current" : ""}${done.has(i + 1) ? " done" : ""}`, onclick: () => this.go(i, true) },
          h("span", { class: "t", text: s.title }),
          done.has(i + 1) ? h("span", { class: "s", text: "✓", "aria-label": t("done") }) : null,
        ),
      ),
    );
  }

  // The new step in view from its count and title (on a phone the page had stayed scrolled
  // down at the buttons, the new step's title and board above the screen; there the title
  // stands above the board), and a screen reader's focus on the step's title.
  keepInView() {
    $("#step-count").scrollIntoView({ block: "start" });
    const title = $("#step-title");
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }

  showGameStep() {
    const step = this.step;
    $("#status-main").textContent = t("Your first game");
    $("#status-sub").textContent = t("against the {level} computer", { level: String(step.level) });
    $("#board").innerHTML = "";
    $("#action-buttons").replaceChildren(
      h("button", { class: "btn primary", id: "play-game", text: t("Play against the {level} computer", { level: String(step.level) }), onclick: () => this.startGame() }),
    );
  }

  async startGame() {
    const step = this.step;
    try {
      const made = await api("/api/games", { method: "POST", body: { game: this.course.game, options: step.options, opponent: "computer", level: step.level, seat: 0 } });
      tokens.set(made.id, made.token);
      markSolved(this.course.game, this.index + 1);
      location.href = `/game/${made.id}`;
    } catch (error) {
      toast(errorText(error), "error");
    }
  }

  async refresh() {
    /** @type {Attempt} */
    let view;
    try {
      view = await api(`/api/learn/${this.course.game}/${this.index + 1}`, { method: "POST", body: { actions: this.actions } });
    } catch (error) {
      // an action the game refuses: its own reason, and the board stays as it was
      this.actions.pop();
      setFeedback(errorText(error), "bad");
      return false;
    }
    this.show(view);
    return true;
  }

  /** @param {Attempt} view */
  show(view) {
    const board = this.board;
    if (!board) return;
    const enabled = !view.solved && !view.wrong && view.legal.length > 0;
    board.show(view.svg, view.legal, enabled, view.words, view.cells);
    $("#board").dataset.ready = enabled ? "yes" : "no";
    $("#board").dataset.actions = String(this.actions.length);
    $("#status-main").textContent = view.solved ? t("Solved") : view.wrong ? t("Not quite") : this.actions.length ? t("Your turn goes on") : t("Your move");
    $("#status-sub").textContent = view.status;
    $("#status").className = view.solved ? "status over" : "status";
    $("#action-buttons").replaceChildren(
      ...board.buttons().filter(() => enabled).map((a) => h("button", { class: "btn", dataset: { action: String(a.action) }, text: a.label || a.text, title: a.text, onclick: () => this.play(a.text) })),
    );
    if (view.solved) {
      markSolved(this.course.game, this.index + 1);
      this.showStep();
      setFeedback(view.message, "good");
      $button("#next-step").disabled = this.index === this.course.steps.length - 1;
      $("#next-step").focus();
    } else if (view.wrong) {
      setFeedback(t("{message} Press \"Start again\" to try once more.", { message: view.message }), "bad");
    }
  }

  /** @param {string} text */
  async play(text) {
    setFeedback("", "");
    const entry = findEntry(this.board?.legal ?? [], text);
    this.actions.push(text);
    if (await this.refresh()) announce(entry ? entry.label || entry.text : text); // the feedback line says the rest
  }

  async restart() {
    this.actions = [];
    setFeedback("", "");
    await this.refresh();
  }

  hint() {
    const solution = this.step.solutions[0] || [];
    const moves = solution.join(t(", then "));
    setFeedback(t("One way: {moves}", { moves }), "hint");
  }
}

/** @param {string} game the course's */
async function lessonPage(game) {
  /** @type {Course | null} */
  const course = await readOrProblem(`/api/learn/${encodeURIComponent(game)}`, t("No such course"), { href: "/learn", text: t("All courses") });
  if (!course) {
    footer();
    return;
  }
  const lesson = new Lesson(course);
  lesson.layout();
  const match = location.hash.match(/step=(\d+)/);
  await lesson.go(match ? Number(match[1]) - 1 : 0);
}

async function main() {
  topbar();
  if (gameId) await lessonPage(gameId);
  else await indexPage();
}

main();
