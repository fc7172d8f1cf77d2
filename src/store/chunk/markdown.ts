/** Markdown chunking: one section per heading, fences kept whole, oversize sections packed by block. */

import { scanMarkdown } from "./markdown-blocks.ts";
import { makeLineTable, pieceBody, spanBytes, trimPiece, type LineTable, type Piece } from "./line-table.ts";
import { blockBreakScore, packLines } from "./pack-lines.ts";
import { displayName } from "./titles.ts";
import type { Chunk, ChunkOptions } from "./types.ts";

interface Unit {
  start: number;
  end: number;
  fence: boolean;
}

interface Section {
  title: string;
  level: number;
  /** Runs of units between horizontal rules; a chunk never spans two of them. */
  segments: Unit[][];
}

/** Splits markdown by heading section; titles are heading paths joined with " > ". */
export function chunkMarkdown(text: string, opts: ChunkOptions): Chunk[] {
  const t = makeLineTable(text);
  const sections = buildSections(t, displayName(opts.name));
  const out: Chunk[] = [];
  sections.forEach((section, k) => {
    // A heading followed straight by a sub-heading adds nothing its children's titles lack,
    // and a near-empty chunk would outrank real content on BM25's length normalisation.
    const next = sections[k + 1];
    const units = section.segments.flat();
    if (section.level > 0 && units.length === 1 && next && next.level > section.level) return;
    let part = 0;
    let title = section.title;
    for (const segment of section.segments) {
      const label = segment.length > 0 ? LABEL_LINE.exec(t.lines[segment[0]!.start]!) : null;
      if (label) {
        title = section.level > 0 ? `${section.title} > ${label[1]!.trim()}` : label[1]!.trim();
        part = 0;
      }
      for (const piece of packUnits(t, segment, opts.maxChunk)) {
        const trimmed = trimPiece(t, piece);
        if (!trimmed) continue;
        part++;
        out.push({
          title: part === 1 ? title : `${title} (${part})`,
          body: pieceBody(t, trimmed),
          lineStart: trimmed.start + 1,
          lineEnd: trimmed.end + 1,
          code: piece.code,
        });
      }
    }
  });
  return out;
}

function buildSections(t: LineTable, name: string): Section[] {
  const sections: Section[] = [{ title: name, level: 0, segments: [[]] }];
  const stack: { level: number; text: string }[] = [];
  for (const block of scanMarkdown(t.lines)) {
    let current = sections[sections.length - 1]!;
    if (block.type === "heading") {
      while (stack.length > 0 && stack[stack.length - 1]!.level >= block.level) stack.pop();
      stack.push({ level: block.level, text: block.text });
      const path = stack.map((h) => h.text).filter((s) => s !== "");
      current = { title: path.length > 0 ? path.join(" > ") : name, level: block.level, segments: [[]] };
      sections.push(current);
    } else if (block.type === "rule") {
      current.segments.push([]);
      continue;
    }
    current.segments[current.segments.length - 1]!.push({ start: block.start, end: block.end, fence: block.type === "fence" });
  }
  return sections;
}

// Older Context7 output has no headings: each snippet opens with "TITLE: ..." between rules.
const LABEL_LINE = /^TITLE:\s+(\S.*)$/;

type CodePiece = Piece & { code: boolean };

/** Packs whole units greedily; a unit bigger than `max` is split by lines (preferring blank lines), then by bytes. */
function packUnits(t: LineTable, units: Unit[], max: number): CodePiece[] {
  const out: CodePiece[] = [];
  let cur: CodePiece | null = null;
  for (const unit of units) {
    if (cur && spanBytes(t, cur.start, unit.end) <= max) {
      cur.end = unit.end;
      cur.code ||= unit.fence;
      continue;
    }
    if (spanBytes(t, unit.start, unit.end) <= max) {
      if (cur) out.push(cur);
      cur = { start: unit.start, end: unit.end, code: unit.fence };
      continue;
    }
    // A short lead-in (often just the heading) rides along with the oversize block's first
    // piece rather than standing alone as a chunk with almost nothing in it.
    let from = unit.start;
    if (cur && !cur.code && spanBytes(t, cur.start, cur.end) * 4 <= max) from = cur.start;
    else if (cur) out.push(cur);
    cur = null;
    const pieces = packLines(t, from, unit.end, { maxBytes: max, maxLines: Number.POSITIVE_INFINITY, breakScore: blockBreakScore(t) });
    for (const p of pieces) out.push({ ...p, code: unit.fence });
  }
  if (cur) out.push(cur);
  return out;
}
