/** CSV/TSV chunking: rows packed into chunks that each start with the header row. */

import { utf8Length } from "./bytes.ts";
import { makeLineTable, isBlank, pieceBody, trimPiece } from "./line-table.ts";
import { packLines } from "./pack-lines.ts";
import { displayName } from "./titles.ts";
import type { Chunk, ChunkOptions } from "./types.ts";

const TARGET_BYTES = 3072;
const TARGET_LINES = 80;

/**
 * Splits rows into chunks titled `<name> rows a-b` (data rows, 1-based). Each body repeats the
 * header so a hit still says which column a value sits in; a header bigger than half a chunk is
 * indexed once on its own instead. Quoted fields spanning lines stay within one row.
 */
export function chunkCsv(text: string, opts: ChunkOptions): Chunk[] {
  const t = makeLineTable(text);
  const n = t.lines.length;
  const name = displayName(opts.name);
  let hs = 0;
  while (hs < n && isBlank(t.lines[hs]!)) hs++;
  if (hs === n) return [];

  // A line starts a row when the quotes before it are balanced; rowOf counts non-blank rows.
  const rowStart = new Array<boolean>(n);
  const rowOf = new Array<number>(n);
  let inQuote = false;
  let row = 0;
  for (let i = 0; i < n; i++) {
    const line = t.lines[i]!;
    rowStart[i] = !inQuote;
    if (!inQuote && i > hs && !isBlank(line)) row++;
    rowOf[i] = row;
    if (line.includes('"') && (line.split('"').length - 1) % 2 === 1) inQuote = !inQuote;
  }
  let he = hs;
  while (he + 1 < n && !rowStart[he + 1]) he++;

  const header = t.lines.slice(hs, he + 1).join("\n");
  const headerBytes = utf8Length(header) + 1;
  const repeat = headerBytes * 2 <= opts.maxChunk;
  const out: Chunk[] = [];
  if (!repeat) {
    for (const piece of packLines(t, hs, he, { maxBytes: opts.maxChunk, maxLines: Number.POSITIVE_INFINITY })) {
      out.push({ title: `${name} header`, body: pieceBody(t, piece), lineStart: piece.start + 1, lineEnd: piece.end + 1, code: false });
    }
  }
  if (he + 1 >= n) {
    if (repeat) out.push({ title: `${name} header`, body: header, lineStart: hs + 1, lineEnd: he + 1, code: false });
    return out;
  }
  const soft = Math.min(opts.maxChunk, TARGET_BYTES);
  // With the header repeated, rows get what the target leaves, but never under half a chunk.
  const budget = repeat ? Math.max(soft - headerBytes, Math.floor(opts.maxChunk / 2)) : soft;
  const pieces = packLines(t, he + 1, n - 1, {
    maxBytes: budget,
    maxLines: TARGET_LINES,
    breakScore: (i) => (rowStart[i] ? 1 : 0),
  });
  let first = true;
  for (const piece of pieces) {
    const p = trimPiece(t, piece);
    if (!p) continue;
    const body = pieceBody(t, p);
    out.push({
      title: `${name} rows ${Math.max(rowOf[p.start]!, 1)}-${Math.max(rowOf[p.end]!, 1)}`,
      body: repeat ? `${header}\n${body}` : body,
      // The first chunk's header is the file's own, so its range starts at the header.
      lineStart: repeat && first ? hs + 1 : p.start + 1,
      lineEnd: p.end + 1,
      code: false,
    });
    first = false;
  }
  return out;
}
