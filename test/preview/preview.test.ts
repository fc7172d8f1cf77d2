import { describe, expect, test } from "bun:test";
import { countText } from "../../src/preview/clip.ts";
import { normalizeLine } from "../../src/preview/log.ts";
import { previewText, type PreviewKind } from "../../src/preview/preview.ts";
import { bunTest, cargoTest, csv, eslint, goTest, issues, jest, pytest, searchReply, syslog, tsc, vitest } from "./fixtures.ts";

/** The caps the callers use: ctx_execute's preview share of OUTPUT_CAP, and the hook's head-and-tail share. */
const CAPS = [Math.floor(16_384 / 5), 1000];

interface Case {
  name: string;
  text: string;
  kind: PreviewKind;
  /** Shown at every cap. */
  shows: string[];
  /** Shown at the larger cap. */
  roomy?: string[];
  hides?: string[];
}

const CASES: Case[] = [
  {
    name: "a 19 KB one-line JSON object: keys with types, its records' fields and value counts, the first record",
    text: searchReply,
    kind: "json",
    shows: [
      "JSON object, 4 keys, 1",
      "total_count: 200",
      'full_name: "acme/widgets"',
      "items: array[50] of object {id, number, title",
      "items: 50 records",
      "state: open ×30, closed ×20",
      'first record (items[0]):\n{"id":1000,',
    ],
    roomy: [
      "fields: id:number, number:number, title:string, state:string, locked:boolean, user:object, labels:array, assignee:null|object",
      "user.login: alice ×17, bob ×17, carol ×16",
    ],
  },
  {
    name: "a JSON array of 200 issues: union of keys, low-cardinality values counted",
    text: JSON.stringify(issues, null, 2),
    kind: "json",
    shows: ["JSON array[200] of object", "200 records", "state: open ×120, closed ×80", 'first record ([0]):\n{"id":1000,'],
    roomy: ["labels[].name: enhancement ×100, bug ×50", "locked: false ×190, true ×10", "assignee:null|object"],
    hides: ["head (lines"],
  },
  {
    name: "JSON lines: the same record statistics",
    text: issues.map((i) => JSON.stringify(i)).join("\n"),
    kind: "json-lines",
    shows: ["JSON lines, 200 lines", "state: open ×120, closed ×80", "first record (line 1):"],
  },
  {
    name: "a syslog with repeated errors: kinds with counts and first example, then the last lines",
    text: syslog,
    kind: "log",
    shows: [
      "70 error lines (2 kinds), 75 warning lines (1 kind)",
      "×60 · line 8 · Feb 23 10:00:07 web-01 app[2007]: ERROR db connection to 10.0.0.7:5432 refused",
      "×10 · line 12 ·",
      "request 2999 served",
    ],
    roomy: ["warnings by kind", "×75 · line 4 ·"],
  },
  {
    name: "bun test with 2 failures: names, assertion lines, locations, summary",
    text: bunTest,
    kind: "test-output",
    shows: [
      "test output (bun test)",
      "2 failures",
      "(fail) math > subtracts",
      "Expected: 2",
      "Received: 1",
      "/p/test/math.test.ts:3:17",
      "(fail) strings > greets",
      '+ "hallo"',
      "Ran 304 tests across 2 files.",
    ],
    hides: ["(pass) math > case 150", "3 |   expect"],
  },
  {
    name: "tsc: errors with file and line, repeats folded, the summary",
    text: tsc,
    kind: "test-output",
    shows: [
      "build output (tsc)",
      "61 errors",
      "src/mod0.ts(10,5): error TS2322",
      "×60 in all; also at src/mod1.ts(11,6)",
      "src/cli/main.ts(4,1): error TS2304: Cannot find name 'frobnicate'.",
      "Found 61 errors in 8 files.",
    ],
  },
  {
    name: "pytest: the failing test once, its E line, the summary",
    text: pytest,
    kind: "test-output",
    shows: ["1 failure", "test_div", "E       ZeroDivisionError: division by zero", "1 failed, 119 passed in 0.42s"],
    hides: ["test_case_20 PASSED"],
  },
  {
    name: "go test -v: the failure with the line printed before it",
    text: goTest,
    kind: "test-output",
    shows: ["--- FAIL: TestAdd", "add_test.go:8: Add(1, 2) = 4, want 3", "FAIL\texample.com/calc"],
  },
  {
    name: "cargo test: the panic and the assertion",
    text: cargoTest,
    kind: "test-output",
    shows: ["---- tests::parses stdout ----", "panicked at src/lib.rs:42:9", "left: 3", "test result: FAILED. 60 passed; 1 failed"],
  },
  {
    name: "jest: the failing test and its expectation",
    text: jest,
    kind: "test-output",
    shows: ["● math › adds", "Expected: 3", "Received: 4", "src/math.test.js:4:21", "Tests:       1 failed, 80 passed, 81 total"],
  },
  {
    name: "vitest: the failing test and its assertion",
    text: vitest,
    kind: "test-output",
    shows: ["FAIL  test/math.test.ts > math > adds", "AssertionError: expected 4 to be 3", "Tests  1 failed | 181 passed (182)"],
    hides: ["✓ test/ok30.test.ts"],
  },
  {
    name: "eslint: the error with its file",
    text: eslint,
    kind: "test-output",
    shows: ["/p/src/bad.ts: 12:7  error  'unused' is assigned a value", "✖ 31 problems (1 error, 30 warnings)"],
  },
  {
    name: "a CSV with a timestamp column is rows, not a log",
    text: csv,
    kind: "lines",
    shows: ["head (lines 1-", "of 2,001):\nts,host,status,latency_ms\n2026-02-23T10:00:00Z,web-0,ERROR,0", "tail (lines ", "2026-02-23T10:00:19Z,web-3,ok,199"],
    hides: ["error lines"],
  },
  {
    name: "whitespace only says so",
    text: "   \n\n\t  \n",
    kind: "blank",
    shows: ["(9 B of whitespace only, 3 lines)"],
  },
  {
    name: "one long plain line: its start and end, cut after a comma",
    text: Array.from({ length: 3000 }, (_, i) => `key${i}=value${i}`).join(", "),
    kind: "lines",
    shows: ["line 1 of 1, ", "; start:\nkey0=value0, key1=value1,", ", …\nend:\n…, key", "key2999=value2999"],
    hides: ["first 0 lines"],
  },
  {
    name: "text lines: head and tail with line numbers",
    text: Array.from({ length: 3000 }, (_, i) => `line ${i}: compiled module ${i} ok`).join("\n") + "\nlinker failed on symbol _frobnicate\n",
    kind: "lines",
    shows: ["head (lines 1-", "of 3,001):\nline 0: compiled module 0 ok", "tail (lines ", "linker failed on symbol _frobnicate"],
  },
];

