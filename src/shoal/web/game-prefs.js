// @ts-check
// This browser's ways of showing the game page, kept in local storage: the board's
// orientation (per game), its zoom (per kind of game), and the alert in the tab's title
// (with a sound if turned on) when it is your turn while the page is in the background.
import { $, $button } from "./common.js";
import { t } from "./i18n.js";

// The board's orientation: flipped shows it from the second side (Black's in Cyclix, SFIRS
// and Syrtis); a player of that side sees it so by default. Kept per game in this browser.
const NATURAL_ORIENTATION = new Set(["cyclix", "sfirs", "syrtis"]);
let flipped = false;
let orientationChosen = false;

/** @param {string} gid */
export function toggleFlip(gid) {
  flipped = !flipped;
  orientationChosen = true;
  localStorage.setItem(`shoal.flip.${gid}`, flipped ? "1" : "0");
  applyFlip();
}

function applyFlip() {
  $("#board").classList.toggle("flipped", flipped);
  $("#flip").setAttribute("aria-pressed", String(flipped));
}

/**
 * Once, at the first view: the saved orientation, else the player's natural one.
 * @param {string} gid
 * @param {import("./types/api.js").GameView} view
 * @param {number[]} you
 */
export function defaultOrientation(gid, view, you) {
  if (orientationChosen) return;
  const saved = localStorage.getItem(`shoal.flip.${gid}`);
  if (saved !== null) flipped = saved === "1";
  else flipped = NATURAL_ORIENTATION.has(view.game.id) && view.mode !== "local" && you.length === 1 && you[0] === 1;
  orientationChosen = true;
  applyFlip();
}

// Zoom: on a phone a big board's cells are small; a bigger board scrolls inside its frame.
const ZOOMS = [1, 1.5, 2, 2.5, 3];
let zoomIndex = 0;

/** @param {string} gameId @param {number} step */
export function zoomBy(gameId, step) {
  if (lensOn && step < 0) {
    lensOut(); // "−" after the lens: the whole board, the lens still there for the next tap
    return;
  }
  lensOn = false;
  lens = 0;
  zoomIndex = Math.max(0, Math.min(ZOOMS.length - 1, zoomIndex + step));
  localStorage.setItem(`shoal.zoom.${gameId}`, String(ZOOMS[zoomIndex]));
  applyZoom();
}

function applyZoom() {
  const zoom = ZOOMS[zoomIndex];
  const wrap = $("#board");
  wrap.style.setProperty("--zoom", String(zoom));
  wrap.classList.toggle("zoomed", zoom > 1);
  $("#zoom-level").textContent = `${Math.round(zoom * 100)}%`;
  $button("#zoom-out").disabled = zoomIndex === 0;
  $button("#zoom-in").disabled = zoomIndex === ZOOMS.length - 1;
}

/** @param {string} gameId */
export function restoreZoom(gameId) {
  const saved = Number(localStorage.getItem(`shoal.zoom.${gameId}`) || "1");
  zoomIndex = Math.max(0, ZOOMS.indexOf(saved));
  applyZoom();
}

// The least side of a cell a finger should have to hit (CSS px; WCAG 2.2's target size).
export const SMALLEST_TARGET = 24;

/** The smallest side of the board's cells as drawn now (CSS px; Infinity without cells). */
function smallestCell() {
  const sides = [...document.querySelectorAll("#board svg .cell")].map((c) => {
    const r = c.getBoundingClientRect();
    return Math.min(r.width, r.height);
  });
  return Math.min(...sides.filter((side) => side > 0));
}

// The lens (issue 60): where the zoom bar shows (a phone, upright or on its side) and the
// board's smallest cell is under SMALLEST_TARGET px (Sytran's 271 cells), the board shows
// whole at first; a tap on it zooms in around the tap, to the least zoom whose cells are
// SMALLEST_TARGET px or more, and there a tap chooses a cell. "−" shows the whole board
// again, as does the end of the player's turn. A zoom the player chose with "+" is kept.
let lens = 0; // the zoom index a tap zooms in to (0: no lens)
let lensOn = false; // zoomed in by a tap

/**
 * Measure whether the board needs the lens; call it once the board is drawn at its zoom.
 * @param {string} gameId
 */
export function setUpLens(gameId) {
  lens = 0;
  if (localStorage.getItem(`shoal.zoom.${gameId}`) !== null || zoomIndex > 0) return;
  if (getComputedStyle($("#zoom-out").parentElement ?? $("#zoom-out")).display === "none") return;
  const smallest = smallestCell();
  if (!(smallest < SMALLEST_TARGET)) return;
  let index = 0;
  while (index < ZOOMS.length - 1 && smallest * ZOOMS[index] < SMALLEST_TARGET) index += 1;
  lens = index;
}

/** Whether the next tap on the board zooms in (the lens is there and not in use). */
export const lensWaiting = () => lens > 0 && !lensOn;

/**
 * Zoom in with the lens around the point (`x`, `y`) of the screen, which stays under the
 * finger.
 * @param {number} x
 * @param {number} y
 */
export function zoomAt(x, y) {
  const wrap = $("#board");
  const box = wrap.getBoundingClientRect();
  const fx = (x - box.left + wrap.scrollLeft) / wrap.scrollWidth;
  const fy = (y - box.top + wrap.scrollTop) / wrap.scrollHeight;
  lensOn = true;
  zoomIndex = lens;
  applyZoom();
  // the zoomed frame may differ from the whole board's (a phone on its side): measured again
  while (zoomIndex < ZOOMS.length - 1 && smallestCell() < SMALLEST_TARGET) {
    zoomIndex += 1;
    applyZoom();
  }
  lens = zoomIndex;
  const after = wrap.getBoundingClientRect();
  wrap.scrollLeft = fx * wrap.scrollWidth - (x - after.left);
  wrap.scrollTop = fy * wrap.scrollHeight - (y - after.top);
}

/** The whole board again after the lens (nothing when it is not in use). */
export function lensOut() {
  if (!lensOn) return;
  lensOn = false;
  zoomIndex = 0;
  applyZoom();
}

// A turn alert while the page is in the background: the tab title, and a short sound if
// the player turned it on. yourTurn: whether this browser may move now.
let alerted = false;
/** @param {import("./types/api.js").GameView} view @param {boolean} yourTurn */
export function turnAlert(view, yourTurn) {
  const title = `${view.game.title} — shoal`;
  if (yourTurn && document.hidden && view.mode !== "local") {
    if (!alerted) {
      alerted = true;
      if (soundOn()) beep();
    }
    document.title = "(1) " + t("Your turn") + ` · ${title}`;
  } else {
    alerted = false;
    document.title = title;
  }
}

/** Whether the turn alert makes a sound (this browser's choice). */
export const soundOn = () => localStorage.getItem("shoal.sound") === "on";
/** Turn the turn alert's sound on or off. @param {boolean} on */
export const setSound = (on) => localStorage.setItem("shoal.sound", on ? "on" : "off");

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch {
    /* no sound available */
  }
}
