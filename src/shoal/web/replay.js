// @ts-check
// The replay viewer: a stored game (/replay/game/ID) or an uploaded record
// (/replay/record/ID), stepped through action by action or turn by turn; /replay alone
// offers the upload form.
import { $, $$, $button, $input, errorText, footer, h, pageHead, problemPage, toast, topbar } from "./common.js";
import { api } from "./net.js";
import { ReviewPanel } from "./review.js";
import { gameLayout, moveRow, movesCard, recordCard, recordDownloads, statusLine, stepControls } from "./board.js";
import { announce, boardWordsCard, liveRegion, quietSvg, showBoardWords } from "./board-keys.js";
import { saidLine } from "./game-words.js";
import { cap, playerName, sideWord } from "./game-panel.js";
import { number, t, tn } from "./i18n.js";

const segments = location.pathname.split("/").filter(Boolean);
const kind = segments[1];
const id = segments[2] ? decodeURIComponent(segments[2]) : null;
const base = kind === "game" ? `/api/games/${id}` : `/api/records/${id}`;
const recordUrl = kind === "game" ? `/api/games/${id}/record` : `/api/records/${id}/record`;

/** @typedef {import("./types/api.js").ReplayView} View */

let k = 0;
let total = 0;
/** @type {number | null} the position asked for last */
let loading = null;
/** @type {ReviewPanel | null} the computer review's card (review.js) */
let review = null;
const wantsReview = location.hash.includes("review");

function uploadPage() {
  const app = $("#app");
  const text = h("textarea", { id: "record-text", placeholder: '[Game "syrtis"]\n...\n\n1. ...' });
  const file = h("input", { type: "file", id: "record-file", accept: ".txt,.json,.pgn,text/plain,application/json" });
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (chosen) text.value = await chosen.text();
  });
  const submit = h("button", { class: "btn primary", id: "upload", type: "submit", text: t("View the record") });
  const form = h(
    "form",
    { class: "card form-card" },
    h("div", { class: "field" }, h("label", { for: "record-file" }, t("A record file") + " ", h("span", { class: "help", text: t("text or JSON, as downloaded from a game") })), file),
    h("div", { class: "field" }, h("label", { for: "record-text" }, t("…or paste it here")), text),
    submit,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    try {
      /** @type {import("./types/api.js").RecordIn} */
      const body = { text: text.value };
      const made = await api("/api/records", { method: "POST", body });
      location.href = `/replay/record/${made.id}`;
    } catch (error) {
      toast(errorText(error), "error");
      submit.disabled = false;
    }
  });
  app.append(h("div", { class: "narrow" }, ...pageHead(t("View a record"), t("Upload a game record to step through it move by move.")), form));
  footer();
}

