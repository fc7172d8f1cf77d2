/**
 * Source code chunking: one definition per chunk where it is big enough to stand alone (what a
 * definition is, and its block, comes from code-definitions.ts). Doc comments and decorators go
 * with what they document; a run of definitions too short to stand alone joins the next one of its
 * block, or the one before when the next belongs elsewhere. A chunk is titled by the class-like
 * block it opens, else by its biggest definition, a member qualified by its class
 * (`RawConfigParser.read_dict(self, dictionary)`), then the names of the others: a search for a
 * name finds where it is defined before where it is used.
 */

import { declarationsOf, definitions, nonBlank, YAML_FILE, yamlDefinitions, type Definition } from "./code-definitions.ts";
import { makeLineTable, pieceBody, trimPiece, type LineTable, type Piece } from "./line-table.ts";
import { packLines } from "./pack-lines.ts";
import { displayName, rangeTitle } from "./titles.ts";
import type { Chunk, ChunkOptions } from "./types.ts";

// A whole function is the unit a reader wants back, so code gets more lines than logs.
const CODE_LINES = 150;
/** A run of definitions shorter than this joins the next one's chunk: a chunk per two-line constant says little. */
const MIN_LINES = 16;

/** The most names of other definitions a title lists after the first one's signature. */
const MORE_NAMES = 8;

