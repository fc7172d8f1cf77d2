/** Shared fixture access and invariants every chunker must keep. */

import { expect } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Chunk } from "../../../src/store/chunk/index.ts";

export const fixturesDir = join(import.meta.dir, "..", "..", "..", "bench", "fixtures");

export function fixture(name: string): string {
  return readFileSync(join(fixturesDir, name), "utf8");
}

export function byteLength(s: string): number {
  return Buffer.byteLength(s, "utf8");
}

/** Lines the way the chunkers count them: a final newline does not open another line. */
export function sourceLines(text: string): string[] {
  const lines = text.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Sizes, titles, well-formed UTF-8 and line ranges inside the source, in source order. */
export function expectValidChunks(chunks: Chunk[], text: string, maxChunk: number): void {
  const lineCount = sourceLines(text).length;
  let lastStart = 0;
  for (const c of chunks) {
    expect(byteLength(c.body)).toBeLessThanOrEqual(maxChunk);
    expect(c.title.trim()).not.toBe("");
    expect(c.body.trim()).not.toBe("");
    // Round-tripping through UTF-8 changes a string only if it holds a lone surrogate.
    expect(Buffer.from(c.body, "utf8").toString("utf8")).toBe(c.body);
    expect(c.lineStart).toBeGreaterThanOrEqual(1);
    expect(c.lineEnd).toBeGreaterThanOrEqual(c.lineStart);
    expect(c.lineEnd).toBeLessThanOrEqual(lineCount);
    expect(c.lineStart).toBeGreaterThanOrEqual(lastStart);
    lastStart = c.lineStart;
  }
}

/**
 * For line-based kinds: chunks do not overlap (a split giant line aside), every non-blank line
 * lies in a chunk, and a chunk's body is exactly its source lines.
 */
export function expectExactLineCover(chunks: Chunk[], text: string): void {
  const lines = sourceLines(text);
  const covered = new Array<boolean>(lines.length).fill(false);
  let prevEnd = 0;
  for (const c of chunks) {
    const sameLine = c.lineStart === c.lineEnd && c.lineStart === prevEnd;
    if (!sameLine) expect(c.lineStart).toBeGreaterThan(prevEnd);
    for (let i = prevEnd + 1; i < c.lineStart; i++) expect(lines[i - 1]!.trim()).toBe("");
    const slice = lines.slice(c.lineStart - 1, c.lineEnd).join("\n");
    if (c.lineStart === c.lineEnd) expect(slice.includes(c.body)).toBe(true);
    else expect(c.body).toBe(slice);
    for (let i = c.lineStart; i <= c.lineEnd; i++) covered[i - 1] = true;
    prevEnd = c.lineEnd;
  }
  lines.forEach((line, i) => {
    if (line.trim() !== "") expect(covered[i]).toBe(true);
  });
}
