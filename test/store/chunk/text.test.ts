import { describe, expect, test } from "bun:test";
import { chunkText } from "../../../src/store/chunk/index.ts";
import { byteLength, expectExactLineCover, expectValidChunks, fixture, sourceLines } from "./chunk-checks.ts";

const text = (t: string, name: string, maxChunk = 4096) => chunkText(t, "text", { maxChunk, name });

describe("logs and tool output", () => {
  test.each(["access.log", "build-output.txt", "test-output.txt", "tsc-errors.txt", "playwright-network.txt", "git-log.txt"])(
    "%s: titles are labels, not raw lines; ranges cover the file exactly",
    (name) => {
      const t = fixture(name);
      const chunks = text(t, name);
      expectValidChunks(chunks, t, 4096);
      expectExactLineCover(chunks, t);
      const lines = sourceLines(t);
      for (const c of chunks) {
        expect(c.title).not.toBe(lines[c.lineStart - 1]!.trim());
        expect(c.title.startsWith(`${name} lines ${c.lineStart}-${c.lineEnd}`)).toBe(true);
        expect(c.code).toBe(false);
        // Specific hits: a few KB and at most 80 lines.
        expect(byteLength(c.body)).toBeLessThanOrEqual(3072);
        expect(c.lineEnd - c.lineStart + 1).toBeLessThanOrEqual(80);
      }
    },
  );

  test("access.log chunks follow minute boundaries and are titled by their time range", () => {
    const chunks = text(fixture("access.log"), "access.log");
    expect(chunks[0]!.title).toBe("access.log lines 1-30: 23/Feb/2026:10:00:01 +0000 – 23/Feb/2026:10:00:59 +0000");
    expect(chunks[1]!.title.startsWith("access.log lines 31-60: 23/Feb/2026:10:01:01")).toBe(true);
  });

  test("test output is titled by its failures", () => {
    const chunks = text(fixture("test-output.txt"), "vitest");
    expect(chunks[0]!.title).toMatch(/^vitest lines 1-\d+: ✗ src\/components\/UserList\.test\.tsx/);
    expect(chunks.filter((c) => c.title.includes("✗")).length).toBeGreaterThanOrEqual(2);
  });

  test("build output: banner first, then the errors", () => {
    const titles = text(fixture("build-output.txt"), "next build").map((c) => c.title);
    expect(titles[0]).toMatch(/^next build lines 1-\d+: ▲ Next\.js 15\.1\.0$/);
    expect(titles.some((t) => t.includes(": ERROR in src/components/DataGrid.tsx"))).toBe(true);
  });

  test("tsc errors are titled by code and file", () => {
    const titles = text(fixture("tsc-errors.txt"), "tsc").map((c) => c.title);
    expect(titles[0]).toMatch(/^tsc lines 1-\d+: error TS2345 in src\/components\/UserList\.tsx$/);
  });

  test.each([
    ["FAIL src/x.test.ts", "FAIL src/x.test.ts"],
    ["=== RUN   TestParse", "=== RUN TestParse"],
    ["Running /build/gdb-13.1/gdb/testsuite/gdb.base/write_mem.exp ...", "Running gdb.base/write_mem.exp"],
    ["Error: connect ECONNREFUSED 127.0.0.1:5432", "Error: connect ECONNREFUSED 127.0.0.1:5432"],
    ["2026-02-23T10:00:01Z INFO started", "2026-02-23T10:00:01Z"],
  ])("a chunk holding %j gets it as its heading", (line, heading) => {
    const t = ["noise one", "noise two", line, "noise three"].join("\n");
    expect(text(t, "out")[0]!.title).toBe(`out lines 1-4: ${heading}`);
  });

  test("plain text without any marker is titled by name and range", () => {
    expect(text("alpha\nbeta\n", "notes")[0]!.title).toBe("notes lines 1-2");
  });
});

