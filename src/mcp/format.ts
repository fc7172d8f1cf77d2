/** Text helpers shared by the tool replies: byte counts, quoting, follow-up calls, the tail of whole lines. */
import { takeLines } from "../preview/plain.ts";

/** UTF-8 length of a string (the previews' measure, under the name the tools use). */
export { utf8Length as byteLength } from "../preview/clip.ts";

/** A string as a JSON literal, so labels and queries quote safely inside a suggested call. */
export function quote(text: string): string {
  return JSON.stringify(text);
}

/** The exact follow-up call that retrieves more of an indexed source. */
export function searchCall(source: string, query?: string): string {
  return `ctx_search(queries: [${quote(query || "…")}], source: ${quote(source)})`;
}

/**
 * Whole lines from the end of `lines` within `maxBytes`; a last line that alone is too long keeps
 * its end. The previews' line picker does the work (each line costs a byte at least, so only the
 * last `maxBytes` lines can be kept).
 */
export function tailLines(lines: string[], maxBytes: number): string[] {
  const from = Math.max(0, lines.length - maxBytes);
  const numbered = lines.slice(from).map((text, i) => ({ n: from + i + 1, text }));
  return takeLines(numbered, maxBytes, maxBytes, "end").map((l) => l.text);
}

/** Splits text into lines without the trailing empty line a final newline would add. */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
