import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { flushPending } from "../../src/store/pending.ts";
import { purge } from "../../src/store/purge.ts";
import { search } from "../../src/store/search.ts";
import { backfillTitles, titlesPending, titlesReady } from "../../src/store/titles.ts";
import { upgradePending, upgradeStep } from "../../src/store/upgrade.ts";
import { tempDir } from "../helpers/temp.ts";

const open = () => openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
type Db = ReturnType<typeof open>;
const md = (label: string, text: string, deferSearch = false) => ({ label, text, kind: "markdown" as const, maxChunk: 4096, deferSearch });
const count = (db: Db, sql: string, params: Record<string, string | number> = {}) => db.prepare<{ n: number }>(sql).get(params)!.n;
/** Rows of the title index matching `words`, with repeats (a doubled row would show twice). */
const titleRows = (db: Db, words: string) =>
  db
    .prepare<{ id: number }>("SELECT rowid AS id FROM fts_titles WHERE fts_titles MATCH $m")
    .all({ m: words })
    .map((r) => r.id);
const intact = (db: Db) => {
  db.exec("INSERT INTO fts_titles(fts_titles) VALUES ('integrity-check')");
  db.exec("INSERT INTO fts_words(fts_words) VALUES ('integrity-check')");
  return true;
};

/** A database as schema 9 left it: chunks stored, the title index empty and its backfill queued by migration 10. */
function asBeforeTitles(db: Db): void {
  db.exec("DELETE FROM fts_titles");
  db.exec("INSERT INTO store_meta(key, value) SELECT 'titles_backfill', json_object('next', min(id), 'end', max(id)) FROM chunks");
}

const doc = (name: string, n: number) =>
  Array.from({ length: n }, (_, i) => `# ${name} section ${i}\n\n${"filler words about nothing in particular ".repeat(40)}\n`).join("\n");

describe("the title index", () => {
  test("holds every stored chunk's title, and loses a doc's titles with the doc", () => {
    const db = open();
    indexSource(db, md("a.md", "# Heronsbill setup\n\nsteps\n\n# Teardown\n\nmore\n"));
    indexSource(db, md("b.md", "# Gallberry notes\n\ntext\n"));
    expect(titlesReady(db)).toBe(true);
    expect(count(db, "SELECT count(*) AS n FROM chunks")).toBe(3);
    expect(titleRows(db, "heronsbill")).toHaveLength(1);
    // Porter stems, as in the word index: "notes" finds "note".
    expect(titleRows(db, "gallberry AND note")).toHaveLength(1);
    purge(db, { source: "a.md" });
    expect(titleRows(db, "heronsbill")).toEqual([]);
    purge(db, { all: true });
    expect(titleRows(db, "gallberry")).toEqual([]);
    expect(intact(db)).toBe(true);
    db.close();
  });

  test("a doc waiting for its full-text rows gets its titles with them", () => {
    const db = open();
    indexSource(db, md("w.md", "# Quillwort rollout\n\nbody\n", true));
    expect(titleRows(db, "quillwort")).toEqual([]);
    flushPending(db);
    expect(titleRows(db, "quillwort")).toHaveLength(1);
    expect(search(db, "quillwort rollout", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]?.source).toBe("w.md");
    db.close();
  });
});

describe("titles of chunks stored before the title index (schema 10)", () => {
  test("are read in batch by batch, passing over waiting docs; search answers the same throughout", () => {
    const db = open();
    indexSource(db, md("old.md", doc("Marshwort", 30)));
    indexSource(db, md("waiting.md", "# Bogbean waiting\n\nbody\n", true));
    asBeforeTitles(db);
    expect(titlesReady(db)).toBe(false);
    expect(upgradePending(db)).toBe(true);
    const q = "marshwort section 17";
    const before = search(db, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits.map((h) => h.title);
    expect(before[0]).toBe("Marshwort section 17");
    // Chunks indexed meanwhile get their titles at once.
    indexSource(db, md("new.md", "# Sundew notes\n\nfresh\n"));
    expect(titleRows(db, "sundew")).toHaveLength(1);
    let batches = 0;
    while (!backfillTitles(db, 7)) batches++;
    expect(batches).toBeGreaterThanOrEqual(4);
    expect(titlesPending(db)).toBe(false);
    expect(titleRows(db, "marshwort")).toHaveLength(30);
    // The waiting doc was passed over; its flush adds its title.
    expect(titleRows(db, "bogbean")).toEqual([]);
    flushPending(db);
    expect(titleRows(db, "bogbean")).toHaveLength(1);
    expect(search(db, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits.map((h) => h.title)).toEqual(before);
    expect(intact(db)).toBe(true);
    db.close();
  });

  test("a chunk id reused inside the queued range gets one title row, not two", () => {
    const db = open();
    indexSource(db, md("keep.md", "# Keep\n\nbody\n"));
    indexSource(db, md("last.md", "# Cowslip last\n\nbody\n"));
    asBeforeTitles(db);
    const end = count(db, "SELECT max(id) AS n FROM chunks");
    // The newest chunk goes and a new one takes its id (no AUTOINCREMENT), inside the queued range.
    purge(db, { source: "last.md" });
    indexSource(db, md("reuse.md", "# Teasel reused\n\nbody\n"));
    expect(count(db, "SELECT max(id) AS n FROM chunks")).toBe(end);
    expect(titleRows(db, "teasel")).toEqual([end]);
    while (!upgradeStep(db, 1)) {
      // titles first, then anything else queued
    }
    expect(titleRows(db, "teasel")).toEqual([end]);
    expect(titleRows(db, "cowslip")).toEqual([]);
    expect(titleRows(db, "keep")).toHaveLength(1);
    expect(intact(db)).toBe(true);
    db.close();
  });
});
