import { countText, cutStart, formatBytes, utf8Length } from "./clip.ts";
import { lastLines } from "./lines.ts";
import { join, previewLines, takeLines } from "./plain.ts";
import type { PreviewInput, Rendered } from "./types.ts";

const TIMESTAMP =
  /\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?(?:Z|[+-]\d\d:?\d\d)?|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d\d:\d\d:\d\d|\b\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d(?: [+-]\d{4})?|\b\d\d:\d\d:\d\d(?:[.,]\d+)?\b/;
// Level words count in upper case, or in lower case only where marked as a level (`level=error`,
// `[warn]`, `error:`): prose that says "no errors" is not an error line.
const LEVEL = /\b(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL)\b/;
const LEVEL_MARKED = /\blevel[=:]\s*"?\w|"level":\s*"|\[(?:trace|debug|info|warn|warning|error|fatal)\]/i;
const ERROR = /\b(?:ERROR|ERR|FATAL|CRITICAL|CRIT|PANIC|SEVERE|EMERG|ALERT)\b/;
const ERROR_MARKED =
  /\blevel[=:]\s*"?(?:error|err|fatal|crit|critical|panic)\b|"level":\s*"(?:error|fatal|critical|panic)"|\[(?:error|err|fatal|crit|critical)\]|(?:^|[\s\]:])(?:error|fatal|panic):/i;
const WARN = /\b(?:WARN|WARNING)\b/;
const WARN_MARKED = /\blevel[=:]\s*"?warn(?:ing)?\b|"level":\s*"warn(?:ing)?"|\[warn(?:ing)?\]|(?:^|[\s\]:])warn(?:ing)?:/i;
/** Distinct kinds tracked; later new kinds only add to the counts. */
const MAX_KINDS = 500;
/** Characters of a line looked at for its level and kind. */
const LINE_LOOK = 400;

const TIMESTAMPS = new RegExp(TIMESTAMP.source, "g");

/** Whether most sampled lines carry a timestamp or a level word. */
export function looksLikeLog(sample: string[]): boolean {
  const lines = sample.filter((l) => l.trim() !== "");
  if (lines.length < 5) return false;
  // Decided as soon as either side holds half the lines.
  let marked = 0;
  let plain = 0;
  for (const l of lines) {
    if (TIMESTAMP.test(l.slice(0, 60)) || LEVEL.test(l.slice(0, 120)) || LEVEL_MARKED.test(l.slice(0, 120))) marked++;
    else plain++;
    if (marked >= lines.length * 0.5) return true;
    if (plain > lines.length * 0.5) return false;
  }
  return false;
}

interface Kind {
  count: number;
  line: number;
  example: string;
}

/**
 * Numbers, hex ids, UUIDs, paths and timestamps collapsed, so `timeout after 3012 ms for order 17`
 * and `… 2987 ms for order 40` are one kind.
 */
