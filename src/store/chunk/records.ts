/**
 * Record streams, one record per chunk: a commit of `git log`, a file of a unified diff, an entry
 * of a Debian or GNU changelog, a transaction of apt's history log, a stanza of a Debian control
 * file (dpkg's status, apt's lists). Each is titled by its header.
 */

import { clip } from "./titles.ts";

/** A record spans lines `start..end` (0-based, inclusive); `label` names it in titles. */
export interface TextRecord {
  start: number;
  end: number;
  label?: string;
}

const COMMIT = /^commit ([0-9a-f]{7,40})\b/;
const DIFF_GIT = /^diff --git ("?)a\/(.+?)\1 ("?)b\/(.+?)\3$/;
const MINUS = /^--- (?:"?a\/)?(\S[^\t]*?)"?(?:\t.*)?$/;
const PLUS = /^\+\+\+ (?:"?b\/)?(\S[^\t]*?)"?(?:\t.*)?$/;

/**
 * Splits lines at `commit <sha>` and `diff --git` lines (or `---`/`+++` pairs in a plain unified
 * diff), else at a log's dated run headers (datedRuns). Returns null when there are none, so the
 * caller chunks the text as ordinary output.
 */
export function splitRecords(lines: string[]): TextRecord[] | null {
  const entries = splitEntries(lines);
  if (entries) return entries;
  const starts: number[] = [];
  let sawDiffGit = false;
  for (let i = 0; i < lines.length; i++) {
    const c = lines[i]!.charCodeAt(0);
    // Cheap first-character gate: every record line starts with "c" or "d".
    if (c !== 99 && c !== 100) continue;
    if (COMMIT.test(lines[i]!) || lines[i]!.startsWith("diff --git ")) {
      starts.push(i);
      if (c === 100) sawDiffGit = true;
    }
  }
  if (!sawDiffGit) {
    for (let i = 0; i + 1 < lines.length; i++) {
      if (lines[i]!.startsWith("--- ") && lines[i + 1]!.startsWith("+++ ")) starts.push(i);
    }
    starts.sort((a, b) => a - b);
  }
  // A commit's `Date:` line is dated too: runs are looked for only where no commit or diff is.
  if (starts.length === 0) return datedRuns(lines);
  const records: TextRecord[] = [];
  if (starts[0]! > 0) records.push({ start: 0, end: starts[0]! - 1 });
  starts.forEach((start, k) => {
    const end = k + 1 < starts.length ? starts[k + 1]! - 1 : lines.length - 1;
    const label = recordLabel(lines, start, end);
    if (label !== undefined && !COMMIT.test(lines[start]!)) records.push(...hunks(lines, start, end, label));
    else records.push({ start, end, label });
  });
  return records;
}

const HUNK = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@ ?(.*)$/;
/** Lines a run of hunks reaches before the next hunk starts a record of its own. */
const HUNK_LINES = 40;

/**
 * A file's diff in runs of hunks, each titled by the file and its first hunk: the function or
 * class `git diff` names after the `@@` (`argparse.py @@ class _AppendAction(Action):`), else the
 * hunk's first changed line (`argparse.py @@ +    def _warning(self, message):`), then the
 * functions and classes its hunks show (`(+ _get_values, _warning)`), which a question names.
 * One record for the whole file was cut every 200 lines under the file's name alone. A diff of
 * one short hunk stays whole.
 */
function hunks(lines: string[], start: number, end: number, path: string): TextRecord[] {
  const at: number[] = [];
  for (let i = start; i <= end; i++) if (lines[i]!.startsWith("@@ -") && HUNK.test(lines[i]!)) at.push(i);
  if (at.length < 2) return [{ start, end, label: path }];
  const out: TextRecord[] = [];
  let from = start;
  let first = at[0]!;
  for (let k = 1; k <= at.length; k++) {
    const next = at[k] ?? end + 1;
    // A run ends where the next hunk starts, once it holds enough lines.
    if (k < at.length && next - from < HUNK_LINES) continue;
    const name = clip(hunkName(lines, first, next - 1), 80);
    const defined = definedIn(lines, from, next - 1).filter((d) => !name.includes(d));
    out.push({ start: from, end: next - 1, label: `${shortPath(path)} @@ ${name}${defined.length ? ` (+ ${listUpTo(defined, DEFINED_MAX)})` : ""}` });
    from = next;
    first = next;
  }
  return out;
}

/** A definition a diff line shows, changed or as context: `+    def _warning(self, message):`, ` func (c *Client) Do(`. */
const DIFF_DEFINITION =
  /^[ +-]\s*(?:(?:export|async|static|public|private|protected|pub)\s+)*(?:def|class|function|func|fn|sub|interface|struct)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)/;
/** Characters of definition names a run's title lists. */
const DEFINED_MAX = 60;

/** The names of the functions and classes a run of hunks shows, in order, once each. */
function definedIn(lines: string[], start: number, end: number): string[] {
  const out = new Set<string>();
  for (let i = start; i <= end; i++) {
    const m = DIFF_DEFINITION.exec(lines[i]!);
    if (m) out.add(m[1]!);
  }
  return [...out];
}

/** Names joined by commas as far as `max` characters allow, `…` for the rest. */
function listUpTo(names: string[], max: number): string {
  let out = "";
  for (const n of names) {
    if (out && out.length + n.length + 2 > max) return `${out}, …`;
    out = out ? `${out}, ${n}` : n;
  }
  return out;
}

/** A long path by its last two parts (`python3.13/argparse.py`): a hunk's title has room for little else. */
function shortPath(path: string): string {
  const parts = path.split("/");
  return path.length > 40 && parts.length > 2 ? parts.slice(-2).join("/") : path;
}

/** What a hunk is about: the context `git diff` gives after its `@@`, else its first changed line. */
function hunkName(lines: string[], at: number, end: number): string {
  const context = HUNK.exec(lines[at]!)?.[1]?.trim();
  if (context) return context;
  for (let i = at + 1; i <= end; i++) {
    const l = lines[i]!;
    if ((l.startsWith("+") || l.startsWith("-")) && l.slice(1).trim() !== "") return `${l[0]} ${l.slice(1).trim().replace(/\s+/g, " ")}`;
  }
  return lines[at]!.trim();
}

function recordLabel(lines: string[], start: number, end: number): string | undefined {
  const first = lines[start]!;
  const commit = COMMIT.exec(first);
  if (commit) {
    const sha = commit[1]!.slice(0, 7);
    // The subject is the first indented line after the Author:/Date:/Merge: headers.
    for (let i = start + 1; i <= end && i <= start + 12; i++) {
      const line = lines[i]!;
      if (line.startsWith("    ") && line.trim() !== "") return `${clip(line, 50)} (${sha})`;
    }
    return `commit ${sha}`;
  }
  const git = DIFF_GIT.exec(first);
  if (git) return clip(git[4] === "/dev/null" ? git[2]! : git[4]!, 60);
  const plus = start + 1 <= end ? PLUS.exec(lines[start + 1]!) : null;
  const minus = MINUS.exec(first);
  const path = plus && plus[1] !== "/dev/null" ? plus[1] : minus?.[1];
  return path ? clip(path, 60) : undefined;
}

/**
 * Changelog and history entries, told by a header line that repeats at the left margin:
 * `pkg (1.2-3) unstable; urgency=medium` (Debian, to its ` -- Name <mail>  date` trailer),
 * `2024-05-01  Name  <mail>` (GNU ChangeLog), `Start-Date: …` (apt history, to `End-Date:`).
 */
const ENTRY_HEADERS: { header: RegExp; trailer?: RegExp; label: (line: string) => string }[] = [
  { header: /^[a-z0-9][a-z0-9+.~-]* \([^()\s]+\) [^;]*; *urgency=/i, trailer: /^ -- \S.*<[^<>]*>/, label: (l) => clip(l.replace(/;.*$/, ""), 80) },
  { header: /^\d{4}-\d\d-\d\d\s+\S.*<[^<>\s]+@[^<>\s]+>\s*$/, label: (l) => clip(l, 80) },
  { header: /^Start-Date: \d{4}-\d\d-\d\d/, label: (l) => clip(l.replace(/^Start-Date:\s*/, "apt "), 80) },
];

/** The kind of entry stream `lines` is (an index into ENTRY_HEADERS), judged from its first 400 lines; -1 when none. */
export function entryStream(lines: string[]): number {
  const n = Math.min(lines.length, 400);
  for (let k = 0; k < ENTRY_HEADERS.length; k++) {
    const { header } = ENTRY_HEADERS[k]!;
    let seen = 0;
    for (let i = 0; i < n && seen < 2; i++) if (header.test(lines[i]!)) seen++;
    // Two entries, or one that starts the text: a changelog of a single release is still one.
    if (seen >= 2 || (seen === 1 && header.test(lines[0]!))) return k;
  }
  return -1;
}

function splitEntries(lines: string[]): TextRecord[] | null {
  const k = entryStream(lines);
  if (k < 0) return stanzas(lines) ?? releaseEntries(lines);
  const { header, trailer, label } = ENTRY_HEADERS[k]!;
  const starts: number[] = [];
  for (let i = 0; i < lines.length; i++) if (header.test(lines[i]!)) starts.push(i);
  const records: TextRecord[] = [];
  if (starts[0]! > 0) records.push({ start: 0, end: starts[0]! - 1 });
  starts.forEach((start, j) => {
    const next = j + 1 < starts.length ? starts[j + 1]! - 1 : lines.length - 1;
    // An entry ends at its trailer; what follows it (a note, blank lines) is no part of it.
    let end = next;
    if (trailer)
      for (let i = start + 1; i <= next; i++)
        if (trailer.test(lines[i]!)) {
          end = i;
          break;
        }
    records.push({ start, end, label: label(lines[start]!) });
    if (end < next) records.push({ start: end + 1, end: next });
  });
  return records;
}

/** A version as a release header gives it: `3.8.1`, `2.7`, `v1.0.30`, `9.0.1378-2`. */
const VERSION = /(?<![\w.])v?\d+\.\d+(?:\.\d+)*(?:[-+~][0-9A-Za-z.+~]*)?(?![\w.])/;
/** Longest line read as a release header. */
const RELEASE_HEADER_MAX = 100;
/** Fewest headers of one shape that make a release stream, and the fewest lines their records have, by the median. */
const RELEASE_HEADERS_MIN = 3;
const RELEASE_LINES_MIN = 4;

/**
 * A NEWS file's releases: left-margin lines that give a version and read alike once it is taken
 * out (`NEWS for the Nettle 3.8 release`, `* Noteworthy changes in release 9.1 (2022-04-15)
 * [stable]`, `Version 2.0`), at least RELEASE_HEADERS_MIN of them, whose records are at least
 * RELEASE_LINES_MIN lines by the median: a list of packages with a version each (`npm ls`,
 * `pip list`, `Setting up libfoo (1.2-3) ...`) is no release stream. Null when there is none.
 */
function releaseEntries(lines: string[]): TextRecord[] | null {
  const byShape = new Map<string, number[]>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const c = line.charCodeAt(0);
    if (line.length > RELEASE_HEADER_MAX || Number.isNaN(c) || c === 32 || c === 9 || !VERSION.test(line)) continue;
    // The shape: the first two words left once the version, dates and bracketed notes are out.
    const shape = line
      .replace(VERSION, " ")
      .replace(/\([^)]*\)|\[[^\]]*\]|\d{4}-\d\d-\d\d/g, " ")
      .trim()
      .toLowerCase()
      .split(/\s+/)
      .slice(0, 2)
      .join(" ");
    const found = byShape.get(shape);
    if (found) found.push(i);
    else byShape.set(shape, [i]);
  }
  let starts: number[] = [];
  for (const found of byShape.values()) if (found.length > starts.length) starts = found;
  if (starts.length < RELEASE_HEADERS_MIN) return null;
  const gaps = starts.map((s, k) => (k + 1 < starts.length ? starts[k + 1]! : lines.length) - s).sort((a, b) => a - b);
  if (gaps[gaps.length >> 1]! < RELEASE_LINES_MIN) return null;
  const records: TextRecord[] = [];
  if (starts[0]! > 0) records.push({ start: 0, end: starts[0]! - 1 });
  starts.forEach((start, k) => {
    records.push({ start, end: k + 1 < starts.length ? starts[k + 1]! - 1 : lines.length - 1, label: clip(lines[start]!, 80) });
  });
  return records;
}

