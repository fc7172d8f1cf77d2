import { expect, test } from "bun:test";
import { join } from "node:path";
import { openStore, type Database } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { docFreq, stems } from "../../src/store/term-stats.ts";
import { tempDir } from "../helpers/temp.ts";

/** What the porter index says now, asked on a connection of its own. */
function truth(path: string, stem: string): number {
  const db = openStore(path, { busyTimeoutMs: 2000, readonly: true });
  try {
    return Number(db.prepare<{ doc: number }>("SELECT doc FROM fts_words_vocab WHERE term = $t").get({ t: stem })?.doc ?? 0);
  } finally {
    db.close();
  }
}

const note = (label: string, body: string) => ({ label, text: `# ${label}\n\n${body}\n`, kind: "markdown" as const, maxChunk: 4096 });

// `abuse` stems to `abus`, which FTS5 would stem again to `abu`: a count past the cached one must go through the word.
const WORDS = ["abuse", "caching", "threads", "relational", "walrus"];

function expectExact(db: Database, path: string): void {
  for (const s of stems(db, WORDS)) expect({ s, n: docFreq(db, s) }).toEqual({ s, n: truth(path, s) });
}

test("word frequencies stay exact as chunks are added, replaced and written by another connection", () => {
  const path = join(tempDir("ctxmode-df-"), "context.db");
  const db = openStore(path, { busyTimeoutMs: 2000 });
  try {
    for (let i = 0; i < 6; i++) indexSource(db, note(`n${i}`, `abuse of caching ${i % 2 ? "threads" : "walrus"} note${i}`));
    expectExact(db, path);
    // Added only: each count takes in the new chunks.
    for (let i = 6; i < 9; i++) indexSource(db, note(`n${i}`, `more abuse, relational caching, walrus ${i}`));
    expectExact(db, path);
    // Another connection adds some too.
    const other = openStore(path, { busyTimeoutMs: 2000 });
    indexSource(other, note("other", "abuse abuse threads from elsewhere"));
    other.close();
    expectExact(db, path);
    // A label indexed again with other text drops its old chunks: the counts are made again.
    indexSource(db, note("n1", "nothing of the kind here"));
    indexSource(db, note("n7", "still some caching"));
    expectExact(db, path);
    expect(docFreq(db, stems(db, ["abuse"])[0]!)).toBe(8);
  } finally {
    db.close();
  }
});