export function normalizeLine(line: string): string {
  return line
    .slice(0, LINE_LOOK)
    .replace(TIMESTAMPS, "")
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<id>")
    .replace(/\b0x[0-9a-f]+\b/gi, "<hex>")
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{6,}\b/gi, "<hex>")
    .replace(/(?:[A-Za-z]:)?(?:[\w.~-]*[/\\])+[\w.-]+/g, "<path>")
    .replace(/\d+(?:\.\d+)?/g, "#")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Calls `visit` with each line (and its 1-based number) that holds a level word in its first
 * LINE_LOOK characters: one scan of the text for the words, instead of four level patterns tried
 * on every line (most of a 256 KB build log's preview time).
 */
function eachLevelLine(text: string, visit: (line: string, n: number) => void): void {
  // Every level word above, in any case: a line without one in its first LINE_LOOK characters is neither.
  const hint = /err|fatal|crit|panic|severe|emerg|alert|warn/gi;
  let n = 1;
  let counted = 0;
  for (let m = hint.exec(text); m; m = hint.exec(text)) {
    const start = text.lastIndexOf("\n", m.index - 1) + 1;
    let end = text.indexOf("\n", m.index);
    if (end === -1) end = text.length;
    hint.lastIndex = end;
    if (m.index - start + m[0].length > LINE_LOOK) continue;
    for (let i = text.indexOf("\n", counted); i !== -1 && i < start; i = text.indexOf("\n", i + 1)) n++;
    counted = start;
    visit(text.slice(start, end), n);
  }
}

/** Error and warning lines grouped by kind with counts and the first example, then the last lines. */
export function previewLog(input: PreviewInput, cap: number): Rendered {
  const errors = new Map<string, Kind>();
  const warnings = new Map<string, Kind>();
  let errorLines = 0;
  let warnLines = 0;
  eachLevelLine(input.text, (line, n) => {
    const head = line.slice(0, LINE_LOOK);
    const isError = ERROR.test(head) || ERROR_MARKED.test(head);
    const isWarn = !isError && (WARN.test(head) || WARN_MARKED.test(head));
    if (!isError && !isWarn) return;
    if (isError) errorLines++;
    else warnLines++;
    const kinds = isError ? errors : warnings;
    const key = normalizeLine(line);
    const kind = kinds.get(key);
    if (kind) kind.count++;
    else if (kinds.size < MAX_KINDS) kinds.set(key, { count: 1, line: n, example: line });
  });
  const summary = (n: number, kinds: Map<string, Kind>, word: string) =>
    n === 0
      ? `no ${word} lines`
      : `${countText(n)} ${word} line${n === 1 ? "" : "s"} (${countText(kinds.size)}${kinds.size >= MAX_KINDS ? "+" : ""} kind${kinds.size === 1 ? "" : "s"})`;
  const header = `log, ${countText(input.lines)} lines, ${formatBytes(input.bytes)}: ${summary(errorLines, errors, "error")}, ${summary(warnLines, warnings, "warning")}`;
  if (errorLines + warnLines === 0) {
    const rest = previewLines(input, cap - utf8Length(header) - 2, { tailShare: 0.6 });
    return { ...rest, kind: "log", text: `${header}\n${rest.text}` };
  }
  const parts = [header];
  let room = cap - utf8Length(header) - 1;
  const exampleMax = Math.max(120, Math.floor(cap / 8));
  // Errors first; with warnings too, errors take up to two thirds of the groups' share.
  let groupRoom = Math.floor(room * 0.65);
  for (const [kinds, title] of [
    [errors, "errors"],
    [warnings, "warnings"],
  ] as const) {
    if (kinds.size === 0) continue;
    const share = title === "errors" && warnings.size ? Math.floor(groupRoom * 0.65) : groupRoom;
    const block = kindBlock(title, kinds, share, exampleMax);
    parts.push(block);
    groupRoom -= utf8Length(block) + 1;
    room -= utf8Length(block) + 1;
  }
  // The last lines say where the run ended; twenty are enough for that, the rest of the room stays unspent.
  const tail = takeLines(lastLines(input.text, 20, input.lines), room - 40, exampleMax, "end");
  if (tail.length) parts.push(`last ${tail.length} lines (${tail[0]!.n}-${tail.at(-1)!.n}):\n${join(tail)}`);
  return { kind: "log", text: parts.join("\n"), headEnd: 0, tailStart: tail[0]?.n ?? input.lines + 1 };
}

/** `errors by kind (count · first line · example):` and one row per kind, most frequent first, within `room`. */
function kindBlock(title: string, kinds: Map<string, Kind>, room: number, exampleMax: number): string {
  const sorted = [...kinds.values()].sort((a, b) => b.count - a.count || a.line - b.line);
  const rows = [`${title} by kind (count · first at line · example):`];
  let size = utf8Length(rows[0]!) + 1;
  for (const k of sorted) {
    const row = `  ×${countText(k.count)} · line ${k.line} · ${cutStart(k.example.trim(), exampleMax)}`;
    if (size + utf8Length(row) + 1 > room - 30 && rows.length > 1) break;
    rows.push(size + utf8Length(row) + 1 > room ? cutStart(row, Math.max(40, room - size - 1)) : row);
    size += utf8Length(rows.at(-1)!) + 1;
  }
  if (rows.length - 1 < sorted.length) rows.push(`  … ${sorted.length - (rows.length - 1)} more kinds`);
  return rows.join("\n");
}
