import { expect, test } from "bun:test";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { hasPending } from "../../src/store/pending.ts";
import { bestChunksOf } from "../../src/store/rank-source.ts";
import { tempDir } from "../helpers/temp.ts";

const LOG = [
  ...Array.from({ length: 300 }, (_, i) => `[build] compiled module ${i} ok in ${i % 50} ms`),
  "ERROR: linker failed on symbol _frobnicate (undefined reference in libwidget.a)",
  ...Array.from({ length: 300 }, (_, i) => `[build] compiled module ${300 + i} ok in ${i % 40} ms`),
].join("\n");

test("a source whose full-text rows wait is ranked in memory: its rare words first, words it lacks ignored", () => {
  const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  indexSource(db, { label: "hook:Bash#1", text: LOG, kind: "text", maxChunk: 4096, deferSearch: true });
  expect(hasPending(db)).toBe(true);
  const best = bestChunksOf(db, "hook:Bash#1", "why does the linker fail on frobnicate module zzyzx", 3, 700);
  expect(best.length).toBeGreaterThan(0);
  expect(best[0]!.snippet).toContain("ERROR: linker failed on symbol _frobnicate");
  expect(best[0]!.lineStart).toBeLessThanOrEqual(301);
  expect(best[0]!.lineEnd).toBeGreaterThanOrEqual(301);
  expect(Buffer.byteLength(best[0]!.snippet)).toBeLessThanOrEqual(700);
  // Nothing of the query in the source, or no words at all: no parts.
  expect(bestChunksOf(db, "hook:Bash#1", "zzyzx quokka", 3, 700)).toEqual([]);
  expect(bestChunksOf(db, "hook:Bash#1", "   ", 3, 700)).toEqual([]);
  expect(bestChunksOf(db, "no-such-label", "linker", 3, 700)).toEqual([]);
  // Ranking in memory wrote nothing: the rows still wait for a search to write them.
  expect(hasPending(db)).toBe(true);
  db.close();
});
