import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import { indexSource, indexSources } from "../../src/store/index-source.ts";
import { flushPending, hasPending } from "../../src/store/pending.ts";
import { purge } from "../../src/store/purge.ts";
import { search } from "../../src/store/search.ts";
import { tempDir } from "../helpers/temp.ts";

const open = (path = join(tempDir(), "context.db")) => openStore(path, { busyTimeoutMs: 5000 });
type Db = ReturnType<typeof open>;
const find = (db: Db, q: string) => search(db, q, { limit: 5, snippetMax: 800, rrfK: 60 }).hits;
const count = (db: Db, sql: string) => db.prepare<{ n: number }>(sql).get()!.n;
/** FTS5's own check of an external-content index against its chunks: throws when they disagree. */
const ftsIntact = (db: Db) => {
  db.exec("INSERT INTO fts_words(fts_words) VALUES ('integrity-check')");
  db.exec("INSERT INTO fts_grams(fts_grams) VALUES ('integrity-check')");
  return true;
};
const deferred = (label: string, text: string) => ({ label, text, kind: "markdown" as const, maxChunk: 4096, deferSearch: true });

describe("full-text rows written later (deferSearch)", () => {
  test("chunks are stored at once; the full-text rows and the vocabulary come with flushPending", () => {
    const db = open();
    const r = indexSource(db, deferred("notes.md", "# Rollout\n\nThe zephyrine canary rolls out on Tuesdays.\n"));
    expect(r.chunks).toBe(1);
    expect(r.titles).toEqual(["Rollout"]);
    expect(hasPending(db)).toBe(true);
    expect(find(db, "zephyrine")).toEqual([]);
    expect(flushPending(db)).toBe(true);
    expect(hasPending(db)).toBe(false);
    expect(find(db, "zephyrine")[0]?.source).toBe("notes.md");
    // The word reached the spelling vocabulary too: a misspelling finds it.
    expect(find(db, "zephyrne")[0]?.source).toBe("notes.md");
    expect(ftsIntact(db)).toBe(true);
    db.close();
  });

  test("replacing or purging a waiting doc deletes no full-text rows it never had", () => {
    const db = open();
    indexSource(db, deferred("a.md", "# One\n\nfirst quillwort text\n"));
    indexSource(db, deferred("a.md", "# Two\n\nsecond marrowfat text\n"));
    indexSource(db, deferred("b.md", "# Three\n\nthird bracken text\n"));
    purge(db, { source: "b.md" });
    expect(count(db, "SELECT count(*) AS n FROM fts_pending")).toBe(1);
    flushPending(db);
    expect(ftsIntact(db)).toBe(true);
    expect(find(db, "quillwort")).toEqual([]);
    expect(find(db, "bracken")).toEqual([]);
    expect(find(db, "marrowfat")[0]?.source).toBe("a.md");
    indexSource(db, deferred("c.md", "# Four\n\nwaiting text\n"));
    purge(db, { all: true });
    expect(hasPending(db)).toBe(false);
    expect(ftsIntact(db)).toBe(true);
    db.close();
  });

  test("text indexed at once that a waiting doc already holds is searchable at once", () => {
    const db = open();
    const text = "# Shared\n\nthe hawkbit migration note\n";
    indexSource(db, deferred("later.md", text));
    indexSource(db, { label: "now.md", text, kind: "markdown", maxChunk: 4096 });
    expect(hasPending(db)).toBe(false);
    expect(find(db, "hawkbit").length).toBeGreaterThan(0);
    expect(ftsIntact(db)).toBe(true);
    db.close();
  });

  test("a flush bounded by bytes leaves the rest for the next one, oldest first", () => {
    const db = open();
    const body = (word: string) => `# ${word}\n\n${`${word} filler line for the size\n`.repeat(400)}`;
    indexSources(
      db,
      ["alderfly", "bogbean", "cowslip"].map((w) => deferred(`${w}.md`, body(w))),
    );
    expect(flushPending(db, 1)).toBe(false);
    expect(find(db, "alderfly").length).toBeGreaterThan(0);
    expect(find(db, "cowslip")).toEqual([]);
    expect(flushPending(db, 1)).toBe(false);
    expect(flushPending(db, 1)).toBe(true);
    expect(find(db, "cowslip").length).toBeGreaterThan(0);
    expect(ftsIntact(db)).toBe(true);
    db.close();
  });

  test("what waits survives the process: another connection flushes it", () => {
    const path = join(tempDir(), "context.db");
    const first = open(path);
    indexSource(first, deferred("kept.md", "# Kept\n\nthe moonwort survives a crash\n"));
    first.close();
    const second = open(path);
    expect(hasPending(second)).toBe(true);
    flushPending(second);
    expect(find(second, "moonwort")[0]?.source).toBe("kept.md");
    second.close();
  });
});
