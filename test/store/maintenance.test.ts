import { expect, test } from "bun:test";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import { storeHealth } from "../../src/store/fts-health.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { maintainStore, mergeDue, mergeStep, READ_SEGMENTS_MAX, WAL_LIMIT_BYTES } from "../../src/store/maintenance.ts";
import { search } from "../../src/store/search.ts";
import { tempDir } from "../helpers/temp.ts";

test("segment counts come from each index's structure record: one small source, one segment", () => {
  const path = join(tempDir("ctxmode-health-"), "context.db");
  const db = openStore(path, { busyTimeoutMs: 1000 });
  try {
    for (let i = 0; i < 5; i++) indexSource(db, { label: `l${i}`, text: `# t${i}\n\nword${i} hello\n`, kind: "markdown", maxChunk: 4096 });
    const h = storeHealth(db, path);
    // A segment this small is one leaf page; the other two rows are the structure and averages records.
    for (const table of ["fts_words", "fts_grams"] as const) {
      const rows = Number(db.prepare<{ n: number }>(`SELECT count(*) AS n FROM ${table}_data`).get()?.n);
      expect(h.segments[table]).toBe(rows - 2);
    }
    expect(h.segments.fts_words).toBe(5);
    expect(h.dbBytes).toBeGreaterThan(0);
  } finally {
    db.close();
  }
});

test("a WAL past the limit is checkpointed and truncated; under it nothing is done", () => {
  const path = join(tempDir("ctxmode-maint-"), "context.db");
  const db = openStore(path, { busyTimeoutMs: 1000 });
  try {
    expect(maintainStore(db, path).checkpointed).toBe(false);
    // As when readers keep SQLite's own autocheckpoint from ever restarting the WAL.
    db.exec("PRAGMA wal_autocheckpoint = 0");
    const line = (i: number) => `alpha${i} beta gamma${i % 97} delta epsilon${i % 13} zeta eta theta\n`;
    for (let n = 0; n < 60 && storeHealth(db, path).walBytes <= WAL_LIMIT_BYTES; n++) {
      indexSource(db, { label: `big-${n}`, text: Array.from({ length: 4000 }, (_, i) => line(i + n * 4000)).join(""), kind: "text", maxChunk: 4096 });
    }
    expect(storeHealth(db, path).walBytes).toBeGreaterThan(WAL_LIMIT_BYTES);
    expect(maintainStore(db, path).checkpointed).toBe(true);
    expect(storeHealth(db, path).walBytes).toBe(0);
    expect(db.prepare<{ n: number }>("SELECT count(*) AS n FROM fts_words WHERE fts_words MATCH 'alpha7'").get()?.n).toBe(1);
  } finally {
    db.close();
  }
});

/**
 * A store of 40 sources, each written in a transaction of its own, as hooks and one-file calls
 * write: a segment each until automerge (16) kicks in. `answers` gives the first hits of a few
 * queries, to compare before and after merging.
 */
function manySegments(prefix: string) {
  const path = join(tempDir(prefix), "context.db");
  const db = openStore(path, { busyTimeoutMs: 1000 });
  for (let i = 0; i < 40; i++) {
    indexSource(db, { label: `n${i}`, text: `# Note ${i}\n\nmarigold${i} ${"common words here ".repeat(50)} wren\n`, kind: "markdown", maxChunk: 4096 });
  }
  const hits = (q: string) => search(db, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits.map((h) => h.source);
  const answers = () => ["marigold7", "note 23 wren", "common words"].map(hits);
  return { path, db, answers };
}

test("idle merge steps take the segments indexing left down to one a level, and answers stay the same", () => {
  const { path, db, answers: answersNow } = manySegments("ctxmode-merge-");
  try {
    const before = storeHealth(db, path).segments;
    expect(before.fts_words).toBeGreaterThan(8);
    // More than a read should seek: the first read after such a run waits for the merge (mcp/context.ts store).
    expect(mergeDue(db)).toBe(true);
    const answers = answersNow();
    let steps = 0;
    while (!mergeStep(db, path)) steps++;
    expect(steps).toBeGreaterThan(0);
    const after = storeHealth(db, path).segments;
    for (const table of ["fts_words", "fts_grams", "fts_titles"] as const) expect(after[table]).toBeLessThanOrEqual(2);
    expect(mergeDue(db)).toBe(false);
    // Nothing left: a step writes nothing (no commit another connection would see).
    const other = openStore(path, { busyTimeoutMs: 1000 });
    const version = () => other.prepare<{ data_version: number }>("PRAGMA data_version").get()!.data_version;
    const seen = version();
    expect(mergeStep(db, path)).toBe(true);
    expect(version()).toBe(seen);
    indexSource(db, { label: "late", text: "# Late\n\nanother\n", kind: "markdown", maxChunk: 4096 });
    // A source or two more leave too few segments to hold a read up.
    expect(storeHealth(db, path).segments.fts_words).toBeLessThanOrEqual(READ_SEGMENTS_MAX);
    expect(mergeDue(db)).toBe(false);
    expect(version()).not.toBe(seen);
    other.close();
    expect(answersNow()).toEqual(answers);
    for (const table of ["fts_words", "fts_grams", "fts_titles"]) db.exec(`INSERT INTO ${table}(${table}) VALUES ('integrity-check')`);
  } finally {
    db.close();
  }
});

test("a merge down for a read stops once no index holds more than a read should seek, and answers stay the same", () => {
  const { path, db, answers: answersNow } = manySegments("ctxmode-merge-down-");
  try {
    expect(mergeDue(db)).toBe(true);
    const answers = answersNow();
    let steps = 0;
    while (!mergeStep(db, path, READ_SEGMENTS_MAX)) steps++;
    expect(steps).toBeGreaterThan(0);
    for (const n of Object.values(storeHealth(db, path).segments)) expect(n).toBeLessThanOrEqual(READ_SEGMENTS_MAX);
    expect(mergeDue(db)).toBe(false);
    // Nothing above the bound: a step does nothing and says so.
    expect(mergeStep(db, path, READ_SEGMENTS_MAX)).toBe(true);
    expect(answersNow()).toEqual(answers);
    for (const table of ["fts_words", "fts_grams", "fts_titles"]) db.exec(`INSERT INTO ${table}(${table}) VALUES ('integrity-check')`);
  } finally {
    db.close();
  }
});
