// @ts-check
// A study /studies/ID (issue 44): its chapters, each a game's move tree (main line and
// variations, comments and marks) on the board. The tree lives on the server: an editor's
// move, comment or mark is sent there and comes back to every open page over the study's
// socket; readers walk the lines and, while the owner has "sync" on, follow the owner.
import { ClickBoard, gameLayout, recordCard, statusLine, stepControls } from "./board.js";
import { $, download, errorText, footer, h, problemPage, readOrProblem, toast, topbar } from "./common.js";
import { api, connectSocket } from "./net.js";
import { latestView, movesTo, movetext, nodeAt, nodesFrom, pathOf, showCurrentIn, treeKeys, treeStatus, treeSteps } from "./move-tree.js";
import { studyReport } from "./report.js";
import { number, t } from "./i18n.js";

const studyId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const MARKS = ["!", "?", "!!", "??", "!?", "?!"];

/** @typedef {import("./types/api.js").StudyOut} Study */
/** @typedef {import("./types/api.js").ChapterOut} Chapter */
/** @typedef {import("./types/api.js").StudyPosition} Position */
/** @typedef {import("./board-keys.js").LegalEntry} LegalEntry */

/** @type {Study} GET /api/studies/ID: main() reads it before anything else runs */
let study;
/** @type {Chapter | null} GET .../chapters/CID */
let chapter = null;
/** @type {import("./move-tree.js").TreeNode[]} */
let nodes = [];
const root = { children: /** @type {number[]} */ ([]) };
let cur = -1; // the current node (-1: the start)
/** @type {import("./types/api.js").AnalysisView | null} */
let view = null;
/** @type {ClickBoard} made by layout(), before any view */
let board;
const viewOf = latestView(); // the view of a node's line (the newest asked only)
let follow = true; // a reader follows the owner's position while sync is on
let editorShown = false; // the page shows an editor's tools

// -- the tree -------------------------------------------------------------------------------
/** @param {number} id */
const kids = (id) => (id === -1 ? root.children : nodes[id].children);
const moveTree = { get nodes() { return nodes; }, rootChildren: () => root.children }; // what move-tree.js reads
const steps = treeSteps(moveTree, () => cur, goTo); // the step buttons, variations and keys

/** Who sees a study, in words (the API's public, unlisted, private). @param {string} visibility */
function visibilityWord(visibility) {
  /** @type {Record<string, () => string>} */
  const words = { public: () => t("public"), unlisted: () => t("unlisted"), private: () => t("private") };
  return Object.hasOwn(words, visibility) ? words[visibility]() : visibility;
}

/** The chapter open: set before the page shows any (main() opens the first). */
function opened() {
  if (!chapter) throw new Error("no chapter is open");
  return chapter;
}

/** @param {Chapter} next @param {number[] | null} [path] where to stand in it (default: where we are) */
function setChapter(next, path = null) {
  const keep = path ?? (chapter && chapter.id === next.id ? pathOf(moveTree, cur) : []);
  chapter = next;
  nodes = nodesFrom(next.tree.nodes, root.children);
  cur = nodeAt(moveTree, keep);
}

// -- changes (editors) ----------------------------------------------------------------------
/**
 * @param {"play" | "comment" | "mark" | "promote" | "delete"} op
 * @param {{ move?: string, text?: string, mark?: string }} [more]
 */
async function change(op, more = {}) {
  try {
    /** @type {import("./types/api.js").ChapterEdited} */
    const reply = await api(`/api/studies/${studyId}/chapters/${opened().id}/edit`, { method: "POST", body: { op, path: pathOf(moveTree, cur), ...more } });
    setChapter(reply.chapter, reply.path);
    await goTo(cur);
  } catch (error) {
    toast(errorText(error), "error");
    renderTree();
  }
}

/** @param {LegalEntry} entry */
function play(entry) {
  const existing = kids(cur).find((id) => nodes[id].move === entry.text);
  if (existing !== undefined) return goTo(existing);
  if (!study.can_edit) return toast(t("Only the study's editors add moves"), "error");
  return change("play", { move: entry.text });
}

