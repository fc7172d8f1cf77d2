import { countText, cutStart, formatBytes, utf8Length } from "./clip.ts";
import { eachLine, lastLines } from "./lines.ts";
import { join, takeLines } from "./plain.ts";
import { CODE_FRAME, DETAIL, LOCATION, SHAPES, type OutputShape } from "./test-shapes.ts";
import type { PreviewInput, Rendered } from "./types.ts";

/** Detail lines kept per failure, and lines looked at to find them. */
const DETAIL_LINES = 5;
const DETAIL_WINDOW = 40;
/** Failures kept; bounds memory when a build prints a million errors. */
const MAX_FAILURES = 400;
/** Characters of a line tested against the shapes. */
const LINE_LOOK = 300;

interface Failure {
  line: number;
  title: string;
  detail: string[];
  /** Where the same compiler error occurs again, and how often in all. */
  also: string[];
  repeats: number;
}

/** Locations listed for a repeated compiler error. */
const ALSO_SHOWN = 8;

/** A failure still collecting the detail printed after it. */
interface Open {
  failure: Failure;
  shape: OutputShape;
  looked: number;
  /** The lines before it, for a shape that prints detail on either side (go test -v prints it before). */
  before: string[];
}

/** The shapes whose failure or summary lines occur in the sample; empty when this is not test or build output. */
export function detectShapes(sample: string[]): OutputShape[] {
  const heads = sample.map((l) => (l.length > LINE_LOOK ? l.slice(0, LINE_LOOK) : l));
  return SHAPES.filter((s) => heads.some((l) => s.summary.test(l) || (s.strong && s.failure.test(l))));
}

/** Failures (test name or error, first assertion lines, location) and the summary lines. */
export function previewTestOutput(input: PreviewInput, cap: number, shapes: OutputShape[]): Rendered {
  const { failures, summary, total } = scan(input.text, shapes);
  const of = shapes.some((s) => s.of === "test") ? "test" : "build";
  const noun = of === "test" ? "failure" : "error";
  const names = shapes.map((s) => s.name).join(", ");
  const count = total === 0 ? `no ${noun}s found` : `${countText(total)} ${noun}${total === 1 ? "" : "s"}`;
  const header = `${of} output (${names}), ${countText(input.lines)} lines, ${formatBytes(input.bytes)}: ${count}`;
  const lineMax = Math.max(160, Math.floor(cap / 6));
  const summaryText = summary.length ? `summary:\n${summary.map((l) => cutStart(l, lineMax)).join("\n")}` : "";
  const summaryPart = utf8Length(summaryText) <= cap * 0.3 ? summaryText : cutStart(summaryText, Math.floor(cap * 0.3));
  let room = cap - utf8Length(header) - utf8Length(summaryPart) - 2;
  const parts = [header];
  if (failures.length) {
    const block = failureBlock(`${noun}s:`, failures, total, room, lineMax);
    parts.push(block);
    room -= utf8Length(block) + 1;
  }
  let tailStart = input.lines + 1;
  if (!summary.length || failures.length === 0) {
    // Nothing recognisable to show beyond the counts: the last lines are where runners report.
    const tail = takeLines(lastLines(input.text, 60, input.lines), room - 40, lineMax, "end");
    if (tail.length) parts.push(`last ${tail.length} lines:\n${join(tail)}`);
    tailStart = tail[0]?.n ?? tailStart;
  }
  if (summaryPart) parts.push(summaryPart);
  return { kind: "test-output", text: parts.join("\n"), headEnd: 0, tailStart };
}

