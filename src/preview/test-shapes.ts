/**
 * How test runners and compilers print failures, one row each. A row's `failure` line starts one
 * failure; its detail (assertion, expected/received, location) sits after it, or before it for
 * bun, which prints the error and then `(fail) name`.
 */
export interface OutputShape {
  name: string;
  /** Test runs print failures; builds print errors. */
  of: "test" | "build";
  /**
   * A line that starts one failure. Named groups `name`/`name2` capture a test name whose repeats
   * are folded: pytest prints each failure as a section and again in its short summary.
   */
  failure: RegExp;
  /** Whether one failure line alone identifies this output (a bare `error:` line does not). */
  strong: boolean;
  /** Where the failure's detail lines are. */
  detail: "after" | "before" | "either" | "none";
  /** A line that ends a detail block (the next test, the next section). */
  boundary?: RegExp;
  /** Summary lines: counts of passed and failed, totals. */
  summary: RegExp;
  /** A line naming the file the following failure lines belong to (eslint's stylish format). */
  file?: RegExp;
}

export const SHAPES: OutputShape[] = [
  {
    name: "bun test",
    of: "test",
    failure: /^\(fail\) /,
    strong: true,
    detail: "before",
    boundary: /^\((?:pass|fail|skip|todo)\) |^\S.*\.(?:test|spec)\.[cm]?[jt]sx?:$/,
    summary: /^\s*\d+ (?:pass|fail|skip|todo|snapshots?|expect\(\) calls?)$|^Ran \d+ tests? across /,
  },
  {
    name: "jest",
    of: "test",
    failure: /^\s*● (?!Console$)\S/,
    strong: true,
    detail: "after",
    boundary: /^\s*● |^\s*(?:PASS|FAIL) \S/,
    summary: /^(?:Tests|Test Suites|Snapshots):\s+\d/,
  },
  {
    name: "vitest",
    of: "test",
    failure: /^\s*FAIL\s+\S+ > \S/,
    strong: true,
    detail: "after",
    boundary: /^\s*FAIL\s|^\s*⎯/,
    summary: /^\s*(?:Test Files|Tests)\s{2,}\d.*\(\d+\)$/,
  },
  {
    name: "pytest",
    of: "test",
    failure: /^_{3,} (?<name>[\w.[\]-]+) _{3,}$|^FAILED \S+?::(?<name2>[^\s]+?)(?: - .*)?$/,
    strong: true,
    detail: "after",
    boundary: /^_{3,} |^={3,} /,
    summary: /^={3,} .*\b(?:passed|failed|errors?|skipped)\b.* in [\d.]+s.*={3,}$/,
  },
  {
    name: "go test",
    of: "test",
    failure: /^\s*--- FAIL: \S/,
    strong: true,
    detail: "either",
    boundary: /^\s*(?:--- (?:FAIL|PASS|SKIP)|=== (?:RUN|CONT|PAUSE))\b|^(?:FAIL|ok|PASS)\b/,
    summary: /^(?:FAIL|ok)\s+\S+\s+(?:[\d.]+s|\(cached\))|^FAIL$/,
  },
  {
    name: "cargo test",
    of: "test",
    failure: /^---- \S+ stdout ----$/,
    strong: true,
    detail: "after",
    boundary: /^---- |^failures:$|^test result:/,
    summary: /^test result: /,
  },
  {
    name: "tsc",
    of: "build",
    failure: /^\S+\(\d+,\d+\): error TS\d+: |^\S+:\d+:\d+ - error TS\d+: /,
    strong: true,
    detail: "none",
    summary: /^Found \d+ errors?\b/,
  },
  {
    name: "rustc",
    of: "build",
    failure: /^error(?:\[E\d+\])?: (?!test failed|could not compile|aborting due)/,
    strong: false,
    detail: "after",
    boundary: /^(?:error|warning)(?:\[\w+\])?: |^$/,
    summary: /^error: could not compile |^error: aborting due to /,
  },
  {
    name: "compiler",
    of: "build",
    failure: /^[^\s:]+:\d+(?::\d+)?: (?:fatal )?error: |^[^\s:]+\.go:\d+:\d+: /,
    strong: true,
    detail: "none",
    summary: /^\d+ errors? generated\.$|^make(?:\[\d+\])?: \*\*\* /,
  },
  {
    name: "eslint",
    of: "build",
    failure: /^\s+\d+:\d+\s+error\s+\S/,
    strong: false,
    detail: "none",
    summary: /^✖ \d+ problems? \(/,
    file: /^(?:[A-Za-z]:\\|\/|\.{1,2}\/)?[^\s:]+\.\w+$/,
  },
];

/** Detail lines worth showing: assertions, expected/received, diffs, error messages, source locations. */
export const DETAIL = /expect|assert|Expected|Received|[Ee]rror|panicked|\bleft\b|\bright\b|\bwant\b|\bgot\b|[\w)]\.\w+:\d+|-->|^\s*[-+] \S|^E\s/;

/** Source excerpts runners print around a failing line (`3 |   expect(…)`, a caret line): the location line says the same in less. */
export const CODE_FRAME = /^\s*>?\s*\d+\s*\|(?!\s*[-+])|^\s*\|?\s*\^+\s*$/;

/** The location that starts a compiler error line (`src/a.ts(3,5): `, `a.c:3:5: `), which varies between repeats of one error. */
export const LOCATION = /^(\S+?(?:\(\d+,\d+\)|:\d+(?::\d+)?))(?::| -)\s*/;