// -- the page -------------------------------------------------------------------------------
function layout() {
  const editor = study.can_edit;
  $("#app").replaceChildren(
    gameLayout(
      [
        statusLine(),
        h("div", { class: "board-wrap", id: "board", role: "group", "aria-label": t("Board") }),
        h("div", { class: "action-buttons", id: "action-buttons" }),
        stepControls(steps),
      ],
      [
        h(
          "div",
          { class: "card", id: "study-card" },
          h("h3", { id: "study-title" }),
          h("p", { class: "help", id: "study-meta" }),
          h("div", { class: "tools", id: "study-tools" }),
          h("p", { class: "help", id: "study-live" }),
        ),
        h("div", { class: "card" }, h("h3", { text: t("Chapters") }), h("ol", { class: "chapters", id: "chapters" }), editor ? chapterForm() : null),
        h(
          "div",
          { class: "card" },
          h("h3", { id: "chapter-name" }),
          h("div", { class: "movetree", id: "movetree" }),
          editor ? h("input", { class: "comment-input", id: "comment", placeholder: t("A comment on this move"), "aria-label": t("A comment on this move"), maxlength: "2000", autocomplete: "off", onchange: (/** @type {Event} */ e) => change("comment", { text: /** @type {HTMLInputElement} */ (e.currentTarget).value }) }) : h("p", { class: "help", id: "comment-read" }),
          editor ? h("div", { class: "tools", id: "marks" }, [...MARKS, ""].map((m) => h("button", { class: "btn small", dataset: { mark: m }, text: m || t("no mark"), title: m ? t("Mark this move {mark}", { mark: m }) : t("Take the mark away"), onclick: () => (cur === -1 ? toast(t("Choose a move first"), "error") : change("mark", { mark: m })) }))) : null,
          editor
            ? h(
                "div",
                { class: "tools" },
                h("button", { class: "btn small", id: "promote", text: t("Promote"), title: t("Make this line the main line"), onclick: () => change("promote") }),
                h("button", { class: "btn small danger", id: "delete", text: t("Delete"), title: t("Delete this move and what follows"), onclick: () => (cur === -1 ? toast(t("The start cannot be deleted"), "error") : change("delete")) }),
                h("button", { class: "btn small", id: "up", text: "↑ " + t("Variation"), title: t("Previous variation (↑)"), onclick: steps.up }),
                h("button", { class: "btn small", id: "down", text: "↓ " + t("Variation"), title: t("Next variation (↓)"), onclick: steps.down }),
              )
            : null,
        ),
        study.is_owner ? membersCard() : null,
        recordCard([
          h("button", { class: "btn small", id: "export-chapter", text: t("Chapter with variations"), onclick: () => download(`/api/studies/${studyId}/chapters/${opened().id}/export?format=text`) }),
          h("button", { class: "btn small", id: "export-json", text: "JSON", onclick: () => download(`/api/studies/${studyId}/chapters/${opened().id}/export?format=json`) }),
          h("button", { class: "btn small", id: "export-study", text: t("Whole study"), onclick: () => download(`/api/studies/${studyId}/export`) }),
        ]),
      ],
    ),
  );
  board = new ClickBoard($("#board"), (entry) => play(entry));
}

function chapterForm() {
  const name = h("input", { type: "text", id: "chapter-new-name", maxlength: "100", placeholder: t("Chapter name"), "aria-label": t("Chapter name") });
  const game = h("select", { id: "chapter-new-game", "aria-label": t("Game") });
  const finished = h("input", { type: "text", id: "chapter-new-game-id", maxlength: "32", placeholder: t("optional: a finished game's id"), "aria-label": t("optional: a finished game's id") });
  const text = h("textarea", { id: "chapter-new-records", placeholder: t("optional: records to import (text or JSON)"), "aria-label": t("optional: records to import (text or JSON)") });
  api("/api/catalog").then((/** @type {import("./types/api.js").CatalogEntry[]} */ catalog) => game.replaceChildren(...catalog.map((g) => h("option", { value: g.id, text: g.title, selected: g.id === chapter?.game.id }))));
  const add = async (/** @type {SubmitEvent} */ event) => {
    event.preventDefault();
    /** @type {import("./types/api.js").ChapterIn} */
    const body = text.value.trim() ? { name: name.value, text: text.value } : finished.value.trim() ? { name: name.value, game_id: finished.value.trim() } : { name: name.value, game: game.value };
    try {
      /** @type {import("./types/api.js").ChapterIds} */
      const made = await api(`/api/studies/${studyId}/chapters`, { method: "POST", body });
      await openChapter(made.ids[0]);
    } catch (error) {
      toast(errorText(error), "error");
    }
  };
  return h("details", {}, h("summary", { text: t("Add a chapter") }), h("form", { class: "form-card", onsubmit: add }, name, game, finished, text, h("button", { class: "btn small", id: "chapter-add", type: "submit", text: t("Add") })));
}

function membersCard() {
  const username = h("input", { type: "text", id: "member-name", placeholder: t("username"), "aria-label": t("username"), maxlength: "40", autocomplete: "off" });
  const invite = async (/** @type {SubmitEvent} */ event) => {
    event.preventDefault();
    try {
      await api(`/api/studies/${studyId}/members`, { method: "POST", body: { username: username.value.trim() } });
      username.value = "";
      await reloadStudy();
    } catch (error) {
      toast(errorText(error), "error");
    }
  };
  return h("div", { class: "card" }, h("h3", { text: t("Editors") }), h("ul", { id: "members" }), h("form", { class: "tools", onsubmit: invite }, username, h("button", { class: "btn small", id: "member-invite", type: "submit", text: t("Invite") })));
}

