// @ts-check
// This browser's ways of showing the game page, kept in local storage: the board's
// orientation (per game), its zoom (per kind of game), and the alert in the tab's title
// (with a sound if turned on) when it is your turn while the page is in the background.
import { $, $button } from "./common.js";

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

/**
 * Where this browser never chose a zoom for the game: on a narrow screen (where the zoom bar
 * shows), the least zoom at which the board's smallest cell is SMALLEST_TARGET px or more.
 * Call it once the board is drawn.
 * @param {string} gameId
 */
export function autoZoom(gameId) {
  if (localStorage.getItem(`shoal.zoom.${gameId}`) !== null) return;
  // upright only: on its side the board is already as tall as the screen allows
  if (getComputedStyle($("#zoom-out").parentElement ?? $("#zoom-out")).display === "none" || !matchMedia("(orientation: portrait)").matches) return;
  const smallest = () => {
    const sides = [...document.querySelectorAll("#board svg .cell")].map((c) => { const r = c.getBoundingClientRect(); return Math.min(r.width, r.height); });
    return Math.min(...sides.filter((side) => side > 0));
  };
  while (zoomIndex < ZOOMS.length - 1 && smallest() < SMALLEST_TARGET) {
    zoomIndex += 1;
    applyZoom();
  }
  const wrap = $("#board"); // the middle of the board in view
  wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2;
  wrap.scrollTop = (wrap.scrollHeight - wrap.clientHeight) / 2;
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
    document.title = `(1) Your turn · ${title}`;
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
