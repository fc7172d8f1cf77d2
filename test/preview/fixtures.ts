/** Tool outputs as agents meet them, for the preview tests. */

/** 200 issue-like records: state 3:2 open/closed, three authors, labels on three in four. */
export const issues = Array.from({ length: 200 }, (_, i) => ({
  id: 1000 + i,
  number: i + 1,
  title: `Issue ${i + 1}: crash in the ${["parser", "cli", "hooks"][i % 3]}`,
  state: i % 5 < 3 ? "open" : "closed",
  locked: i % 20 === 0,
  user: { login: ["alice", "bob", "carol"][i % 3], id: 10 + (i % 3), type: "User" },
  labels: i % 4 === 0 ? [] : [{ name: ["bug", "enhancement"][i % 2], color: "d73a4a" }],
  assignee: i % 3 === 0 ? null : { login: "dave" },
  body: "Steps to reproduce: run the thing, watch it fail. ".repeat(1 + (i % 4)),
  created_at: new Date(Date.UTC(2026, 0, 1 + (i % 28))).toISOString(),
}));

/** A search reply of an MCP tool, one line of about 19 KB. */
export const searchReply = JSON.stringify({
  total_count: 200,
  incomplete_results: false,
  repository: { full_name: "acme/widgets", private: false },
  items: issues.slice(0, 50),
});

export const syslog = Array.from({ length: 3000 }, (_, i) => {
  const t = `Feb 23 10:${String(Math.floor(i / 60) % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`;
  if (i % 50 === 7)
    return `${t} web-01 app[${2000 + i}]: ERROR db connection to 10.0.0.${i % 9}:5432 refused after ${i * 3} ms (request 0x${(i * 7919).toString(16)})`;
  if (i % 300 === 11) return `${t} web-01 app[${2000 + i}]: ERROR failed to open /var/data/cache/${i}.bin: permission denied`;
  if (i % 40 === 3) return `${t} web-01 app[${2000 + i}]: WARN slow request GET /api/items/${i} took ${i} ms`;
  return `${t} web-01 app[${2000 + i}]: INFO request ${i} served in ${i % 97} ms`;
}).join("\n");

export const bunTest = `bun test v1.4.4

test/math.test.ts:
(pass) math > adds [0.10ms]
1 | import { expect, test } from "bun:test";
2 | test("subtracts", () => {
3 |   expect(2 - 1).toBe(2);
                   ^
error: expect(received).toBe(expected)

Expected: 2
Received: 1

      at <anonymous> (/p/test/math.test.ts:3:17)
(fail) math > subtracts [0.31ms]
${Array.from({ length: 300 }, (_, i) => `(pass) math > case ${i} [0.01ms]`).join("\n")}

test/str.test.ts:
error: expect(received).toEqual(expected)

- "hello"
+ "hallo"

      at <anonymous> (/p/test/str.test.ts:9:20)
(fail) strings > greets [0.20ms]
(pass) strings > trims [0.02ms]

 302 pass
 2 fail
 305 expect() calls
Ran 304 tests across 2 files. [41.00ms]
`;

export const tsc =
  Array.from({ length: 60 }, (_, i) => `src/mod${i % 7}.ts(${10 + i},${5 + (i % 3)}): error TS2322: Type 'string' is not assignable to type 'number'.`).join(
    "\n",
  ) + "\nsrc/cli/main.ts(4,1): error TS2304: Cannot find name 'frobnicate'.\n\nFound 61 errors in 8 files.\n";

const passing = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join("\n");

export const pytest = `============================= test session starts ==============================
collected 120 items

${passing(40, (i) => `tests/test_calc.py::test_case_${i} PASSED`)}

=================================== FAILURES ===================================
__________________________________ test_div ___________________________________

    def test_div():
>       assert div(1, 0) == 0
E       ZeroDivisionError: division by zero

tests/test_calc.py:12: ZeroDivisionError
=========================== short test summary info ============================
FAILED tests/test_calc.py::test_div - ZeroDivisionError: division by zero
======================== 1 failed, 119 passed in 0.42s =========================
`;

export const goTest = `${passing(80, (i) => `=== RUN   TestCase${i}\n--- PASS: TestCase${i} (0.00s)`)}
=== RUN   TestAdd
    add_test.go:8: Add(1, 2) = 4, want 3
--- FAIL: TestAdd (0.00s)
FAIL
FAIL\texample.com/calc\t0.004s
`;

export const cargoTest = `running 60 tests
${passing(60, (i) => `test tests::case_${i} ... ok`)}
test tests::parses ... FAILED

failures:

---- tests::parses stdout ----
thread 'tests::parses' panicked at src/lib.rs:42:9:
assertion \`left == right\` failed
  left: 3
 right: 4

failures:
    tests::parses

test result: FAILED. 60 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s
`;

export const jest = `${passing(40, (i) => `PASS src/mod${i}.test.js`)}
FAIL src/math.test.js
  ● math › adds

    expect(received).toBe(expected) // Object.is equality

    Expected: 3
    Received: 4

      3 | test("adds", () => {
    > 4 |   expect(add(1, 2)).toBe(3);
        |                     ^

      at Object.<anonymous> (src/math.test.js:4:21)

Test Suites: 1 failed, 40 passed, 41 total
Tests:       1 failed, 80 passed, 81 total
`;

export const vitest = ` RUN  v2.1.0 /p

${Array.from({ length: 60 }, (_, i) => ` ✓ test/ok${i}.test.ts (3 tests) 2ms`).join("\n")}
 ❯ test/math.test.ts (2 tests | 1 failed) 4ms
   × math > adds 3ms
     → expected 4 to be 3 // Object.is equality

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  test/math.test.ts > math > adds
AssertionError: expected 4 to be 3 // Object.is equality

- Expected
+ Received

- 3
+ 4

 ❯ test/math.test.ts:5:22
      3| test("adds", () => {
      4|   expect(add(1, 2)).toBe(3);
       |                     ^

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯

 Test Files  1 failed | 60 passed (61)
      Tests  1 failed | 181 passed (182)
   Start at  10:00:00
   Duration  1.20s
`;

export const eslint = `${passing(30, (i) => `/p/src/ok${i}.ts\n  ${i + 1}:1  warning  Unexpected console statement  no-console`)}
/p/src/bad.ts
  12:7  error  'unused' is assigned a value but never used  @typescript-eslint/no-unused-vars

✖ 31 problems (1 error, 30 warnings)
`;

export const csv = `ts,host,status,latency_ms\n${passing(2000, (i) => `2026-02-23T10:00:${String(i % 60).padStart(2, "0")}Z,web-${i % 4},${i % 17 === 0 ? "ERROR" : "ok"},${i % 300}`)}`;