function renderStudy() {
  document.title = t("{title} — study — shoal", { title: study.title });
  $("#study-title").textContent = study.title;
  $("#study-meta").textContent = [
    t("by {owner}", { owner: study.owner }),
    visibilityWord(study.visibility),
    study.hidden ? t("hidden by the moderators") : "",
    `♥ ${number(study.likes)}`,
    study.members.length ? t("editors: {names}", { names: study.members.join(", ") }) : "",
  ].filter(Boolean).join(" · ");
  /** @type {HTMLElement[]} */
  const tools = [
    h("button", { class: `btn small${study.liked ? " primary" : ""}`, id: "like", text: study.liked ? "♥ " + t("Liked") : "♡ " + t("Like"), onclick: like }),
  ];
  if (study.is_owner) {
    tools.push(h("button", { class: "btn small", id: "rename", text: t("Rename"), onclick: renameForm }));
    tools.push(h("label", { class: "engine-toggle" }, h("input", { type: "checkbox", id: "sync", checked: study.sync, onchange: (/** @type {Event} */ e) => settings({ sync: /** @type {HTMLInputElement} */ (e.currentTarget).checked }) }), " " + t("Sync: spectators follow me")));
    tools.push(h("select", { id: "visibility", "aria-label": t("Who can see this study"), onchange: (/** @type {Event} */ e) => settings({ visibility: /** @type {HTMLSelectElement} */ (e.currentTarget).value }) }, ["public", "unlisted", "private"].map((v) => h("option", { value: v, text: visibilityWord(v), selected: v === study.visibility }))));
  } else if (study.sync) {
    tools.push(h("label", { class: "engine-toggle" }, h("input", { type: "checkbox", id: "follow", checked: follow, onchange: (/** @type {Event} */ e) => { follow = /** @type {HTMLInputElement} */ (e.currentTarget).checked; if (follow) followOwner(study.position); } }), " " + t("Follow {name}", { name: study.owner })));
  }
  $("#study-tools").replaceChildren(...tools);
  studyReport($("#study-tools"), study); // a reader reports the study (issue 61)
  $("#chapters").replaceChildren(...study.chapters.map((c) => h("li", { class: c.id === chapter?.id ? "current" : "", dataset: { chapter: String(c.id) } }, h("a", { href: `#chapter=${c.id}`, text: `${c.name} (${c.game})`, onclick: (/** @type {MouseEvent} */ e) => { e.preventDefault(); openChapter(c.id); } }))));
  const members = document.getElementById("members");
  if (members) members.replaceChildren(...study.members.map((m) => h("li", {}, m, " ", h("button", { class: "btn small danger", text: t("Remove"), onclick: () => api(`/api/studies/${studyId}/members/${encodeURIComponent(m)}`, { method: "DELETE" }).then(reloadStudy, (error) => toast(errorText(error), "error")) }))));
}

async function like() {
  try {
    await api(`/api/studies/${studyId}/like`, { method: "POST", body: { like: !study.liked } });
    await reloadStudy();
  } catch (error) {
    toast(errorText(error), "error");
  }
}

/** The owner renames the study (issue 59): a field in place of the tools, Save or Cancel. */
function renameForm() {
  const name = h("input", { type: "text", id: "study-name", value: study.title, maxlength: "80", "aria-label": t("The study's new name"), required: true });
  /** @param {SubmitEvent} e */
  const save = (e) => {
    e.preventDefault();
    const title = /** @type {HTMLInputElement} */ (name).value.trim();
    if (title && title !== study.title) settings({ title });
    else renderStudy();
  };
  $("#study-tools").replaceChildren(h("form", { class: "tools", id: "rename-form", onsubmit: save }, name, h("button", { class: "btn small primary", type: "submit", text: t("Save") }), h("button", { class: "btn small", type: "button", text: t("Cancel"), onclick: renderStudy })));
  name.focus();
}

/** The owner's settings. @param {{ sync?: boolean, visibility?: string, title?: string }} body */
async function settings(body) {
  try {
    study = await api(`/api/studies/${studyId}`, { method: "PATCH", body });
    renderStudy();
    if (study.sync) sendPosition();
  } catch (error) {
    toast(errorText(error), "error");
  }
}

