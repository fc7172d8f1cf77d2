import { expect, test } from "bun:test";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { boundPending, waitingBytes } from "../../src/store/pending.ts";
import { search } from "../../src/store/search.ts";
import { tempDir } from "../helpers/temp.ts";

const doc = (i: number) => `# Note ${i}\n\n${`the sedgewarbler${i} entry says what happened on day ${i}. `.repeat(40)}\n`;

test("past the cap, one call writes the oldest waiting rows down to the cap less the slack, then none until the cap is passed again", () => {
  const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  const size = Buffer.byteLength(doc(10));
  const cap = size * 4;
  const slack = size * 2;
  const writes: number[] = [];
  for (let i = 10; i < 22; i++) {
    indexSource(db, { label: `n${i}.md`, text: doc(i), kind: "markdown", maxChunk: 4096, deferSearch: true });
    const before = waitingBytes(db);
    boundPending(db, cap, slack);
    writes.push(Math.round((before - waitingBytes(db)) / size));
  }
  // Five waiting docs pass the cap of four: the call writes three (one over, two of slack); the
  // next two calls write nothing; the third passes the cap again.
  expect(writes).toEqual([0, 0, 0, 0, 3, 0, 0, 3, 0, 0, 3, 0]);
  expect(waitingBytes(db)).toBeLessThanOrEqual(cap);
  // Oldest first: the first docs have their full-text rows, the newest still wait for theirs.
  const hits = (q: string) => search(db, q, { limit: 3, snippetMax: 400, rrfK: 60 }).hits.map((h) => h.source);
  expect(hits("sedgewarbler10")).toEqual(["n10.md"]);
  expect(hits("sedgewarbler21")).toEqual([]);
  db.close();
});
