import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore, transaction, type Database } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { search } from "../../src/store/search.ts";
import { fileNamer, MAX_NAMED } from "../../src/store/source-names.ts";
import { tempDir } from "../helpers/temp.ts";

const md = (label: string, text: string) => ({ label, text, kind: "markdown" as const, maxChunk: 4096 });
const docOf = (db: Database, label: string) => db.prepare<{ doc_id: number }>("SELECT doc_id FROM sources WHERE label = $label").get({ label })!.doc_id;
const named = (db: Database, word: string, indexed = word) => fileNamer(db)(word, indexed).map((d) => d.doc);

describe("fileNamer", () => {
  let db: Database;
  beforeAll(() => {
    db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(db, md("docs/mawk.1.txt", "# mawk\n\nAn awk interpreter.\n\n## system\n\nRuns a command.\n"));
    indexSource(db, md("https://example.com/docs/logging.html", "# Logging\n\nHandlers and levels.\n"));
    indexSource(db, md("npm/node-fetch-README.md", "# node-fetch\n\nA light fetch.\n"));
    for (let i = 0; i <= MAX_NAMED; i++) indexSource(db, md(`pkg${i}/README.md`, `# Package ${i}\n\nIt does thing ${i}.\n`));
    indexSource(db, md("notes", "# Notes\n\nA label that names no file.\n"));
  });

  test("a word of a file's name names it, as typed or by its stem", () => {
    expect(named(db, "mawk")).toEqual([docOf(db, "docs/mawk.1.txt")]);
    expect(named(db, "log", "log")).toEqual([docOf(db, "https://example.com/docs/logging.html")]);
    expect(named(db, "fetch")).toEqual([docOf(db, "npm/node-fetch-README.md")]);
  });

  test("the chunk ids given are the doc's own", () => {
    const [d] = fileNamer(db)("mawk", "mawk");
    const ids = db
      .prepare<{ id: number }>("SELECT id FROM chunks WHERE doc_id = $doc ORDER BY id")
      .all({ doc: d!.doc })
      .map((r) => r.id);
    expect([d!.lo, d!.hi]).toEqual([ids[0]!, ids.at(-1)!]);
  });

  test("folders, extensions, numbers, a word in too many names and a label without a file name name nothing", () => {
    expect(named(db, "docs")).toEqual([]);
    expect(named(db, "txt")).toEqual([]);
    expect(named(db, "1")).toEqual([]);
    expect(named(db, "readme")).toEqual([]);
    expect(named(db, "notes")).toEqual([]);
    expect(named(db, "awk")).toEqual([]);
  });

  test("a source added, replaced or removed is seen at the next lookup", () => {
    expect(named(db, "zstd")).toEqual([]);
    indexSource(db, md("man/zstd.1.txt", "# zstd\n\nCompresses.\n"));
    const first = docOf(db, "man/zstd.1.txt");
    expect(named(db, "zstd")).toEqual([first]);
    indexSource(db, md("man/zstd.1.txt", "# zstd\n\nCompresses fast.\n"));
    const second = docOf(db, "man/zstd.1.txt");
    expect(second).not.toBe(first);
    expect(named(db, "zstd")).toEqual([second]);
    transaction(db, () => db.exec("DELETE FROM sources WHERE label = 'man/zstd.1.txt'"));
    expect(named(db, "zstd")).toEqual([]);
  });

  test("a newest source removed and its id given to another label: the old label's words name nothing", () => {
    indexSource(db, md("man/brotli.1.txt", "# brotli\n\nCompresses.\n"));
    expect(named(db, "brotli")).toEqual([docOf(db, "man/brotli.1.txt")]);
    const id = db.prepare<{ id: number }>("SELECT id FROM sources WHERE label = 'man/brotli.1.txt'").get()!.id;
    transaction(db, () => db.exec("DELETE FROM sources WHERE label = 'man/brotli.1.txt'"));
    indexSource(db, md("man/xz.1.txt", "# xz\n\nCompresses too.\n"));
    expect(db.prepare<{ id: number }>("SELECT id FROM sources WHERE label = 'man/xz.1.txt'").get()!.id).toBe(id);
    expect(named(db, "brotli")).toEqual([]);
    expect(named(db, "xz")).toEqual([docOf(db, "man/xz.1.txt")]);
  });
});

describe("search with a file the query names", () => {
  let db: Database;
  beforeAll(() => {
    db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    // Forty sections that hold the question's rarer words together, in a file it does not name.
    const busy = Array.from(
      { length: 40 },
      (_, i) =>
        `## subprocess.kill variant ${i}\n\nSends a signal to the child; the child is killed and its exit is reported to the parent.\nA killed child gives back no output after the signal.\n`,
    ).join("\n");
    indexSource(db, md("node/child_process.md", `# Child process\n\n${busy}`));
    // And forty that say mawk and system() often, about other things.
    const notes = Array.from({ length: 40 }, (_, i) => `## Note ${i}\n\nmawk and gawk read system() and getline alike in case ${i}; mawk is faster.\n`).join(
      "\n",
    );
    indexSource(db, md("notes/awk-notes.md", `# Awk notes\n\n${notes}`));
    indexSource(
      db,
      md(
        "man/mawk.1.txt",
        "# mawk\n\n## Input\n\nReads records from files.\n\n## system(expr)\n\nRuns expr with the shell and gives back its wait status. When the command was killed by a signal, mawk gives back the signal number plus 256.\n\n## Output\n\nWrites records.\n",
      ),
    );
  });

  test("the named file's section is found though other files hold the other words more often", () => {
    const hits = search(db, "what does mawk's system() give back when the child was killed by a signal", { limit: 5, snippetMax: 800, rrfK: 60 }).hits;
    expect(hits[0]?.source).toBe("man/mawk.1.txt");
    expect(hits[0]?.title).toContain("system(expr)");
  });
});