describe("listings, one entry per line", () => {
  const dpkg = [
    "Desired=Unknown/Install/Remove/Purge/Hold",
    "||/ Name           Version          Architecture Description",
    "+++-==============-================-============-=================",
    ...Array.from({ length: 60 }, (_, i) => `ii  pkg-${String.fromCharCode(97 + (i % 26))}${i}      1.${i}-1            amd64        package number ${i}`),
  ].join("\n");

  test("dpkg -l: runs of rows titled by the packages they list, the header with the first run", () => {
    const chunks = text(dpkg, "dpkg-l.txt");
    expectValidChunks(chunks, dpkg, 4096);
    expectExactLineCover(chunks, dpkg);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks[0]!.lineStart).toBe(1);
    const row = chunks.find((c) => c.body.includes("pkg-h33 "))!;
    expect(row.title).toContain("pkg-h33");
    for (const c of chunks) expect(c.title.length).toBeLessThan(260);
  });

  test("dpkg -l: the columns its header names stand in every run's title, and the header line is no row", () => {
    const chunks = text(dpkg, "dpkg-l.txt");
    for (const c of chunks) expect(c.title).toMatch(/^dpkg-l\.txt \(Name, Version, Architecture, Description\) lines \d+-\d+: /);
    expect(chunks[0]!.title).toContain(": pkg-a0, ");
  });

  test("a listing without a header line of column names keeps the file's name alone", () => {
    const rows = Array.from({ length: 30 }, (_, i) => `ii  tool-${i}   2.${i}   amd64   a tool`).join("\n");
    for (const c of text(rows, "list.txt")) expect(c.title).toMatch(/^list\.txt lines \d+-\d+: tool-/);
  });

  test("a JVM's flag table is named by its flags, not by their types", () => {
    const flags = [
      "[Global flags]",
      ...Array.from({ length: 30 }, (_, i) => `     bool Flag${i}Enabled                     = ${i % 2 ? "true" : "false"}          {product} {default}`),
    ].join("\n");
    const titles = text(flags, "jvm-flags.txt").map((c) => c.title);
    expect(titles.join("\n")).toContain("Flag17Enabled");
    expect(titles.join("\n")).not.toContain(", bool");
  });

  test.each([
    ["prose", Array.from({ length: 40 }, (_, i) => `The ${i % 2 ? "server" : "client"} sends the request and waits for its reply ${i}.`).join("\n")],
    ["a timestamped log", Array.from({ length: 40 }, (_, i) => `2024-05-01 10:00:${String(i).padStart(2, "0")} INFO request ${i} served`).join("\n")],
    ["git log --oneline", Array.from({ length: 40 }, (_, i) => `${(0xabc1230 + i).toString(16)} 2026-02-2${i % 10} Alice fix: change ${i}`).join("\n")],
  ])("%s is no listing", (_name, t) => {
    for (const c of text(t, "out.txt")) expect(c.title).not.toMatch(/: \S+, \S+, \S+/);
  });
});

