import { countText, cutEnd, cutStart, fits, formatBytes, utf8Length } from "./clip.ts";
import { firstLines, lastLines, type NumberedLine } from "./lines.ts";
import type { PreviewInput, Rendered } from "./types.ts";

/** How much of the budget the tail gets: a failure's errors are usually at the end. */
interface PlainOptions {
  tailShare: number;
}

/**
 * Head and tail lines. A line longer than its share is cut at structure (a comma, brace or
 * space) rather than dropped, so one 19 KB line still shows its start and its end.
 */
export function previewLines(input: PreviewInput, cap: number, options: PlainOptions): Rendered {
  const { text, lines } = input;
  if (lines <= 1) return singleLine(input, cap, options);
  const headRoom = Math.floor(cap * (1 - options.tailShare));
  const lineMax = Math.max(160, Math.floor(cap / 4));
  const head = takeLines(firstLines(text, 2000), headRoom - 40, lineMax, "start");
  const headEnd = head.at(-1)?.n ?? 0;
  const headText = head.length ? `head (lines 1-${headEnd} of ${countText(lines)}):\n${join(head)}` : "";
  const tailRoom = cap - utf8Length(headText) - 40;
  const tail = trimBlank(
    takeLines(
      lastLines(text, 2000, lines).filter((l) => l.n > headEnd),
      tailRoom,
      lineMax,
      "end",
    ),
  );
  const tailStart = tail[0]?.n ?? lines + 1;
  const parts = [headText];
  if (tail.length) parts.push(`tail (lines ${tail[0]!.n}-${tail.at(-1)!.n}):\n${join(tail)}`);
  return { kind: "lines", text: parts.filter(Boolean).join("\n\n"), headEnd, tailStart };
}

/** One long line: its start and its end, each cut at structure. */
function singleLine(input: PreviewInput, cap: number, options: PlainOptions): Rendered {
  const line = input.text.replace(/\n$/, "");
  const label = `line 1 of 1, ${formatBytes(input.bytes)}`;
  if (fits(line, cap - label.length - 4)) return { kind: "lines", text: `${label}:\n${line}`, headEnd: 1, tailStart: 2 };
  const startRoom = Math.floor((cap - 60) * (1 - options.tailShare));
  const start = cutStart(line, startRoom);
  const end = cutEnd(line, cap - 60 - utf8Length(start));
  return { kind: "lines", text: `${label}; start:\n${start}\nend:\n${end}`, headEnd: 0, tailStart: 2 };
}

/**
 * Lines in order (or, with from "end", kept from the end) within `room` bytes, each cut to
 * `lineMax`; when not even the first fits, it is cut to the room so the part is never empty.
 */
export function takeLines(lines: NumberedLine[], room: number, lineMax: number, from: "start" | "end"): NumberedLine[] {
  const order = from === "start" ? lines : [...lines].reverse();
  const out: NumberedLine[] = [];
  let used = 0;
  for (const l of order) {
    const cut = from === "start" ? cutStart(l.text, lineMax) : cutEnd(l.text, lineMax);
    const size = utf8Length(cut) + 1;
    if (used + size > room) {
      if (out.length === 0 && room > 40) out.push({ n: l.n, text: from === "start" ? cutStart(l.text, room - 1) : cutEnd(l.text, room - 1) });
      break;
    }
    out.push({ n: l.n, text: cut });
    used += size;
  }
  return from === "start" ? out : out.reverse();
}

function trimBlank(lines: NumberedLine[]): NumberedLine[] {
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a]!.text.trim() === "") a++;
  while (b > a && lines[b - 1]!.text.trim() === "") b--;
  return lines.slice(a, b);
}

/** Lines joined for a reply. */
export function join(lines: NumberedLine[]): string {
  return lines.map((l) => l.text).join("\n");
}