/** Whether every surrogate in `s` is half of a pair, so no code point was split. */
function wholeCodePoints(s: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

describe("previewText", () => {
  for (const c of CASES) {
    for (const cap of CAPS) {
      test(`${c.name} (cap ${cap})`, () => {
        const p = previewText(c.text, cap);
        expect(p.kind).toBe(c.kind);
        expect(Buffer.byteLength(p.text)).toBeLessThanOrEqual(cap);
        expect(p.text.trim()).not.toBe("");
        expect(p.text).not.toContain("first 0 lines");
        for (const s of c.shows) expect(p.text).toContain(s);
        if (cap > 2000) for (const s of c.roomy ?? []) expect(p.text).toContain(s);
        for (const s of c.hides ?? []) expect(p.text).not.toContain(s);
      });
    }
  }

  test("the 19 KB object really is one line of about 19 KB", () => {
    expect(searchReply).not.toContain("\n");
    expect(Buffer.byteLength(searchReply)).toBeGreaterThan(18_000);
    expect(Buffer.byteLength(searchReply)).toBeLessThan(21_000);
  });

  test("multibyte text is cut on code-point boundaries at every cap", () => {
    const oneLine = "é漢🙂".repeat(5000);
    const lines = Array.from({ length: 400 }, (_, i) => `${i} ${"ü🙂漢".repeat(i % 90)}`).join("\n");
    const json = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ name: "名前🙂".repeat(i % 70), state: ["開く", "閉じる"][i % 2] })));
    for (const text of [oneLine, lines, json]) {
      for (let cap = 40; cap < 1200; cap += 37) {
        const p = previewText(text, cap);
        expect(Buffer.byteLength(p.text)).toBeLessThanOrEqual(cap);
        expect(p.text.length).toBeGreaterThan(0);
        expect(wholeCodePoints(p.text)).toBe(true);
      }
    }
    expect(previewText(json, 3000).text).toContain("state: 開く ×150, 閉じる ×150");
  });

  test("a JSON text over the parse limit previews as lines, cut at structure", () => {
    const big = `[${'{"id":1,"name":"widget","tags":["a","b"]},'.repeat(250_000)}{"id":2}]`;
    const p = previewText(big, 3000);
    expect(p.kind).toBe("lines");
    expect(p.text).toMatch(/start:\n\[\{"id":1,"name":"widget".*[,}\]]…\nend:\n…/s);
    expect(p.text).toEndWith('{"id":2}]');
  });

  test("work is linear: 4x the input costs at most ~6x the time (a 50 MB single line against 12.5 MB)", () => {
    const unit = '{"id":12345,"name":"widget","tags":["a","b"]},';
    const sizes = [12_500_000, 50_000_000].map((n) => `[${unit.repeat(Math.floor(n / unit.length))}0]`);
    // The fastest of many runs, the two sizes taken in turn and each run after a collection: other
    // processes, and the garbage the tests before this one left, only ever add time.
    const time = (f: () => void) => {
      Bun.gc(true);
      const t = performance.now();
      f();
      return performance.now() - t;
    };
    for (const text of sizes) previewText(text, 3000); // the first touch flattens the repeated string
    const best = sizes.map(() => ({ preview: Infinity, scan: Infinity }));
    for (let i = 0; i < 15; i++) {
      sizes.forEach((text, k) => {
        const b = best[k]!;
        b.preview = Math.min(
          b.preview,
          time(() => expect(Buffer.byteLength(previewText(text, 3000).text)).toBeLessThanOrEqual(3000)),
        );
        // One plain scan of the same string: the 12.5 MB one fits a typical L3 cache, the 50 MB one does not,
        // so memory speed alone can make 4x the bytes cost 7x the time; dividing by a scan takes that out.
        b.scan = Math.min(
          b.scan,
          time(() => void (Buffer.byteLength(text) + text.indexOf("\u0001"))),
        );
      });
    }
    const [small, large] = best;
    expect(large!.preview / large!.scan / (small!.preview / small!.scan)).toBeLessThan(6 / 4);
  });

  test("a failed run's plain text gives most of the room to its last lines", () => {
    const text = Array.from({ length: 2000 }, (_, i) => `step ${i} done`).join("\n");
    const p = previewText(text, 1000, { failed: true });
    const [head, tail] = p.text.split("\n\ntail ");
    expect(Buffer.byteLength(tail!)).toBeGreaterThan(Buffer.byteLength(head!) * 2);
  });

  test("reports the lines it shows from either end", () => {
    const text = Array.from({ length: 500 }, (_, i) => `row ${i}`).join("\n");
    const p = previewText(text, 400);
    expect(p.headEnd).toBeGreaterThan(0);
    expect(p.text).toContain(`row ${p.headEnd - 1}\n`);
    expect(p.text).not.toContain(`row ${p.headEnd}\n`);
    expect(p.text).toEndWith("row 499");
    expect(p.tailStart).toBeLessThanOrEqual(500);
    expect(p.lines).toBe(500);
  });

  test("a log's error and warning lines keep their line numbers; a level word past the first 400 characters does not count", () => {
    const lines = Array.from({ length: 300 }, (_, i) => `2026-02-23T10:00:${String(i % 60).padStart(2, "0")}Z INFO step ${i} done`);
    lines[41] = "2026-02-23T10:01:00Z ERROR disk full on /dev/sda1";
    lines[42] = `2026-02-23T10:01:01Z INFO ${"x".repeat(420)} ERROR only far out`;
    lines[199] = "2026-02-23T10:02:00Z WARN retrying upload";
    lines[200] = "2026-02-23T10:02:01Z warning: cache cold";
    const p = previewText(lines.join("\r\n"), 2000);
    expect(p.kind).toBe("log");
    expect(p.text).toContain("1 error line (1 kind), 2 warning lines (2 kinds)");
    expect(p.text).toContain("×1 · line 42 · 2026-02-23T10:01:00Z ERROR disk full");
    expect(p.text).toContain("×1 · line 200 · 2026-02-23T10:02:00Z WARN retrying upload");
    expect(p.text).toContain("×1 · line 201 · ");
    expect(p.text).not.toContain("only far out");
  });

  test("tiny and empty input", () => {
    expect(previewText("", 100).text).toBe("(no output)");
    expect(previewText("x", 100).text).toBe("line 1 of 1, 1 B:\nx");
    expect(Buffer.byteLength(previewText(syslog, 5).text)).toBeLessThanOrEqual(5);
  });
});