describe("git", () => {
  const sha = (n: number) => n.toString(16).padStart(40, "a");
  const commit = (n: number, subject: string, files: number) =>
    [
      `commit ${sha(n)}`,
      "Author: Dev <dev@example.com>",
      "Date:   Mon Feb 23 10:00:00 2026 +0000",
      "",
      `    ${subject}`,
      "",
      "    Longer explanation of the change.",
      "",
      ...Array.from({ length: files }, (_, i) => ` src/file${i}.ts | ${i + 1} +`),
      "",
    ].join("\n");

  test("each commit is a chunk titled by its subject", () => {
    const t = [commit(1, "feat: stripe webhook retries", 3), commit(2, "fix: null updatedAt", 2), commit(3, "chore: bump deps", 1)].join("\n");
    const chunks = text(t, "git log");
    expectExactLineCover(chunks, t);
    expect(chunks.map((c) => c.title)).toEqual([
      "git log lines 1-11: feat: stripe webhook retries (aaaaaaa)",
      "git log lines 13-22: fix: null updatedAt (aaaaaaa)",
      "git log lines 24-32: chore: bump deps (aaaaaaa)",
    ]);
  });

  test("a commit too big for one chunk keeps its subject on every piece", () => {
    const t = [commit(1, "refactor: move everything", 400), commit(2, "docs: readme", 1)].join("\n");
    const chunks = text(t, "git log", 2048);
    expectValidChunks(chunks, t, 2048);
    expectExactLineCover(chunks, t);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.slice(0, -1).every((c) => c.title.endsWith(": refactor: move everything (aaaaaaa)"))).toBe(true);
  });

  test("git-log.txt (one line per commit) is titled by a commit line", () => {
    const chunks = text(fixture("git-log.txt"), "git-log.txt");
    for (const c of chunks) expect(c.title).toMatch(/^git-log\.txt lines \d+-\d+: [0-9a-f]{7} \d{4}-\d{2}-\d{2} /);
  });

  test("git-diff.patch splits per file with the path in the title, a long file's diff at its hunks", () => {
    const t = fixture("git-diff.patch");
    const chunks = text(t, "git-diff.patch");
    expectValidChunks(chunks, t, 4096);
    expectExactLineCover(chunks, t);
    const files = t
      .split("\n")
      .filter((l) => l.startsWith("diff --git "))
      .map((l) => l.split(" b/")[1]);
    // Each file's chunks in order, titled by its path (and, cut at hunks, by what the hunk is about).
    const paths = chunks.map((c) => c.title.split(": ")[1]!.split(" @@ ")[0]);
    expect(paths.filter((p, i) => p !== paths[i - 1])).toEqual(files);
    for (const c of chunks) expect(c.body.startsWith("diff --git ") || c.body.startsWith("@@ -")).toBe(true);
    for (const c of chunks) if (c.body.startsWith("@@ -")) expect(c.title).toContain(" @@ ");
  });

  test("a run of hunks is titled by its first hunk and the functions and classes all of them show", () => {
    const hunk = (n: number, def: string) =>
      [
        `@@ -${n * 40},6 +${n * 40},7 @@`,
        `     ${def}`,
        ...Array.from({ length: 12 }, (_, k) => `         step_${n}_${k}()`),
        `-        old_${n}()`,
        `+        new_${n}()`,
      ].join("\n");
    const t = [
      "diff --git a/pkg/tool.py b/pkg/tool.py",
      "--- a/pkg/tool.py",
      "+++ b/pkg/tool.py",
      hunk(1, "def parse(self, argv):"),
      hunk(2, "class Runner(Base):"),
      hunk(3, "def _warning(self, message):"),
      hunk(4, "def close(self):"),
      "",
    ].join("\n");
    const titles = text(t, "change.diff").map((c) => c.title);
    expect(titles.some((x) => /@@ - old_1\(\) \(\+ parse, Runner, _warning\)$/.test(x))).toBe(true);
  });

  test("a plain unified diff without diff --git splits at ---/+++ pairs", () => {
    const t = "--- a/x.txt\n+++ b/x.txt\n@@ -1 +1 @@\n-old\n+new\n--- a/y.txt\n+++ b/y.txt\n@@ -1 +1 @@\n-a\n+b\n";
    expect(text(t, "patch").map((c) => c.title)).toEqual(["patch lines 1-5: x.txt", "patch lines 6-10: y.txt"]);
  });
});

describe("every line lands in a chunk", () => {
  // A small deterministic generator: mixed line lengths, blank runs, timestamps, failures, unicode.
  function sample(seed: number, lines: number): string {
    let s = seed;
    const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
    const kinds = [
      () => "",
      () => `2026-02-23T10:${String(Math.floor(rand() * 60)).padStart(2, "0")}:00Z GET /api/x 200`,
      () => "  at fn (src/a.ts:1:2)",
      () => "FAIL src/a.test.ts",
      () => "混合内容 mixed 🔒 ".repeat(1 + Math.floor(rand() * 5)),
      () => "x".repeat(Math.floor(rand() * 300)),
      () => "word ".repeat(Math.floor(rand() * 2000)),
    ];
    return Array.from({ length: lines }, () => kinds[Math.floor(rand() * kinds.length)]!()).join(rand() < 0.5 ? "\n" : "\r\n");
  }

  test.each([1, 2, 3, 4, 5, 6])("seed %i", (seed) => {
    const t = sample(seed, 400);
    for (const max of [256, 4096]) {
      const chunks = text(t, "gen", max);
      expectValidChunks(chunks, t, max);
      expectExactLineCover(chunks, t);
    }
  });
});
