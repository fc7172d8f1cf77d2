/** Recognising the lines of tool output that make good titles and good places to break. */

import { clip } from "./titles.ts";

// Only a line's head is examined: what marks a line sits at its start, and it bounds regex cost on huge lines.
const HEAD = 200;
const TSC = /^\s*(\S+?)\(\d+,\d+\): error (TS\d+)/;
const LINT = /^\s*(\S+?):\d+(?::\d+)?:?\s+(?:error|fatal)\b/i;
const FAILURE =
  /^\s*(?:[✗×✖❌]\s|→\s+\w*(?:Error|Exception)\b|FAIL(?:ED)?\b|--- FAIL\b|ERROR\b|\[ERROR\]|npm ERR!|ERR!|error(?:\[\w+\])?[:\s]|fatal:|FATAL\b|panic:|Traceback\b|Uncaught\b|\w*(?:Error|Exception)(?::|\s*$))/;
const LEVEL_ERROR = /^.{0,48}?(?:\b|\[)(?:ERROR|FATAL|CRITICAL|level=error)\b/;
const WARNING = /^\s*(?:⚠|warning\b|WARN(?:ING)?\b|\[warn(?:ing)?\])/i;
const HEADING =
  /^\s*(?:commit [0-9a-f]{7,40}\b|diff --git |=== RUN\s|Running\s+\S+.*\.\.\.$|--- (?:PASS|SKIP)\b|RUN\s|PASS\s|ok\s+\S+\s+[\d(]|▲ |#{1,6} \S|==+> |> \S|Step \d+\/\d+|#\d+ \[|\[\d+\/\d+\]|Test Files\s|Test Suites:|Route \(|On branch |Changes (?:not staged|to be committed)|Untracked files|[✓✔√]\s+\S+\.(?:test|spec)\.|[0-9a-f]{7,12} \d{4}-\d{2}-\d{2} )/;
const TIMESTAMPS: RegExp[] = [
  /\b(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2})?)(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/,
  /\b(\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}):\d{2}(?: [+-]\d{4})?/,
  /^([A-Z][a-z]{2} {1,2}\d{1,2} \d{2}:\d{2}):\d{2}/,
  /^\[?(\d{2}:\d{2}):\d{2}(?:[.,]\d+)?\]?/,
];

function head(line: string): string {
  return line.length > HEAD ? line.slice(0, HEAD) : line;
}

/** A failure line (test failure, compiler error, error log) as a short title, else null. */
export function failureLabel(line: string): string | null {
  const h = head(line);
  if (h.includes("rror") || h.includes("atal")) {
    const tsc = TSC.exec(h);
    if (tsc) return clip(`error ${tsc[2]} in ${tsc[1]}`, 60);
    const lint = LINT.exec(h);
    if (lint) return clip(`error in ${lint[1]}`, 60);
  }
  if (FAILURE.test(h) || (hasLevelWord(h) && LEVEL_ERROR.test(h))) return clip(h.trim().replace(/^→\s+/, ""), 60);
  return null;
}

/** A warning line as a short title, else null. */
export function warningLabel(line: string): string | null {
  const h = head(line);
  return WARNING.test(h) ? clip(h, 60) : null;
}

/** A line that opens a section of output (test file, build banner, commit, step) as a short title, else null. */
export function headingLabel(line: string): string | null {
  const h = head(line);
  if (!HEADING.test(h)) return null;
  // A test runner's `Running /build/…/testsuite/gdb.base/break.exp ...`: the path's end names the test.
  const running = RUNNING.exec(h);
  return clip(running ? `Running ${running[1]!.split("/").slice(-2).join("/")}` : h, 60);
}

const RUNNING = /^\s*Running\s+(\S+)/;

/** True for lines that open a section or report a failure: good places to start a chunk. */
export function opensSection(line: string): boolean {
  const h = head(line);
  return HEADING.test(h) || FAILURE.test(h) || TSC.test(h);
}

/** A timestamp near the start of the line: its text and its minute (or day) as a group key. */
export function timestampOf(line: string): { text: string; group: string } | null {
  const h = line.slice(0, 48);
  for (const re of TIMESTAMPS) {
    const m = re.exec(h);
    if (m) return { text: m[0].replace(/^\[|\]$/g, ""), group: m[1]! };
  }
  return null;
}

// The level-word regex scans 48 positions; a substring check rules most lines out first.
function hasLevelWord(h: string): boolean {
  return h.includes("ERROR") || h.includes("FATAL") || h.includes("CRITICAL") || h.includes("level=error");
}
