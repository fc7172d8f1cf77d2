/** Greedy packing of line ranges into size-bounded pieces, breaking where a scorer likes best. */

import { splitUtf8 } from "./bytes.ts";
import { spanBytes, type LineTable, type Piece } from "./line-table.ts";

export interface PackOptions {
  maxBytes: number;
  maxLines: number;
  /**
   * How good it is to start a new piece at line `i` (higher is better). When given, a piece that
   * must end early ends at the best-scoring line in the second half of what would fit, so pieces
   * stay at least half full; ties go to the later line.
   */
  breakScore?: (i: number) => number;
}

/** Packs lines `from..to` (0-based, inclusive) into pieces of at most `maxBytes` and `maxLines`. */
export function packLines(t: LineTable, from: number, to: number, opts: PackOptions): Piece[] {
  const out: Piece[] = [];
  const { maxBytes, maxLines, breakScore } = opts;
  let s = from;
  while (s <= to) {
    if (spanBytes(t, s, s) > maxBytes) {
      for (const text of splitUtf8(t.lines[s]!, maxBytes)) out.push({ start: s, end: s, text });
      s++;
      continue;
    }
    let e = s;
    while (e < to && e + 1 - s < maxLines && spanBytes(t, s, e + 1) <= maxBytes) e++;
    // Before a line that will be cut up anyway there is no better place to break.
    if (e === to || !breakScore || spanBytes(t, e + 1, e + 1) > maxBytes) {
      out.push({ start: s, end: e });
      s = e + 1;
      continue;
    }
    let best = e + 1;
    let bestScore = breakScore(best);
    const lowest = s + Math.max(1, Math.ceil((e - s + 1) / 2));
    for (let c = e; c >= lowest; c--) {
      const score = breakScore(c);
      if (score > bestScore) {
        best = c;
        bestScore = score;
      }
    }
    out.push({ start: s, end: best - 1 });
    s = best;
  }
  return out;
}

/**
 * A break scorer for prose and code blocks: after a blank line is best, then before the least
 * indented line, so a YAML tree or nested code splits between its biggest subtrees.
 */
export function blockBreakScore(t: LineTable): (i: number) => number {
  return (i) => (t.indents[i - 1]! < 0 ? 1000 : -Math.max(0, t.indents[i]!));
}
