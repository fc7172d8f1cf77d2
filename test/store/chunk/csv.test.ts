import { describe, expect, test } from "bun:test";
import { chunkText } from "../../../src/store/chunk/index.ts";
import { byteLength, expectValidChunks, fixture, sourceLines } from "./chunk-checks.ts";

const csv = (t: string, maxChunk = 4096, name = "data.csv") => chunkText(t, "csv", { maxChunk, name });

describe("csv", () => {
  test("analytics.csv: every chunk starts with the header; rows are numbered and all present", () => {
    const t = fixture("analytics.csv");
    const lines = sourceLines(t);
    const header = lines[0]!;
    const chunks = csv(t, 4096, "analytics.csv");
    expectValidChunks(chunks, t, 4096);
    expect(chunks.length).toBeGreaterThan(10);
    let nextRow = 1;
    for (const [i, c] of chunks.entries()) {
      const [first, ...rows] = c.body.split("\n");
      expect(first).toBe(header);
      const m = /^analytics\.csv rows (\d+)-(\d+)$/.exec(c.title)!;
      expect(Number(m[1])).toBe(nextRow);
      expect(Number(m[2]) - Number(m[1]) + 1).toBe(rows.length);
      nextRow = Number(m[2]) + 1;
      expect(rows).toEqual(lines.slice(c.lineEnd - rows.length, c.lineEnd));
      if (i === 0) expect(c.lineStart).toBe(1);
    }
    expect(nextRow - 1).toBe(lines.length - 1);
  });

  test("a quoted field spanning lines stays in one row", () => {
    const rows = Array.from({ length: 30 }, (_, i) => `${i},"note line one\nnote line two for row ${i}",ok`);
    const t = ["id,note,status", ...rows].join("\n");
    const chunks = csv(t, 300);
    expectValidChunks(chunks, t, 300);
    for (const c of chunks) {
      const body = c.body.split("\n").slice(1).join("\n");
      expect((body.match(/"/g) ?? []).length % 2).toBe(0);
    }
  });

  test("a header bigger than half a chunk is indexed once on its own", () => {
    const header = Array.from({ length: 40 }, (_, i) => `column_${i}`).join(",");
    const t = [header, ...Array.from({ length: 20 }, (_, i) => `${i},a,b`)].join("\n");
    const chunks = csv(t, 600);
    expectValidChunks(chunks, t, 600);
    expect(chunks[0]!.title).toBe("data.csv header");
    expect(chunks.slice(1).every((c) => !c.body.includes("column_0"))).toBe(true);
  });

  test("only a header; tab-separated works the same", () => {
    expect(csv("a,b,c\n").map((c) => c.title)).toEqual(["data.csv header"]);
    const tsv = csv("name\tqty\napple\t3\npear\t5\n", 4096, "stock.tsv");
    expect(tsv).toEqual([{ title: "stock.tsv rows 1-2", body: "name\tqty\napple\t3\npear\t5", lineStart: 1, lineEnd: 3, code: false }]);
  });

  test("an oversize row is split but each piece keeps the header", () => {
    const t = `id,blob\n1,${"ж".repeat(2000)}\n`;
    const chunks = csv(t, 512);
    expectValidChunks(chunks, t, 512);
    expect(chunks.every((c) => c.body.startsWith("id,blob\n") && byteLength(c.body) <= 512)).toBe(true);
    expect(chunks.map((c) => c.body.slice("id,blob\n".length)).join("")).toBe(`1,${"ж".repeat(2000)}`);
  });
});