/** Splits code into chunks of whole definitions where they fit. */
export function chunkCode(text: string, opts: ChunkOptions): Chunk[] {
  const t = makeLineTable(text);
  if (t.lines.length === 0) return [];
  const name = displayName(opts.name);
  const defs = YAML_FILE.test(name) ? yamlDefinitions(t) : definitions(t, declarationsOf(name), name);
  const out: Chunk[] = [];
  // The definition the pieces go on with, and how many of its pieces there were so far.
  let open: { def: Definition; part: number; end: number } | undefined;
  // Pieces and definitions both come in line order: one pass over each.
  let next = 0;
  for (const piece of pieces(t, defs, opts.maxChunk)) {
    const p = trimPiece(t, piece);
    if (!p) continue;
    while (next < defs.length && defs[next]!.line < p.start) next++;
    const inside: Definition[] = [];
    while (next < defs.length && defs[next]!.line <= p.end) inside.push(defs[next++]!);
    const first = titleDefinition(inside);
    const others: string[] = [];
    const named = new Set(first ? first.signature.split(/[^\w$#.-]+/) : []);
    for (const d of inside) {
      if (d === first || !d.name || named.has(d.name)) continue;
      // A member is listed as its docs name it, by its class (`Math.random` beside `Math.tan(x)`),
      // unless the title is that class's own header (`class Set (+ <=>)`).
      const owner = d.scope.slice(d.scope.lastIndexOf(".") + 1);
      const listed = owner && owner !== d.name && !(first?.container && first.scope === d.scope) ? `${owner}.${d.name}` : d.name;
      if (!others.includes(listed)) others.push(listed);
    }
    const more = others.length ? ` (+ ${others.slice(0, MORE_NAMES).join(", ")}${others.length > MORE_NAMES ? ", …" : ""})` : "";
    // A piece with no definition of its own is part of a long doc comment, titled by what it
    // documents, or a later part of one long definition, titled by it and numbered as a
    // section's parts are.
    let heading = first && `${first.signature}${more}`;
    const after = defs[next];
    const documents = first || !after || after.start > p.start ? undefined : after;
    if (first) {
      const def = inside[inside.length - 1]!;
      open = { def, part: 1, end: definitionEnd(t, def.line) };
    } else if (documents) heading = documents.signature;
    else if (open && p.start <= open.end) heading = `${open.def.signature} (${++open.part})`;
    // Code past the last definition's end (a script's main part after its functions) is none of
    // its: a comment banner over it names it (`# Command line args`), else its lines do.
    else heading = bannerOf(t, p.start, p.end);
    out.push({
      title: rangeTitle(name, p.start, p.end, heading),
      body: pieceBody(t, p),
      lineStart: p.start + 1,
      lineEnd: p.end + 1,
      code: true,
    });
  }
  return out;
}

/**
 * A here-document's start and its terminator word (`cat <<EOF`, `<<-'END'`, Ruby's `<<~EOS`):
 * capitals right after the `<<`, so a shift or an append (`bits << n`, `list << item`) is none.
 */
const HEREDOC = /<<[-~]?(['"]?)([A-Z_][A-Z0-9_]*)\1(?=\s|;|$)/;

/** A line that closes a block at the indent of the line that opened it. */
const CLOSER = /^(?:[}\])]|end\b|fi\b|done\b|esac\b)/;

/**
 * The last line of the definition opening at `line`: the lines indented deeper than it, a brace
 * on the line below it, and the closer at its own indent (`}`, `end`, `fi`). A comment at its
 * indent or less (a C preprocessor line) neither ends nor extends it.
 */
function definitionEnd(t: LineTable, line: number): number {
  const indent = t.indents[line]!;
  let last = line;
  for (let i = line + 1; i < t.lines.length; i++) {
    const at = t.indents[i]!;
    if (at < 0) continue;
    const text = t.lines[i]!.slice(at);
    // A here-document's lines are a string, at whatever indent: the block goes on past its terminator.
    const doc = HEREDOC.exec(text);
    if (doc) {
      while (i + 1 < t.lines.length && t.lines[i + 1]!.trim() !== doc[2]) i++;
      last = ++i;
      continue;
    }
    if (at > indent || CLOSER.test(text) || (i === last + 1 && text.startsWith("{"))) last = i;
    else if (!text.startsWith("#")) break;
  }
  return last;
}

/** A comment line made of rule characters and words: `########   Command line args   ########`. */
const BANNER = /^(?:#|\/\/|--|;|\/?\*+)[#=*\-/;\s]*([A-Za-z][\w ,.'&()/-]{2,60}?)[#=*\-/;\s]*$/;

const COMMENT = /^(?:#|\/\/|--|;|\/?\*)/;
/** Most words of a plain comment line read as a title: more is a sentence. */
const BANNER_WORDS = 5;

/**
 * What a piece of code is for, when comments open it: the words of a ruled banner line
 * (`########   Command line args   ########`) or of a short comment line (`# DebConf stuff`).
 */
function bannerOf(t: LineTable, start: number, end: number): string | undefined {
  for (let i = start; i <= end; i++) {
    if (t.indents[i]! < 0) continue;
    const line = t.lines[i]!.trim();
    if (!COMMENT.test(line)) return undefined;
    const m = BANNER.exec(line);
    if (!m) continue;
    const words = m[1]!.trim();
    if (/[#=*-]{3}\s*$/.test(line) || (/^[A-Z]/.test(words) && !/[.,:;]$/.test(words) && words.split(/\s+/).length <= BANNER_WORDS)) return words;
  }
  return undefined;
}

/**
 * The definition a chunk is titled by: the class-like block it opens, else the one with the most
 * lines (a two-line `readfp` that joined the chunk of `get` does not name it), else the first.
 */
function titleDefinition(inside: Definition[]): Definition | undefined {
  return inside.find((d) => d.container) ?? inside.reduce<Definition | undefined>((best, d) => (!best || d.lines > best.lines ? d : best), undefined);
}

/**
 * Pieces that start at definitions: the lines from one definition's start to the next one's, a
 * run shorter than MIN_LINES joined with what follows while it fits, and a run too big for one
 * chunk split where a blank line or the least indented line falls.
 */
function pieces(t: LineTable, defs: Definition[], maxBytes: number): Piece[] {
  const starts = [...new Set([0, ...defs.map((d) => d.start)])].sort((a, b) => a - b);
  const runs = starts.map((s, k) => ({ start: s, end: k + 1 < starts.length ? starts[k + 1]! - 1 : t.lines.length - 1 }));
  const fits = (a: number, b: number) => b - a + 1 <= CODE_LINES && t.offsets[b + 1]! - t.offsets[a]! - 1 <= maxBytes;
  // The block each run belongs to: a member's class, a class-like block's own name, "" for the rest.
  const scopeAt = new Map(defs.map((d) => [d.start, d.scope]));
  const small = (r: { start: number; end: number }) => nonBlank(t, r.start, r.end) < MIN_LINES;
  const merged: { start: number; end: number; scope: string | undefined }[] = [];
  runs.forEach((run, k) => {
    const scope = scopeAt.get(run.start);
    const last = merged[merged.length - 1];
    // A short run joins the next one of its block (a file's head of imports joins anything).
    if (last && small(last) && (last.scope === undefined || last.scope === scope) && fits(last.start, run.end)) {
      last.end = run.end;
      last.scope = scope;
      return;
    }
    // A short run the next does not continue (the last member of a class) joins the one before it.
    const next = runs[k + 1];
    const continued = next !== undefined && scopeAt.get(next.start) === scope;
    if (last && small(run) && !continued && last.scope === scope && fits(last.start, run.end)) {
      last.end = run.end;
      return;
    }
    merged.push({ ...run, scope });
  });
  // A short run the next one had no room for joins the one before it, when that has room.
  const joined: typeof merged = [];
  for (const cur of merged) {
    const prev = joined[joined.length - 1];
    if (prev && small(cur) && prev.scope === cur.scope && fits(prev.start, cur.end)) prev.end = cur.end;
    else joined.push(cur);
  }
  const starting = new Set(starts);
  return joined.flatMap((m) =>
    fits(m.start, m.end)
      ? [m]
      : packLines(t, m.start, m.end, {
          maxBytes,
          maxLines: CODE_LINES,
          breakScore: (i) => (starting.has(i) ? 4 : 0) + (t.indents[i - 1]! < 0 ? 2 : 0) + (t.lines[i]!.trimStart().startsWith("}") ? -1 : 0),
        }),
  );
}
