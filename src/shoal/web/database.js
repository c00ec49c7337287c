// @ts-check
// The open data page /database (issue 63): the files `shoal db export` published, from
// GET /api/database: the finished games by game and month (text records and JSON lines),
// the puzzles and the opening books, each with its size, count and SHA-256.
import { $, footer, h, pageHead, readOrProblem, topbar } from "./common.js";
import { api } from "./net.js";

/** @typedef {import("./types/api.js").Database} Database */
/** @typedef {import("./types/api.js").DataFile} DataFile */

/** @type {Record<string, string>} */
const KINDS = {
  "games-text": "Games (text records)",
  "games-jsonl": "Games (JSON lines)",
  puzzles: "Puzzles",
  book: "Opening book",
};

/** @type {Record<string, string>} */
const COUNTED = { "games-text": "games", "games-jsonl": "games", puzzles: "puzzles", book: "games" };

/** @param {number} bytes */
function size(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** @param {DataFile} file */
function row(file) {
  const name = file.name.split("/").pop() || file.name;
  return h(
    "tr",
    { dataset: { name: file.name } },
    h("td", { dataset: { label: "File" } }, h("a", { href: `/database/files/${file.name.split("/").map(encodeURIComponent).join("/")}`, download: name, text: name })),
    h("td", { dataset: { label: "What" }, text: `${KINDS[file.kind] ?? file.kind}${file.month ? `, ${file.month}` : ""}` }),
    h("td", { class: "num", dataset: { label: "Count" }, text: `${file.count} ${COUNTED[file.kind] ?? ""}` }),
    h("td", { class: "num", dataset: { label: "Size" }, text: size(file.bytes) }),
    h("td", { dataset: { label: "SHA-256" } }, h("code", { class: "sha", text: file.sha256 })),
  );
}

async function main() {
  const app = $("#app");
  /** @type {Database | null} */
  const data = await readOrProblem("/api/database", "Open data", { href: "/", text: "All games" });
  if (!data) return;
  const intro = "Every finished game of the site, by game and by the month it ended, as text records and as JSON lines, compressed with zstandard; the puzzles with their ratings and themes; the opening books. No chat and no e-mail leave: players are their account names, closed accounts are 'anonymous' and guests 'guest'.";
  app.append(h("section", { class: "card" }, ...pageHead("Open data", intro), h("p", { class: "help" }, "Read a file with shoal: ", h("code", { text: "shoal.records.archive.read_games(path)" }), " replays its games one at a time. Check a download with ", h("code", { text: "sha256sum" }), ".")));
  if (!data.files.length) {
    app.append(h("section", { class: "card", id: "database-files" }, h("p", { text: "Nothing has been published yet." })));
    return;
  }
  const games = [...new Set(data.files.map((f) => f.game))].sort();
  /** @type {Record<string, string>} */
  const titles = {};
  for (const entry of await api("/api/catalog").catch(() => [])) titles[entry.id] = entry.title;
  app.append(h("p", { class: "help", id: "exported", text: `Exported ${new Date(data.exported ?? "").toUTCString()} (format version ${data.version}).` }));
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
            h("caption", { class: "sr-only", text: `The files of ${game}` }),
            h("tr", {}, ["File", "What", "Count", "Size", "SHA-256"].map((t) => h("th", { scope: "col", text: t }))),
            files.map(row),
          ),
        ),
      ),
    );
  }
}

topbar();
main().then(footer);