/** One pass over the lines: failures with their detail, and the summary lines (the last 8). */
function scan(text: string, shapes: OutputShape[]) {
  const failures: Failure[] = [];
  const summary: string[] = [];
  const recent: string[] = []; // lines since the last boundary, for detail printed before its failure
  const names = new Set<string>();
  const messages = new Map<string, Failure>(); // compiler errors by message, to fold repeats
  const fileShape = shapes.find((s) => s.file);
  let open: Open | undefined;
  let file = "";
  let total = 0;
  eachLine(text, (raw, n) => {
    const line = raw.slice(0, LINE_LOOK);
    let matched: OutputShape | undefined;
    let title = "";
    for (const shape of shapes) {
      const m = shape.failure.exec(line);
      if (!m) continue;
      const name = m.groups?.name ?? m.groups?.name2;
      const key = name?.split(/::|\./).at(-1);
      if (key && names.has(key)) continue;
      if (key) names.add(key);
      matched = shape;
      title = shape.file && file ? `${file}: ${raw.trim()}` : raw.trim();
      break;
    }
    if (open && (matched || open.shape.boundary?.test(line) || ++open.looked > DETAIL_WINDOW)) {
      if (open.shape.detail === "either" && open.failure.detail.length === 0) open.failure.detail = pick(open.before);
      open = undefined;
    }
    if (matched) {
      total++;
      const location = matched.detail === "none" ? LOCATION.exec(title) : null;
      const key = location ? `${matched.name}\0${title.slice(location[0].length)}` : "";
      const same = key ? messages.get(key) : undefined;
      if (same) {
        same.repeats++;
        if (same.also.length < ALSO_SHOWN) same.also.push(location![1]!);
        return;
      }
      const failure: Failure = { line: n, title, detail: matched.detail === "before" ? pick(recent) : [], also: [], repeats: 1 };
      if (key && messages.size < MAX_FAILURES) messages.set(key, failure);
      if (failures.length < MAX_FAILURES) failures.push(failure);
      if (matched.detail === "after" || matched.detail === "either") open = { failure, shape: matched, looked: 0, before: [...recent] };
      recent.length = 0;
      return;
    }
    if (open && raw.trim() !== "" && open.failure.detail.length < DETAIL_LINES * 3) open.failure.detail.push(raw);
    if (shapes.some((s) => s.summary.test(line))) {
      summary.push(raw.trim());
      if (summary.length > 8) summary.shift();
    }
    if (shapes.some((s) => s.boundary?.test(line))) recent.length = 0;
    else if (raw.trim() !== "") {
      recent.push(raw);
      if (recent.length > DETAIL_WINDOW) recent.shift();
    }
    if (fileShape?.file?.test(line)) file = line.trim();
  });
  for (const f of failures) if (f.detail.length > DETAIL_LINES) f.detail = pick(f.detail);
  return { failures, summary, total };
}

/** The detail lines worth showing: those that look like assertions or locations, else the first ones. */
function pick(lines: string[]): string[] {
  const prose = lines.filter((l) => !CODE_FRAME.test(l));
  const useful = prose.filter((l) => DETAIL.test(l.slice(0, LINE_LOOK)));
  return (useful.length ? useful : prose).slice(0, DETAIL_LINES);
}

/** Failures in order, each a title and indented detail, within `room`; then how many were left out. */
function failureBlock(title: string, failures: Failure[], total: number, room: number, lineMax: number): string {
  const rows = [title];
  let size = utf8Length(title) + 1;
  let shown = 0;
  for (const f of failures) {
    const also = f.also.length ? [`  ×${countText(f.repeats)} in all; also at ${f.also.join(", ")}${f.repeats - 1 > f.also.length ? ", …" : ""}`] : [];
    const block = [cutStart(f.title, lineMax), ...f.detail.map((d) => `  ${cutStart(d.trim(), lineMax)}`), ...also.map((a) => cutStart(a, lineMax))].join("\n");
    const blockSize = utf8Length(block) + 1;
    if (size + blockSize > room - 30) {
      // A failure that does not fit whole still shows its title, if that fits.
      const titleOnly = cutStart(f.title, lineMax);
      if (size + utf8Length(titleOnly) + 1 > room - 30) break;
      rows.push(titleOnly);
      size += utf8Length(titleOnly) + 1;
    } else {
      rows.push(block);
      size += blockSize;
    }
    shown++;
  }
  if (shown === 0 && failures.length) rows.push(cutStart(failures[0]!.title, Math.max(20, room - size - 30)));
  const listed = failures.slice(0, Math.max(shown, 1)).reduce((n, f) => n + f.repeats, 0);
  const left = total - listed;
  if (left > 0) rows.push(`… ${countText(left)} more`);
  return rows.join("\n");
}
