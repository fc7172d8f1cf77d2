/** Plain text and tool output (logs, test runs, builds, git): line-based chunks with telling titles. */

import { makeLineTable, pieceBody, trimPiece, type LineTable, type Piece } from "./line-table.ts";
import { findListing, LISTING_ROWS_MAX, LISTING_TITLE_MAX, type Listing } from "./listing.ts";
import { failureLabel, headingLabel, opensSection, timestampOf, warningLabel } from "./log-lines.ts";
import { packLines } from "./pack-lines.ts";
import { splitRecords } from "./records.ts";
import { clip, displayName, rangeTitle } from "./titles.ts";
import type { Chunk, ChunkOptions } from "./types.ts";

// Small enough that a search hit points at one failure or one minute of a log, big enough
// that the hit carries its context (the test name above the assertion, the stack below it).
const TARGET_BYTES = 3072;
const TARGET_LINES = 80;
// A commit or a file's diff is a natural unit; let it grow to the full chunk size first.
const RECORD_LINES = 200;

/** Splits text into line ranges, one chunk per commit or per file diff when the text is git output. */
export function chunkPlainText(text: string, opts: ChunkOptions): Chunk[] {
  const t = makeLineTable(text);
  if (t.lines.length === 0) return [];
  const name = displayName(opts.name);
  const timed = isTimestamped(t);
  const breakScore = textBreakScore(t, timed);
  const split = splitRecords(t.lines);
  const listing = split ? null : findListing(t);
  if (listing) return listingChunks(t, listing, name, opts.maxChunk);
  const records = split ?? [{ start: 0, end: t.lines.length - 1 }];
  const out: Chunk[] = [];
  for (const record of records) {
    const labelled = record.label !== undefined;
    const pieces = packLines(t, record.start, record.end, {
      maxBytes: labelled ? opts.maxChunk : Math.min(opts.maxChunk, TARGET_BYTES),
      maxLines: labelled ? RECORD_LINES : TARGET_LINES,
      breakScore,
    });
    for (const piece of pieces) {
      const p = trimPiece(t, piece);
      if (!p) continue;
      const heading = record.label ?? chunkHeading(t, p, timed);
      out.push({
        title: rangeTitle(name, p.start, p.end, heading),
        body: pieceBody(t, p),
        lineStart: p.start + 1,
        lineEnd: p.end + 1,
        code: false,
      });
    }
  }
  return out;
}

/**
 * Scores starting a chunk at line i: before a section or failure line (unless it is nested
 * deeper than the line above, as in a stack trace), after a blank line, at a dedent, or where
 * a log's timestamp moves to the next minute.
 */
function textBreakScore(t: LineTable, timed: boolean): (i: number) => number {
  const groups = new Array<string | null | undefined>(timed ? t.lines.length : 0);
  const groupOf = (i: number): string | null => {
    let g = groups[i];
    if (g === undefined) g = groups[i] = timestampOf(t.lines[i]!)?.group ?? null;
    return g;
  };
  return (i) => {
    const indent = t.indents[i]!;
    const prevIndent = t.indents[i - 1]!;
    if (prevIndent < 0) return 3;
    if (indent < 0) return 2;
    let score = 0;
    if (indent <= prevIndent && opensSection(t.lines[i]!)) score += 4;
    if (indent < prevIndent) score += 2;
    if (timed) {
      const g = groupOf(i);
      if (g !== null && g !== groupOf(i - 1) && groupOf(i - 1) !== null) score += 1;
    }
    return score;
  };
}

/**
 * Whether the text is a timestamped log, judged from up to 64 lines spread through it:
 * timestamps are looked for only then, since on other output they cost time and mean nothing.
 */
function isTimestamped(t: LineTable): boolean {
  const n = t.lines.length;
  const step = Math.max(1, Math.floor(n / 64));
  let seen = 0;
  let timed = 0;
  for (let i = 0; i < n; i += step) {
    if (t.indents[i]! < 0) continue;
    seen++;
    if (timestampOf(t.lines[i]!)) timed++;
  }
  return seen > 0 && timed * 4 >= seen;
}

/** The best short heading for a chunk: its first failure, else its first section line, a warning, a time range. */
function chunkHeading(t: LineTable, p: Piece, timed: boolean): string | undefined {
  if (p.text !== undefined) return failureLabel(p.text) ?? headingLabel(p.text) ?? undefined;
  let heading: string | null = null;
  let warning: string | null = null;
  for (let i = p.start; i <= p.end; i++) {
    const line = t.lines[i]!;
    if (t.indents[i]! < 0) continue;
    const failure = failureLabel(line);
    if (failure) return failure;
    heading ??= headingLabel(line);
    warning ??= warningLabel(line);
  }
  if (heading ?? warning) return (heading ?? warning)!;
  if (!timed) return undefined;
  let first: string | undefined;
  let last: string | undefined;
  for (let i = p.start; i <= p.end && first === undefined; i++) first = timestampOf(t.lines[i]!)?.text;
  for (let i = p.end; i >= p.start && last === undefined; i--) last = timestampOf(t.lines[i]!)?.text;
  if (first === undefined) return undefined;
  return clip(last && last !== first ? `${first} – ${last}` : first, 60);
}

/**
 * A listing in runs of rows, each titled by its rows' names (`jvm-flags.txt lines 150-170:
 * HeapDumpOnOutOfMemoryError, HeapDumpPath, …`) and its columns' names if a header gives them
 * (`dpkg-l.txt (Name, Version, Architecture, Description) lines 65-79: …, git`): a run ends before its names outgrow a title,
 * its rows LISTING_ROWS_MAX or its bytes the chunk size. The header lines go with the first run.
 */
function listingChunks(t: LineTable, listing: Listing, name: string, maxChunk: number): Chunk[] {
  const out: Chunk[] = [];
  let start = 0;
  let names: string[] = [];
  let rows = 0;
  // Its columns' names stand with the file's in every run's title.
  const label = listing.columns ? `${name} (${listing.columns})` : name;
  const room = LISTING_TITLE_MAX - (label.length - name.length);
  const flush = (end: number) => {
    const p = trimPiece(t, { start, end });
    if (p)
      out.push({
        title: rangeTitle(label, p.start, p.end, names.join(", ") || undefined),
        body: pieceBody(t, p),
        lineStart: p.start + 1,
        lineEnd: p.end + 1,
        code: false,
      });
    start = end + 1;
    names = [];
    rows = 0;
  };
  for (let i = 0; i < t.lines.length; i++) {
    const row = i >= listing.first ? listing.names[i] : undefined;
    if (row !== undefined) {
      const title = names.length ? `${names.join(", ")}, ${row}`.length : row.length;
      if (rows > 0 && (title > room || rows >= LISTING_ROWS_MAX || t.offsets[i + 1]! - t.offsets[start]! > maxChunk)) flush(i - 1);
      names.push(row);
      rows++;
    } else if (t.offsets[i + 1]! - t.offsets[start]! > maxChunk && i > start) flush(i - 1);
  }
  flush(t.lines.length - 1);
  return out;
}
