/** A text split into lines with byte offsets, so any line range's size is one subtraction. */

import { utf8Length } from "./bytes.ts";

export interface LineTable {
  /** Lines without their terminators (`\n` or `\r\n`). */
  lines: string[];
  /** `offsets[i]` is the UTF-8 size of lines 0..i-1, each counted with one `\n`. */
  offsets: number[];
  /** Leading spaces and tabs of each line; -1 for a blank line. */
  indents: Int32Array;
  /** The source and each line's start in it, when it has no `\r` so a range is one slice. */
  source?: string;
  starts?: number[];
}

/** A run of lines (0-based, inclusive) or, for a line too big for one chunk, one piece of it in `text`. */
export interface Piece {
  start: number;
  end: number;
  text?: string;
}

/** Splits `text` into lines; a final terminator does not open an extra empty line. */
export function makeLineTable(text: string): LineTable {
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const hasCr = text.includes("\r");
  if (hasCr) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.endsWith("\r")) lines[i] = line.slice(0, -1);
    }
  }
  const n = lines.length;
  const offsets = new Array<number>(n + 1);
  const starts = hasCr ? undefined : new Array<number>(n);
  const indents = new Int32Array(n);
  offsets[0] = 0;
  let at = 0;
  for (let i = 0; i < n; i++) {
    const line = lines[i]!;
    offsets[i + 1] = offsets[i]! + utf8Length(line) + 1;
    if (starts) starts[i] = at;
    at += line.length + 1;
    let k = 0;
    while (k < line.length && (line.charCodeAt(k) === 32 || line.charCodeAt(k) === 9)) k++;
    indents[i] = k === line.length || isBlank(line) ? -1 : k;
  }
  return { lines, offsets, indents, source: hasCr ? undefined : text, starts };
}

/** UTF-8 size of lines `a..b` joined with `\n`. */
export function spanBytes(t: LineTable, a: number, b: number): number {
  return t.offsets[b + 1]! - t.offsets[a]! - 1;
}

/** True when the line holds only whitespace. */
export function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    // ASCII whitespace, NBSP, ideographic space and BOM are blank; anything else is content.
    if (c > 32 ? c !== 0xa0 && c !== 0x3000 && c !== 0xfeff : c < 9 || (c > 13 && c < 32)) return false;
  }
  return true;
}

/** Narrows a piece to its first and last non-blank lines; null when nothing is left. */
export function trimPiece(t: LineTable, p: Piece): Piece | null {
  if (p.text !== undefined) return isBlank(p.text) ? null : p;
  let { start, end } = p;
  while (start <= end && t.indents[start]! < 0) start++;
  while (end >= start && t.indents[end]! < 0) end--;
  return start <= end ? { start, end } : null;
}

/** The text a piece stands for. */
export function pieceBody(t: LineTable, p: Piece): string {
  if (p.text !== undefined) return p.text;
  if (t.source !== undefined && t.starts !== undefined) {
    return t.source.slice(t.starts[p.start], t.starts[p.end]! + t.lines[p.end]!.length);
  }
  return p.start === p.end ? t.lines[p.start]! : t.lines.slice(p.start, p.end + 1).join("\n");
}