/** @param {number} id */
async function goTo(id) {
  cur = id;
  renderTree();
  const { game, options, tree } = opened();
  const next = await viewOf({ game: game.id, options, start: tree.start, moves: movesTo(moveTree, id) });
  if (!next) return;
  view = next;
  show(next);
  if (study.is_owner && study.sync) sendPosition();
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let positionTimer;
function sendPosition() {
  clearTimeout(positionTimer);
  positionTimer = setTimeout(() => {
    api(`/api/studies/${studyId}/position`, { method: "POST", body: { chapter: opened().id, path: pathOf(moveTree, cur) } }).catch((error) => toast(errorText(error), "error"));
  }, 150);
}

/** @param {import("./types/api.js").AnalysisView} at */
function show(at) {
  board.show(at.svg, at.legal, !at.result, at.words, at.cells);
  $("#board").dataset.ply = String(at.ply);
  $("#board").dataset.path = pathOf(moveTree, cur).join(".");
  $("#action-buttons").replaceChildren(...board.buttons().map((a) => h("button", { class: "btn", dataset: { action: String(a.action) }, text: a.label || a.text, title: a.text, onclick: () => play(a) })));
  treeStatus(at, moveTree, cur, study.can_edit ? t("click the board to add a move") : "");
}

// The tree as movetext (move-tree.js), each move with its path for the editors' changes.
function renderTree() {
  const open = opened();
  $("#chapter-name").textContent = open.name;
  const data = (/** @type {number} */ id) => ({ path: id === -1 ? "" : pathOf(moveTree, id).join(".") });
  const top = movetext(moveTree, { current: cur, goTo, startComment: open.tree.comment || "", data });
  $("#movetree").replaceChildren(top);
  const comment = cur === -1 ? open.tree.comment || "" : nodes[cur].comment;
  const input = document.getElementById("comment");
  if (input instanceof HTMLInputElement && document.activeElement !== input) input.value = comment;
  const read = document.getElementById("comment-read");
  if (read) read.textContent = comment;
  showCurrentIn($("#movetree"));
}

// -- chapters, live -------------------------------------------------------------------------
/** @param {number} id @param {number[]} [path] */
async function openChapter(id, path = []) {
  /** @type {Chapter} */
  const next = await api(`/api/studies/${studyId}/chapters/${id}`);
  if (!chapter || chapter.id !== id) chapter = null;
  setChapter(next, path);
  await reloadStudy();
  history.replaceState(null, "", `#chapter=${id}`);
  await goTo(cur);
}

async function reloadStudy() {
  study = await api(`/api/studies/${studyId}`);
  renderStudy();
}

/** @param {Position | null} position */
async function followOwner(position) {
  if (!position || position.chapter === null || study.is_owner || !follow || !study.sync) return;
  if (!chapter || chapter.id !== position.chapter) return openChapter(position.chapter, position.path);
  await goTo(nodeAt(moveTree, position.path));
}

function live() {
  connectSocket(`/api/studies/${encodeURIComponent(studyId)}/ws`, {
    onOpen: async () => {
      // a reconnection may have missed changes: read them again
      if (chapter) {
        setChapter(await api(`/api/studies/${studyId}/chapters/${chapter.id}`));
        await reloadStudy();
        await goTo(cur);
      }
    },
    onStatus: (status) => {
      const words = document.getElementById("study-live");
      if (words) words.textContent = status === "open" ? t("Live") : status === "closed" ? t("Not live: reload the page") : t("Reconnecting…");
    },
    onMessage: async (message) => {
      if (message.type === "chapter" && chapter && message.chapter.id === chapter.id) {
        if (message.chapter.version <= chapter.version) return;
        setChapter(message.chapter);
        renderTree();
        if (view) show(view);
      } else if (message.type === "position") {
        await followOwner(message);
      } else if (message.type === "study") {
        await reloadStudy();
        if (!study.chapters.some((c) => c.id === chapter?.id)) await openChapter(study.chapters[0].id);
        else if (study.can_edit !== editorShown) rebuild();
      } else if (message.type === "gone") {
        problemPage(t("This study is gone"), t("It was deleted or made private."), { href: "/studies", text: t("Studies") }, "study-gone");
      }
    },
  });
}

// The page again (an editor's tools appear or go when the owner invites or removes)
function rebuild() {
  layout();
  editorShown = study.can_edit;
  renderStudy();
  goTo(cur);
}

async function main() {
  topbar();
  /** @type {Study | null} */
  const read = await readOrProblem(`/api/studies/${encodeURIComponent(studyId)}`, t("No such study"), { href: "/studies", text: t("Studies") }, "study-error");
  if (!read) return;
  study = read;
  const wanted = Number((location.hash.match(/chapter=(\d+)/) || [])[1]);
  const position = study.sync && !study.is_owner ? study.position : null;
  const first = position && position.chapter !== null ? position.chapter : study.chapters.some((c) => c.id === wanted) ? wanted : study.chapters[0].id;
  setChapter(await api(`/api/studies/${studyId}/chapters/${first}`), position && position.chapter === first ? position.path : []);
  rebuild();
  footer();
  treeKeys(steps);
  live();
}

main();
