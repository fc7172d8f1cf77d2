import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { chunkText, detectKind, type ContentKind } from "../../../src/store/chunk/index.ts";
import { expectExactLineCover, expectValidChunks, fixture, fixturesDir } from "./chunk-checks.ts";

const KINDS: ContentKind[] = ["markdown", "json", "text", "csv", "code"];

describe("chunkText", () => {
  test.each(KINDS)("empty and whitespace-only %s input gives no chunks", (kind) => {
    for (const t of ["", " ", "\n\n\n", " \t\r\n  \n"]) expect(chunkText(t, kind, { maxChunk: 4096, name: "x" })).toEqual([]);
  });

  test("an empty name still gives non-empty titles", () => {
    for (const kind of KINDS) expect(chunkText("hello", kind, { maxChunk: 4096, name: "" })[0]!.title).not.toBe("");
  });

  test("every fixture, chunked as detected and as every kind, keeps the invariants", () => {
    for (const name of readdirSync(fixturesDir)) {
      const t = fixture(name);
      const detected = detectKind(name, t);
      for (const kind of new Set([detected, ...KINDS])) {
        for (const max of [512, 4096]) {
          const chunks = chunkText(t, kind, { maxChunk: max, name });
          expect(chunks.length).toBeGreaterThan(0);
          expectValidChunks(chunks, t, max);
          if (kind === "text" || kind === "code") expectExactLineCover(chunks, t);
        }
      }
    }
  });

  test("a few MB of log and JSON chunk without trouble (no timing asserted)", () => {
    const log = fixture("access.log").repeat(60);
    const logChunks = chunkText(log, "text", { maxChunk: 4096, name: "big.log" });
    expect(logChunks[logChunks.length - 1]!.lineEnd).toBe(30000);
    const issues = JSON.stringify(Array.from({ length: 40 }, () => JSON.parse(fixture("github-issues.json")) as unknown[]).flat());
    expect(chunkText(issues, "json", { maxChunk: 4096, name: "issues.json" }).length).toBeGreaterThan(500);
  });
});