describe("normalizeLine", () => {
  const same: [string, string][] = [
    ["2026-02-23T10:00:01Z ERROR timeout after 3012 ms for order 17", "2026-02-23T11:59:59Z ERROR timeout after 87 ms for order 4"],
    ["ERROR request 0x7f3a9c failed", "ERROR request 0x1b2c failed"],
    ["ERROR job 3f2b8c1e-0a4d-4e5f-9a8b-7c6d5e4f3a2b lost", "ERROR job 00000000-1111-2222-3333-444444444444 lost"],
    ["ERROR cannot open /var/data/cache/11.bin", "ERROR cannot open /srv/x/y.bin"],
    ["Feb 23 10:00:07 web-01 app[2007]: ERROR refused", "Feb  3 09:10:17 web-01 app[31]: ERROR refused"],
  ];
  for (const [a, b] of same) test(`${a} ≡ ${b}`, () => expect(normalizeLine(a)).toBe(normalizeLine(b)));
  test("different messages stay apart", () => expect(normalizeLine("ERROR disk full")).not.toBe(normalizeLine("ERROR disk slow")));
});

describe("counts", () => {
  test.each([0, 7, 999, 1000, 3300, 12345, 1000000, 1234567890, -4500, 2.5])("%p prints as en-US does", (n) => {
    expect(countText(n)).toBe(n.toLocaleString("en-US"));
  });
});
