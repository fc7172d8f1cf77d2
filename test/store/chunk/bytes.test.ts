import { describe, expect, test } from "bun:test";
import { splitUtf8, utf8Length } from "../../../src/store/chunk/bytes.ts";
import { chunkText } from "../../../src/store/chunk/index.ts";
import { byteLength, expectValidChunks, fixture } from "./chunk-checks.ts";

const wellFormed = (s: string) => Buffer.from(s, "utf8").toString("utf8") === s;

describe("utf8Length", () => {
  test.each([
    ["", 0],
    ["abc", 3],
    ["é", 2],
    ["中", 3],
    ["🔒", 4],
    ["🛡️", 7],
    ["\ud800", 3],
  ])("%j is %i bytes", (s, n) => {
    expect(utf8Length(s)).toBe(n);
  });
});

describe("splitUtf8", () => {
  test("pieces fit, are well-formed and concatenate to the input", () => {
    const inputs = ["日本語🔒🛡️👨‍👩‍👧‍👦 mixed ".repeat(400), "a".repeat(1000), "é".repeat(999), "x y ".repeat(300)];
    for (const s of inputs) {
      for (const max of [4, 5, 7, 64, 1000]) {
        const pieces = splitUtf8(s, max);
        expect(pieces.join("")).toBe(s);
        for (const p of pieces) {
          expect(byteLength(p)).toBeLessThanOrEqual(max);
          expect(p.length).toBeGreaterThan(0);
          expect(wellFormed(p)).toBe(true);
        }
      }
    }
  });

  test("an emoji sequence or accented letter is not cut when a piece has room before it", () => {
    const family = "👨‍👩‍👧‍👦";
    // The family is 25 bytes: it must move whole to the second piece.
    const pieces = splitUtf8(`${"a".repeat(10)}${family}${"b".repeat(10)}`, 30);
    expect(pieces[0]).toBe("a".repeat(10));
    expect(pieces[1]!.startsWith(family)).toBe(true);
    const pieces2 = splitUtf8(`${"a".repeat(9)}e\u0301x`, 10);
    expect(pieces2[0]).toBe("a".repeat(9));
  });

  test("prefers to cut after whitespace", () => {
    expect(splitUtf8("alpha beta gamma delta", 12)).toEqual(["alpha beta ", "gamma delta"]);
  });
});

describe("multi-byte text through the chunkers", () => {
  test("utf8-content.txt keeps CJK, symbols and emoji intact", () => {
    const t = fixture("utf8-content.txt");
    const chunks = chunkText(t, "text", { maxChunk: 4096, name: "utf8-content.txt" });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.body).toBe(t.trimEnd());
    for (const max of [64, 100]) {
      const small = chunkText(t, "text", { maxChunk: max, name: "u" });
      expectValidChunks(small, t, max);
      expect(small.map((c) => c.body).join("\n")).toContain("🔒 🛡️ ⚠️ ✅ ❌");
    }
  });

  test.each(["text", "markdown", "code", "csv", "json"] as const)("a 20 KB single line of emoji and CJK as %s", (kind) => {
    const line = "漢字かな交じり文🔒🛡️✅한국어😀".repeat(500).slice(0, 10000);
    expect(byteLength(line)).toBeGreaterThan(20000);
    const chunks = chunkText(line, kind, { maxChunk: 4096, name: "giant" });
    expectValidChunks(chunks, line, 4096);
    expect(chunks.length).toBeGreaterThan(4);
    expect(chunks.map((c) => c.body).join("")).toBe(line);
    expect(chunks.every((c) => c.lineStart === 1 && c.lineEnd === 1)).toBe(true);
  });
});