/** A run's opening or closing line: a few words, then a date (`Log started: 2025-06-24  14:36:25`, `Script done on 2024-05-01 …`). */
const DATED = /^([A-Z][A-Za-z]*(?: [A-Za-z]+){0,3}):? +(?:on +)?\d{4}-\d\d-\d\d\b/;
/** Fewest lines a run has by the median: a log whose every line starts with a date is a log, not runs. */
const RUN_LINES_MIN = 4;

/**
 * A log of runs, each opened by a dated line that reads alike but for its date (apt's term.log:
 * `Log started: …` to `Log ended: …`, around the output of each dpkg run), one run per record,
 * titled by its opening line. The words before the date that first repeat open the runs; other
 * words each run holds once (`Log ended`) close them. Null when no words repeat, or the runs are
 * short (every line of a log dated).
 */
function datedRuns(lines: string[]): TextRecord[] | null {
  const byWords = new Map<string, number[]>();
  for (let i = 0; i < lines.length; i++) {
    const c = lines[i]!.charCodeAt(0);
    if (c < 65 || c > 90) continue;
    const m = DATED.exec(lines[i]!);
    if (!m) continue;
    const found = byWords.get(m[1]!);
    if (found) found.push(i);
    else byWords.set(m[1]!, [i]);
  }
  // The opening words: of those that repeat, the first to appear.
  let starts: number[] | undefined;
  for (const found of byWords.values()) if (found.length >= 2 && (!starts || found[0]! < starts[0]!)) starts = found;
  if (!starts) return null;
  const gaps = starts.map((s, k) => (k + 1 < starts.length ? starts[k + 1]! : lines.length) - s).sort((a, b) => a - b);
  if (gaps[gaps.length >> 1]! < RUN_LINES_MIN) return null;
  // The closing words: a line of the same shape that each run holds once, after its opening.
  const closes = [...byWords.values()].find(
    (found) => found !== starts && found.length === starts.length && found.every((at, k) => at > starts[k]! && (k + 1 >= starts.length || at < starts[k + 1]!)),
  );
  const records: TextRecord[] = [];
  if (starts[0]! > 0) records.push({ start: 0, end: starts[0]! - 1 });
  starts.forEach((start, k) => {
    const next = k + 1 < starts.length ? starts[k + 1]! - 1 : lines.length - 1;
    const end = closes ? closes[k]! : next;
    records.push({ start, end, label: clip(lines[start]!.replace(/\s+/g, " "), 80) });
    if (end < next) records.push({ start: end + 1, end: next });
  });
  return records;
}

