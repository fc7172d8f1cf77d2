/**
 * Source code chunking: breaks at top-level definitions, titled by the first one in each chunk and
 * the names of the others, so a search for a name finds where it is defined before where it is used.
 */

import { makeLineTable, pieceBody, trimPiece, type LineTable } from "./line-table.ts";
import { packLines } from "./pack-lines.ts";
import { clip, displayName, rangeTitle } from "./titles.ts";
import type { Chunk, ChunkOptions } from "./types.ts";

// A whole function is the unit a reader wants back, so code gets more lines than logs.
const CODE_LINES = 150;

// Column-0 starts of definitions in the common languages (TS/JS, Python, Go, Rust, Java/C#/Kotlin,
// Ruby, PHP, shell, C/C++). Matching only column 0 keeps it to top-level definitions.
const DEFINITION =
  /^(?:export\s+(?:default\s+)?|declare\s+|pub(?:\([^)]*\))?\s+|public\s+|private\s+|protected\s+|internal\s+|static\s+|final\s+|abstract\s+|sealed\s+|data\s+|open\s+|async\s+|unsafe\s+|extern\s+(?:"[^"]*"\s+)?|inline\s+)*(?:function\*?\s|class\s|interface\s|type\s+\w|enum\s|const\s|let\s|var\s|namespace\s|module\s|def\s|fn\s|func\s|struct\s|trait\s|impl\b|mod\s|object\s|record\s|fun\s|sub\s|macro_rules!|template\s*<)/;
// `name() {` shell functions and `type name(args) {` C-family functions.
const CALLABLE = /^(?:[A-Za-z_][\w:<>,*&\s]*\s[*&]*)?[A-Za-z_][\w:~]*\s*\([^;]*\)\s*(?:const\s*)?(?:\{\s*)?$/;
const NOT_CALLABLE = /^(?:if|for|while|switch|return|else|do|catch|sizeof)\b/;
const PREAMBLE = /^(?:\/\/|\/\*|\*|#(?!include|define|!)|@\w|--|;;|"""|''')/;

/** A definition's name: the word after its keyword (past a Go method's receiver), or before a callable's `(`. */
const KEYWORD_NAME =
  /\b(?:function\*?|class|interface|type|enum|const|let|var|namespace|module|def|fn|func|struct|trait|mod|object|record|fun|sub)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)/;
const CALLABLE_NAME = /([A-Za-z_~][\w:~]*)\s*\(/;
/** The most names of other definitions a title lists after the first one's signature. */
const MORE_NAMES = 8;

/** Splits code into chunks of whole top-level definitions where they fit. */
export function chunkCode(text: string, opts: ChunkOptions): Chunk[] {
  const t = makeLineTable(text);
  if (t.lines.length === 0) return [];
  const name = displayName(opts.name);
  const starts = definitionStarts(t);
  const pieces = packLines(t, 0, t.lines.length - 1, {
    maxBytes: opts.maxChunk,
    maxLines: CODE_LINES,
    breakScore: (i) => (starts.has(i) ? 4 : 0) + (t.indents[i - 1]! < 0 ? 2 : 0) + (t.lines[i]!.startsWith("}") ? -1 : 0),
  });
  const out: Chunk[] = [];
  for (const piece of pieces) {
    const p = trimPiece(t, piece);
    if (!p) continue;
    let signature: string | undefined;
    const others: string[] = [];
    for (let i = p.start; i <= p.end; i++) {
      const line = t.lines[i]!;
      if (!isDefinition(line)) continue;
      if (signature === undefined) signature = clip(line.replace(/\s*[{:]?\s*$/, ""), 60);
      else {
        const defined = (KEYWORD_NAME.exec(line) ?? CALLABLE_NAME.exec(line))?.[1];
        if (defined && !others.includes(defined) && !signature.includes(defined)) others.push(defined);
      }
    }
    const more = others.length ? ` (+ ${others.slice(0, MORE_NAMES).join(", ")}${others.length > MORE_NAMES ? ", …" : ""})` : "";
    out.push({
      title: rangeTitle(name, p.start, p.end, signature && `${signature}${more}`),
      body: pieceBody(t, p),
      lineStart: p.start + 1,
      lineEnd: p.end + 1,
      code: true,
    });
  }
  return out;
}

/** True for a line that opens a top-level definition. */
function isDefinition(line: string): boolean {
  const c = line.charCodeAt(0);
  // Column 0 only: not whitespace, not a closing brace.
  if (Number.isNaN(c) || c === 32 || c === 9 || c === 125) return false;
  const head = line.slice(0, 200);
  return DEFINITION.test(head) || (CALLABLE.test(head) && !NOT_CALLABLE.test(head));
}

/** Lines where a definition begins, moved up over the doc comments and decorators attached to it. */
function definitionStarts(t: LineTable): Set<number> {
  const starts = new Set<number>();
  for (let i = 0; i < t.lines.length; i++) {
    if (!isDefinition(t.lines[i]!)) continue;
    let s = i;
    while (s > 0 && t.indents[s - 1]! >= 0 && PREAMBLE.test(t.lines[s - 1]!.trimStart())) s--;
    starts.add(s);
  }
  return starts;
}
