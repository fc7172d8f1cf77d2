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
  /** The section's own heading ("" for the text before the first one). */
  heading: string;
  level: number;
  /** Runs of units between horizontal rules; a chunk never spans two of them. */
  segments: Unit[][];
}

/** Splits markdown by heading section; titles are heading paths joined with " > ". */
export function chunkMarkdown(text: string, opts: ChunkOptions, dropLinks = true): Chunk[] {
  const t = makeLineTable(text);
  const front = frontMatter(t);
  const sections = buildSections(t, front.title ?? displayName(opts.name), front.end, dropLinks);
  const out: Chunk[] = [];
  sections.forEach((section, k) => {
    const units = section.segments.flat();
    // A heading with nothing of its own before its first sub-heading is still a section people
    // ask for by name ("Promises API"): its chunk is the heading and the list of what it holds.
    const children = childHeadings(sections, k);
    // So is a page whose front matter gives its title and whose text starts at its first heading
    // (a docs site's page): "bun install" is the page, not one of its sections.
    if (section.level === 0 && front.titleLine !== undefined && units.length === 0 && children.length > 0) {
      out.push({
        title: section.title,
        body: `${section.title}\n\nSections: ${children.join(" · ")}`,
        lineStart: front.titleLine + 1,
        lineEnd: front.titleLine + 1,
        code: false,
      });
      return;
    }
    if (section.level > 0 && units.length === 1 && children.length > 0) {
      const line = units[0]!.start;
      out.push({
        title: section.title,
        body: `${t.lines[line]!.trim()}\n\nSections: ${children.join(" · ")}`,
        lineStart: line + 1,
        lineEnd: line + 1,
        code: false,
      });
      return;
    }
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
  // A file of nothing but link definitions is still indexed as what it is.
  if (out.length === 0 && dropLinks && text.trim() !== "") return chunkMarkdown(text, opts, false);
  return out;
}

/** Headings of the sections directly under section `k`. */
function childHeadings(sections: Section[], k: number): string[] {
  const level = sections[k]!.level;
  const out: string[] = [];
  let childLevel = Number.POSITIVE_INFINITY;
  for (let i = k + 1; i < sections.length && sections[i]!.level > level; i++) {
    const s = sections[i]!;
    if (s.level < childLevel) childLevel = s.level;
    if (s.level === childLevel && s.heading) out.push(s.heading);
  }
  return out;
}

/**
 * YAML front matter (`---` … `---` on the first lines, as MDX and static-site pages have): its
 * `title` roots the heading path, and its lines are not chunked as text.
 */
function frontMatter(t: LineTable): { title?: string; titleLine?: number; end: number } {
  if (t.lines[0]?.trim() !== "---") return { end: 0 };
  for (let i = 1; i < Math.min(t.lines.length, 200); i++) {
    const line = t.lines[i]!;
    if (line.trim() === "---" || line.trim() === "...") {
      let title: string | undefined;
      let titleLine: number | undefined;
      for (let j = 1; j < i; j++) {
        const m = /^title:\s*(.+?)\s*$/.exec(t.lines[j]!);
        if (!m) continue;
        title = m[1]!.replace(/^(['"])(.*)\1$/, "$2").trim() || undefined;
        titleLine = title ? j : undefined;
      }
      return { title, ...(titleLine !== undefined ? { titleLine } : {}), end: i + 1 };
    }
    if (!/^(\s|[\w-]+:|#|$)/.test(line)) break; // not YAML: a rule followed by prose
  }
  return { end: 0 };
}

function buildSections(t: LineTable, name: string, skip: number, dropLinks: boolean): Section[] {
  const sections: Section[] = [{ title: name, heading: "", level: 0, segments: [[]] }];
  const stack: { level: number; text: string }[] = [];
  // A page's own title is the root of every heading path; its h1 (usually the same words) is not repeated.
  const root = skip > 0 && name ? name : "";
  for (const block of scanMarkdown(t.lines)) {
    if (block.end < skip) continue;
    let current = sections[sections.length - 1]!;
    if (block.type === "heading") {
      while (stack.length > 0 && stack[stack.length - 1]!.level >= block.level) stack.pop();
      stack.push({ level: block.level, text: block.text });
      const path = stack.map((h) => h.text).filter((s) => s !== "");
      if (root && path[0] !== root) path.unshift(root);
      current = { title: path.length > 0 ? path.join(" > ") : name, heading: block.text, level: block.level, segments: [[]] };
      sections.push(current);
    } else if (block.type === "rule") {
      current.segments.push([]);
      continue;
    } else if (dropLinks && isLinkDefinitions(t, block.start, block.end)) {
      continue;
    } else if (block.type === "para" && isModuleStatements(t, block.start, block.end)) {
      continue;
    }
    current.segments[current.segments.length - 1]!.push({ start: block.start, end: block.end, fence: block.type === "fence" });
  }
  return sections;
}

/**
 * A link reference definition (`[fs.readFile()]: fs.md#fsreadfile`): it renders as nothing, and
 * Node's docs end each page with hundreds of them, every one naming an API. Kept in the last
 * section's chunks, they made it the best match for any API of the page.
 */
const LINK_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*\S+(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*$/;

/**
 * An MDX page's module statements (`import Install from "/snippets/cli/install.mdx";`, `export
 * const meta = {…};` on one line) and component tags without attributes (`<Install />`,
 * `</Accordion>`): they render no text of their own. Left in, a page that opens with one had a
 * lead chunk of that line alone, the best match for the page's own title. A tag with attributes
 * (`<Accordion title="…">`) says something, and stays.
 */
const MODULE_STATEMENT =
  /^(?:<\/?[A-Z][\w.]*\s*\/?>\s*$|import\s+(?:[\w*$]+\s*,?\s*)?(?:\{[^}]*\}\s*)?(?:from\s+)?["'][^"']+["']|export\s+(?:const|let|var|function|default)\b.*);?\s*$/;

/** Whether every line of a paragraph is an MDX module statement: such a paragraph is not chunked. */
function isModuleStatements(t: LineTable, start: number, end: number): boolean {
  for (let i = start; i <= end; i++) if (!MODULE_STATEMENT.test(t.lines[i]!)) return false;
  return true;
}

/** Whether every line of a paragraph is a link reference definition: such a paragraph is not chunked. */
function isLinkDefinitions(t: LineTable, start: number, end: number): boolean {
  for (let i = start; i <= end; i++) if (!LINK_DEFINITION.test(t.lines[i]!)) return false;
  return true;
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
