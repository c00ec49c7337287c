// @ts-check
// The open data page /database (issue 63): the files `shoal db export` published, from
// GET /api/database: the finished games by game and month (text records and JSON lines),
// the puzzles and the opening books, each with its size, count and SHA-256.
import { $, footer, h, pageHead, readOrProblem, topbar } from "./common.js";
import { api } from "./net.js";
import { date, number, parts, t, tn } from "./i18n.js";

/** @typedef {import("./types/api.js").Database} Database */
/** @typedef {import("./types/api.js").DataFile} DataFile */

/** What a file holds, in words (its kind as the API says it; another as it is). @param {string} kind */
function kindWords(kind) {
  /** @type {Record<string, () => string>} */
  const words = {
    "games-text": () => t("Games (text records)"),
    "games-jsonl": () => t("Games (JSON lines)"),
    puzzles: () => t("Puzzles"),
    book: () => t("Opening book"),
  };
  return Object.hasOwn(words, kind) ? words[kind]() : kind;
}

/** A file's count in words: games, or puzzles. @param {string} kind @param {number} n */
function counted(kind, n) {
  return kind === "puzzles" ? tn("{n} puzzle", "{n} puzzles", n) : tn("{n} game", "{n} games", n);
}

/** @param {number} bytes */
function size(bytes) {
  const tenth = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  if (bytes < 1024) return `${number(bytes)} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024, tenth)} KiB`;
  return `${number(bytes / 1024 / 1024, tenth)} MiB`;
}

/** @param {DataFile} file */
function row(file) {
  const name = file.name.split("/").pop() || file.name;
  return h(
    "tr",
    { dataset: { name: file.name } },
    h("td", { dataset: { label: t("File") } }, h("a", { href: `/database/files/${file.name.split("/").map(encodeURIComponent).join("/")}`, download: name, text: name })),
    h("td", { dataset: { label: t("What") }, text: kindWords(file.kind) + (file.month ? `, ${file.month}` : "") }),
    h("td", { class: "num", dataset: { label: t("Count") }, text: counted(file.kind, file.count) }),
    h("td", { class: "num", dataset: { label: t("Size") }, text: size(file.bytes) }),
    h("td", { dataset: { label: "SHA-256" } }, h("code", { class: "sha", text: file.sha256 })),
  );
}

async function main() {
  const app = $("#app");
  /** @type {Database | null} */
  const data = await readOrProblem("/api/database", t("Open data"), { href: "/", text: t("All games") });
  if (!data) return;
  const intro = t("Every finished game of the site, by game and by the month it ended, as text records and as JSON lines, compressed with zstandard; the puzzles with their ratings and themes; the opening books. No chat and no e-mail leave: players are their account names, closed accounts are 'anonymous' and guests 'guest'.");
  const read = parts(t("Read a file with shoal: {call} replays its games one at a time. Check a download with {check}."), { call: h("code", { text: "shoal.records.archive.read_games(path)" }), check: h("code", { text: "sha256sum" }) });
  app.append(h("section", { class: "card" }, ...pageHead(t("Open data"), intro), h("p", { class: "help" }, ...read)));
  if (!data.files.length) {
    app.append(h("section", { class: "card", id: "database-files" }, h("p", { text: t("Nothing has been published yet.") })));
    return;
  }
  const games = [...new Set(data.files.map((f) => f.game))].sort();
  /** @type {Record<string, string>} */
  const titles = {};
  for (const entry of await api("/api/catalog").catch(() => [])) titles[entry.id] = entry.title;
  const when = data.exported ? date(data.exported, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }) + " UTC" : "?";
  app.append(h("p", { class: "help", id: "exported", text: t("Exported {when} (format version {version}).", { when, version: data.version ?? "?" }) }));
  for (const game of games) {
    const files = data.files.filter((f) => f.game === game);
    app.append(
      h(
        "section",
        { class: "card", id: `database-${game}` },
        h("h2", { text: titles[game] ?? game }),
        h(
          "div",
          { class: "table-scroll" },
          h(
            "table",
            { class: "data-table stack-table" },
            h("caption", { class: "sr-only", text: t("The files of {game}", { game: titles[game] ?? game }) }),
            h("tr", {}, [t("File"), t("What"), t("Count"), t("Size"), "SHA-256"].map((label) => h("th", { scope: "col", text: label }))),
            files.map(row),
          ),
        ),
      ),
    );
  }
}

topbar();
main().then(footer);