function layout() {
  liveRegion();
  const controls = stepControls(
    { first: () => go(0), prev: () => go(k - 1), next: () => go(k + 1), last: () => go(total) },
    h("input", { type: "range", id: "slider", min: "0", value: "0", "aria-label": t("Position in the game (actions)"), oninput: (/** @type {Event} */ e) => go(Number(/** @type {HTMLInputElement} */ (e.currentTarget).value)) }),
  );
  controls.setAttribute("role", "group");
  controls.setAttribute("aria-label", t("Step through the game"));
  $("#app").replaceChildren(
    gameLayout(
      [
        statusLine(),
        h("div", { class: "board-wrap", id: "board", role: "img", "aria-label": t("Board") }),
        controls,
      ],
      [
        h("div", { class: "card" }, h("h3", { id: "title" }), h("div", { id: "players", class: "players" })),
        movesCard(),
        boardWordsCard(() => shownWords),
        recordCard([
          kind === "game" ? h("a", { class: "btn small", href: `/game/${id}`, text: t("Back to the game") }) : null,
          recordDownloads(recordUrl),
          h("a", { class: "btn small", id: "analyse-here", href: `/analysis/${kind}/${id}`, text: t("Analysis board") }),
        ]),
        h("div", { class: "card", id: "review-card" }),
      ],
    ),
  );
  document.addEventListener("keydown", (e) => {
    const target = /** @type {HTMLInputElement} */ (e.target);
    if (target.tagName === "INPUT" && target.type !== "range") return;
    if (e.key === "ArrowLeft") go(k - 1);
    else if (e.key === "ArrowRight") go(k + 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(total);
  });
}

/** Show the position after `target` actions. @param {number} target */
async function go(target) {
  target = Math.max(0, Math.min(total || target, target));
  loading = target;
  /** @type {View} */
  let view;
  try {
    view = await api(`${base}/replay/${target}`);
  } catch (error) {
    toast(errorText(error), "error");
    return;
  }
  if (loading !== target) return;
  k = target;
  total = view.total;
  history.replaceState(null, "", `${location.pathname}#k=${k}`);
  show(view);
}

/** @type {string[] | null} */
let shownWords = null;

/**
 * A turn's side as the moves list shows it ("White", "Light"...: the server's words), in the
 * page's language where sideWord knows it.
 * @param {string | undefined} side
 */
function turnSide(side) {
  if (side === undefined) return side;
  const word = sideWord(side.toLowerCase());
  return word === side.toLowerCase() ? side : cap(word);
}

/** @param {View} view */
function show(view) {
  document.title = t("{game} replay — shoal", { game: view.game.title });
  $("#board").innerHTML = view.svg;
  quietSvg($("#board"));
  shownWords = view.words;
  showBoardWords(view.words);
  // where we are, in words: the last action and who played it (issue 40)
  const said = (view.spoken || []).filter((s) => s.ply === view.ply - 1)[0];
  announce(t("{ply} of {total}.", { ply: view.ply, total: view.total }) + " " + (said ? saidLine(said, []) : t("The start.")));
  $("#board").dataset.ply = String(view.ply);
  $("#title").textContent = t("{game} · replay", { game: view.game.title });
  // the counter counts turns, as the moves list does (a turn may hold several actions)
  const played = view.all_turns.filter((turn) => turn.end <= view.ply).length;
  const within = view.all_turns.find((turn) => turn.start < view.ply && view.ply < turn.end);
  $("#pos").textContent = `${within ? `${number(played)} +${number(view.ply - within.start)}` : number(played)} / ${number(view.all_turns.length)}`;
  $("#pos").title = within
    ? tn("turn {turn}: {k} of its {n} action", "turn {turn}: {k} of its {n} actions", within.end - within.start, { turn: within.number, k: view.ply - within.start })
    : t("turns played / turns in the game");
  const slider = $input("#slider");
  slider.max = String(view.total);
  slider.value = String(view.ply);
  $button("#first").disabled = $button("#prev").disabled = view.ply === 0;
  $button("#next").disabled = $button("#last").disabled = view.ply === view.total;
  const r = view.result;
  const side = (/** @type {number} */ seat) => cap(sideWord(view.sides[seat] ?? ""));
  if (r) {
    $("#status-main").textContent = r.result === "*" ? t("Aborted") : r.winner === null ? t("Draw") : t("{side} wins", { side: side(r.winner) });
    $("#status-sub").textContent = r.reason;
  } else {
    $("#status-main").textContent = view.ply === 0 ? t("Start position") : tn("After {n} turn", "After {n} turns", view.turns.length);
    $("#status-sub").textContent = view.to_move === null ? "" : t("{side} to move", { side: side(view.to_move) });
  }
  $("#status").className = r ? "status over" : "status";
  $("#players").replaceChildren(
    ...[0, 1].map((seat) => h("div", { class: `player${view.to_move === seat ? " to-move" : ""}` }, h("span", { class: "side-pill", text: sideWord(view.sides[seat]) }), h("span", { class: "name", text: view.players[seat] ? playerName(view.players[seat]) : t("Seat {n}", { n: seat + 1 }) }))),
  );
  const list = $("#moves");
  list.replaceChildren(
    moveRow({ number: 0, text: t("start") }, { class: `clickable${view.ply === 0 ? " current" : ""}`, onclick: () => goAndSee(0) }),
    ...view.all_turns.map((turn) => moveRow({ ...turn, side: turnSide(turn.side) }, { class: `clickable${turn.end === view.ply || (turn.start < view.ply && view.ply < turn.end) ? " current" : ""}`, dataset: { end: String(turn.end) }, onclick: () => goAndSee(turn.end) })),
  );
  if (review?.review) {
    for (const li of $$("li[data-end]", list)) {
      const mark = review.markAt(Number(li.dataset.end));
      if (mark) $(".t", li).append(h("strong", { class: "sym", text: ` ${mark}` }));
    }
  }
  review?.show(view.ply);
  $("#analyse-here", document, HTMLAnchorElement).href = `/analysis/${kind}/${id}#k=${view.ply}`;
  /** @type {HTMLElement | null} */
  const current = list.querySelector(".current");
  if (current) list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
}

// A turn chosen in a list (the moves, the review's marked turns) far below the board on a
// phone: the board comes back into view to show it.
/** @param {number} target */
async function goAndSee(target) {
  await go(target);
  const box = $("#board").getBoundingClientRect();
  const bar = document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0;
  if (box.top < bar || box.bottom > innerHeight) $("#board").scrollIntoView({ block: "nearest" });
  if ($("#board").getBoundingClientRect().top < bar) scrollBy(0, $("#board").getBoundingClientRect().top - bar - 8);
}

async function main() {
  topbar();
  if (!id || (kind !== "game" && kind !== "record")) {
    uploadPage();
    return;
  }
  layout();
  const match = location.hash.match(/k=(\d+)/);
  /** @type {View | null} */
  const first = await api(`${base}/replay/0`).catch((error) => {
    problemPage(t("Nothing to replay"), errorText(error), { href: "/replay", text: t("Upload a record") });
    return null;
  });
  if (!first) return;
  total = first.total;
  /** @type {View} */
  const final = first.total ? await api(`${base}/replay/${first.total}`).catch(() => first) : first;
  const panel = new ReviewPanel($("#review-card"), base, (ply) => goAndSee(ply), final.sides, (ply) => `/analysis/${kind}/${id}#k=${ply}`); // the sides as the game ends (not a set-up phase's)
  review = panel;
  panel.onReady = () => go(k);
  await go(match ? Number(match[1]) : total);
  await panel.load(wantsReview);
}

main();
