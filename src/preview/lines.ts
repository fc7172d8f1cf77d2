/**
 * Line access that never splits the whole text: head and tail lines are read from either end,
 * line counts come from a newline scan, and detection looks at a bounded sample.
 */

/** A line and its 1-based number. */
export interface NumberedLine {
  n: number;
  text: string;
}

/** Bytes of text a detector looks at from each end of the input. */
const SAMPLE_CHARS = 64 * 1024;

/** Number of lines, not counting the empty line a final newline would add. */
export function countLines(text: string): number {
  if (text === "") return 0;
  let n = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n - 1 : n;
}

/** Up to `max` lines from the start, with their numbers. */
export function firstLines(text: string, max: number): NumberedLine[] {
  const out: NumberedLine[] = [];
  let start = 0;
  while (out.length < max && start < text.length) {
    const end = text.indexOf("\n", start);
    out.push({ n: out.length + 1, text: text.slice(start, end === -1 ? text.length : end) });
    if (end === -1) break;
    start = end + 1;
  }
  return out;
}

/** Up to `max` lines from the end (a final newline ends the last line), numbered given `total`. */
export function lastLines(text: string, max: number, total: number): NumberedLine[] {
  const out: NumberedLine[] = [];
  let end = text.endsWith("\n") ? text.length - 1 : text.length;
  while (out.length < max && end >= 0 && total - out.length > 0) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    out.unshift({ n: total - out.length, text: text.slice(start, end) });
    if (start === 0) break;
    end = start - 1;
  }
  return out;
}

/** Calls `visit` for each line in order; stops early when it returns false. */
export function eachLine(text: string, visit: (line: string, n: number) => boolean | void): void {
  let start = 0;
  let n = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    if (visit(text.slice(start, stop), ++n) === false) return;
    start = stop + 1;
  }
}

/** Whole lines from both ends of the text, for detectors: at most SAMPLE_CHARS from each end. */
export function sampleLines(text: string): string[] {
  if (text.length <= 2 * SAMPLE_CHARS) return text.split("\n").slice(0, 4000);
  const head = text.slice(0, SAMPLE_CHARS).split("\n").slice(0, -1);
  const tail = text
    .slice(text.length - SAMPLE_CHARS)
    .split("\n")
    .slice(1);
  return [...head.slice(0, 2000), ...tail.slice(-2000)];
}