/** A control file's field: `Package: bash`, `Pre-Depends: libc6 (>= 2.36)`. */
const FIELD = /^([A-Z][A-Za-z0-9-]*):(?:[ \t]+(\S.*))?$/;
/** Fewest stanzas that make a control file. */
const STANZAS_MIN = 3;

/**
 * A Debian control file (deb822: dpkg's status, apt's Packages lists, debian/control): stanzas of
 * `Field: value` lines (continuations indented) between blank lines, each opening with the same
 * field. One stanza per record, titled by what that field names and its `Version`, if it has one:
 * `bash (5.2.15-2+b8)`. Null unless at least STANZAS_MIN stanzas open alike and nearly every
 * line is a field or a continuation.
 */
function stanzas(lines: string[]): TextRecord[] | null {
  const starts: number[] = [];
  let key: string | undefined;
  let fields = 0;
  let other = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const c = line.charCodeAt(0);
    if (c === 32 || c === 9) continue;
    const m = FIELD.exec(line);
    if (!m) {
      other++;
      continue;
    }
    fields++;
    if (i > 0 && lines[i - 1]!.trim() !== "") continue;
    key ??= m[1];
    if (m[1] === key) starts.push(i);
  }
  if (starts.length < STANZAS_MIN || other * 20 > fields) return null;
  const records: TextRecord[] = [];
  if (starts[0]! > 0) records.push({ start: 0, end: starts[0]! - 1 });
  starts.forEach((start, k) => {
    let end = k + 1 < starts.length ? starts[k + 1]! - 1 : lines.length - 1;
    while (end > start && lines[end]!.trim() === "") end--;
    let version: string | undefined;
    for (let i = start + 1; i <= end && !version; i++) if (lines[i]!.startsWith("Version:")) version = lines[i]!.slice(8).trim();
    const name = FIELD.exec(lines[start]!)?.[2] ?? lines[start]!;
    records.push({ start, end, label: clip(version ? `${name} (${version})` : name, 80) });
    const next = k + 1 < starts.length ? starts[k + 1]! - 1 : lines.length - 1;
    if (end < next) records.push({ start: end + 1, end: next });
  });
  return records;
}
