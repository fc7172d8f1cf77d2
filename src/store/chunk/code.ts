/**
 * Source code chunking: one definition per chunk where it is big enough to stand alone. Top-level
 * definitions and the members of a class-like block (a Python method, a TypeScript class member,
 * a Rust `impl` function) start chunks; doc comments and decorators go with what they document,
 * and definitions too short to stand alone join the next. A chunk is titled by its first
 * definition, a member qualified by its class (`RawConfigParser.read_dict(self, dictionary)`), and
 * the names of the others, so a search for a name finds where it is defined before where it is used.
 */

import { makeLineTable, pieceBody, trimPiece, type LineTable, type Piece } from "./line-table.ts";
import { packLines } from "./pack-lines.ts";
import { clip, displayName, rangeTitle } from "./titles.ts";
import type { Chunk, ChunkOptions } from "./types.ts";

// A whole function is the unit a reader wants back, so code gets more lines than logs.
const CODE_LINES = 150;
/** A run of definitions shorter than this joins the next one's chunk: a chunk per two-line constant says little. */
const MIN_LINES = 16;

// Column-0 starts of definitions in the common languages (TS/JS, Python, Go, Rust, Java/C#/Kotlin,
// Ruby, PHP, shell, C/C++).
const DEFINITION =
  /^(?:export\s+(?:default\s+)?|declare\s+|pub(?:\([^)]*\))?\s+|public\s+|private\s+|protected\s+|internal\s+|static\s+|final\s+|abstract\s+|sealed\s+|data\s+|open\s+|async\s+|unsafe\s+|extern\s+(?:"[^"]*"\s+)?|inline\s+)*(?:function\*?\s|class\s|interface\s|type\s+\w|enum\s|const\s|let\s|var\s|namespace\s|module\s|def\s|fn\s|func\s|struct\s|trait\s|impl\b|mod\s|object\s|record\s|fun\s|sub\s|macro_rules!|template\s*<)/;
// `name() {` shell functions and `type name(args) {` C-family functions.
const CALLABLE = /^(?:[A-Za-z_][\w:<>,*&\s]*\s[*&]*)?[A-Za-z_][\w:~]*\s*\([^;]*\)\s*(?:const\s*)?(?:\{\s*)?$/;
const NOT_CALLABLE = /^(?:if|for|while|switch|return|else|do|catch|sizeof)\b/;
const PREAMBLE = /^(?:\/\/|\/\*|\*|#(?!include|define|!)|@\w|--|;;|"""|''')/;
/** C and C++ declarations a header is made of: macros, typedefs and `extern` prototypes. */
const C_DECLARATION = /^(?:#\s*define\s|typedef\s|extern\s)/;
const C_FAMILY = /\.(?:c|h|cc|cpp|cxx|hpp|hh|hxx|m|mm)$/i;

/** A definition's name: the word after its keyword (past a Go method's receiver), or before a callable's `(`. */
const KEYWORD_NAME =
  /\b(?:function\*?|class|interface|type|enum|const|let|var|namespace|module|def|fn|func|struct|trait|mod|object|record|fun|sub|define)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)/;
const CALLABLE_NAME = /([A-Za-z_~][\w:~]*)\s*\(/;
/** The block a member belongs to, and its name (`impl<T> Display for Point<T>` is Point's). */
const CONTAINER =
  /\b(?:class|interface|struct|trait|object|enum|namespace|module|record)\s+([A-Za-z_$][\w$]*)|\bimpl(?:<[^>]*>)?\s+(?:[\w:<>]+\s+for\s+)?([A-Za-z_][\w]*)/;
/**
 * A member of a class-like block without a keyword of its own: a method (`close(): void {`,
 * `public String name() {`, `async fetch<T>(`), or a function-valued field (`#onEvent = (e) => {`).
 */
const MEMBER =
  /^(?:(?:public|private|protected|internal|static|override|readonly|abstract|async|final|virtual|open|suspend|inline|get|set|synchronized)\s+)*(?:[A-Za-z_][\w<>[\],.?]*\s+)?(#?[A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*(?:\(|=\s*(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>|=\s*(?:async\s+)?function\b)/;
/** A field of a class-like block (`#lastEventId: string | null = null`, `BOOLEAN_STATES = {`, `private final int size;`). */
const FIELD =
  /^(?:(?:public|private|protected|internal|static|readonly|override|declare|final|const|var|val|let)\s+)*(?:(#?[A-Za-z_$][\w$]*)\??\s*(?::\s*[^=;\s][^=;]*(?:=(?![=>])|;|$)|=(?![=>])|;)|[A-Za-z_][\w<>[\],.?]*\s+(#?[A-Za-z_$][\w$]*)\s*(?:=(?!=)|;))/;
const NOT_MEMBER =
  /^(?:if|for|while|switch|return|else|do|catch|try|throw|new|await|yield|super|this|case|default|delete|typeof|assert|print|raise|del|with|elif|except|pass)\b/;
/** Words before a member's name that its title leaves out: the class it is qualified by says enough. */
const MEMBER_PREFIX =
  /^(?:(?:public|private|protected|internal|static|override|readonly|abstract|async|final|virtual|open|suspend|inline|get|set|synchronized|pub(?:\([^)]*\))?|unsafe|const|extern)\s+)*(?:def|fn|fun|func|function\*?)\s+|^(?:(?:public|private|protected|internal|static|override|readonly|abstract|async|final|virtual|open|suspend|inline|get|set|synchronized)\s+)+/;
/**
 * A definition made by assignment at the left margin, as older JavaScript writes them:
 * `rules.code = {`, `Foo.prototype.bar = function (`, `module.exports = function`, `exports.x = (a) =>`.
 */
const ASSIGNED = /^((?:[A-Za-z_$][\w$]*\.)+)([A-Za-z_$][\w$]*)\s*=\s*(?:\{|\[|function\b|async\b|class\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)/;
/** An object of methods a constructor's instances share: `Foo.prototype = {`. */
const PROTOTYPE = /^([A-Za-z_$][\w$]*)\.prototype\s*=\s*\{/;
/** A method in an object literal: `addRule: function (key, rule) {`, `turndown(input) {`. */
const OBJECT_METHOD = /^([A-Za-z_$][\w$]*)\s*:\s*(?:async\s+)?function\b/;
const KEYWORDS = new Set(["func", "function", "fn", "def", "if", "for", "while", "return", "switch", "case", "new", "delete", "typeof"]);
/** A Go type its methods belong to: `type Client struct {`. */
const GO_TYPE = /^type\s+([A-Za-z_]\w*)(?:\[[^\]]*\])?\s+(?:struct|interface)\b/;
/** A Go method: `func (c *Client) Do(` — its receiver's type and its name. */
const GO_METHOD = /^func\s+\(\s*\w+\s+\*?([A-Za-z_]\w*)(?:\[[^\]]*\])?\s*\)\s*([A-Za-z_]\w*)/;
/** A Ruby method, whose name may be an operator or end in `?`, `!` or `=` (`def <=>(set)`, `def self.[](*ary)`). */
const RUBY_DEF = /^def\s+(?:self\.)?([^\s(;]+)/;
/** The most names of other definitions a title lists after the first one's signature. */
const MORE_NAMES = 8;

/** A line that opens a definition, and how its chunk is titled. */
interface Definition {
  /** The line the definition's chunk starts at: above its doc comment and decorators. */
  start: number;
  signature: string;
  name?: string;
  /** It opens a class-like block whose members are definitions too. */
  container?: boolean;
  /** Non-blank lines from its start to the next definition's. */
  lines: number;
  /** The block it belongs to: a member's class, a class-like block's own name, "" for any other. */
  scope: string;
}

/** Splits code into chunks of whole definitions where they fit. */
export function chunkCode(text: string, opts: ChunkOptions): Chunk[] {
  const t = makeLineTable(text);
  if (t.lines.length === 0) return [];
  const name = displayName(opts.name);
  const defs = definitions(t, C_FAMILY.test(name));
  const out: Chunk[] = [];
  const all = [...defs.values()];
  // The definition the pieces go on with, and how many of its pieces there were so far.
  let open: { def: Definition; part: number } | undefined;
  // Pieces and definitions both come in line order: one pass over each.
  let next = 0;
  for (const piece of pieces(t, defs, opts.maxChunk)) {
    const p = trimPiece(t, piece);
    if (!p) continue;
    while (next < all.length && all[next]!.line < p.start) next++;
    const inside: Definition[] = [];
    while (next < all.length && all[next]!.line <= p.end) inside.push(all[next++]!);
    const first = titleDefinition(inside);
    const others: string[] = [];
    for (const d of inside) if (d !== first && d.name && !others.includes(d.name) && !first!.signature.includes(d.name)) others.push(d.name);
    const more = others.length ? ` (+ ${others.slice(0, MORE_NAMES).join(", ")}${others.length > MORE_NAMES ? ", …" : ""})` : "";
    // A piece inside one long definition is titled by it, numbered as a section's parts are.
    let heading = first && `${first.signature}${more}`;
    // A piece of a long doc comment is titled by what it documents.
    const after = all[next];
    const documents = first || !after || after.start > p.start ? undefined : after;
    if (first) open = { def: inside[inside.length - 1]!, part: 1 };
    else if (documents) heading = documents.signature;
    else if (open) heading = `${open.def.signature} (${++open.part})`;
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
function pieces(t: LineTable, defs: Map<number, Definition & { line: number }>, maxBytes: number): Piece[] {
  const starts = [...new Set([0, ...[...defs.values()].map((d) => d.start)])].sort((a, b) => a - b);
  const runs = starts.map((s, k) => ({ start: s, end: k + 1 < starts.length ? starts[k + 1]! - 1 : t.lines.length - 1 }));
  const fits = (a: number, b: number) => b - a + 1 <= CODE_LINES && t.offsets[b + 1]! - t.offsets[a]! - 1 <= maxBytes;
  // The block each run belongs to: a member's class, a class-like block's own name, "" for the rest.
  const scopeAt = new Map([...defs.values()].map((d) => [d.start, d.scope]));
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

function nonBlank(t: LineTable, a: number, b: number): number {
  let n = 0;
  for (let i = a; i <= b; i++) if (t.indents[i]! >= 0) n++;
  return n;
}

/**
 * Definitions by line: top-level ones at column 0, and the members of a class-like block (the
 * lines whose nearest less indented line opens a class, struct, trait, interface or impl). In C
 * and C++ files, macros, typedefs and `extern` declarations too.
 */
function definitions(t: LineTable, cFamily: boolean): Map<number, Definition & { line: number }> {
  const out = new Map<number, Definition & { line: number }>();
  // Lines with less indent than the current one, innermost last: the top is a line's parent.
  const stack: { indent: number; line: number }[] = [];
  for (let i = 0; i < t.lines.length; i++) {
    const indent = t.indents[i]!;
    if (indent < 0) continue;
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    stack.push({ indent, line: i });
    const line = t.lines[i]!;
    if (indent === 0) {
      const declared = cFamily && C_DECLARATION.test(line);
      const assigned = ASSIGNED.exec(line);
      if (declared || assigned || isDefinition(line)) {
        const goMethod = GO_METHOD.exec(line);
        const name = declared ? cName(line) : assigned ? assigned[2] : (goMethod?.[2] ?? (KEYWORD_NAME.exec(line) ?? CALLABLE_NAME.exec(line))?.[1]);
        // A Go method is titled as its docs name it: `Client.PostForm(url string, …)`.
        const signature = clip((goMethod ? `${goMethod[1]}.${line.slice(goMethod[0].length - goMethod[2]!.length)}` : line).replace(/\s*[{:]?\s*$/, ""), 60);
        const block = containerName(line);
        out.set(i, {
          line: i,
          start: preambleStart(t, i),
          signature,
          lines: 0,
          // A Go method belongs with its type.
          scope: block ?? goMethod?.[1] ?? "",
          ...(name ? { name } : {}),
          ...(block ? { container: true } : {}),
        });
      }
      continue;
    }
    if (!parent || t.indents[parent.line] !== 0) continue;
    const container = containerName(t.lines[parent.line]!);
    if (!container) continue;
    const member = line.trimStart();
    if (NOT_MEMBER.test(member)) continue;
    const objectMethod = OBJECT_METHOD.exec(member)?.[1];
    const name =
      objectMethod ??
      (isDefinition(member)
        ? (RUBY_DEF.exec(member) ?? KEYWORD_NAME.exec(member) ?? CALLABLE_NAME.exec(member))?.[1]
        : (MEMBER.exec(member)?.[1] ?? fieldName(member)));
    // A keyword is no member's name (`stop func()`, a Go field of function type).
    if (!name || KEYWORDS.has(name)) continue;
    const own = member
      .replace(MEMBER_PREFIX, "")
      .replace(/^([A-Za-z_$][\w$]*)\s*:\s*(?:async\s+)?function\s*/, "$1")
      .replace(/\s*[{:]?\s*$/, "");
    const signature = clip(`${container}.${own}`, 80);
    out.set(i, { line: i, start: preambleStart(t, i), signature, name, lines: 0, scope: container });
  }
  const defs = [...out.values()];
  defs.forEach((d, k) => {
    d.lines = nonBlank(t, d.start, k + 1 < defs.length ? defs[k + 1]!.start - 1 : t.lines.length - 1);
  });
  return out;
}

function fieldName(member: string): string | undefined {
  const m = FIELD.exec(member);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** The name a C declaration declares: a macro's, a function pointer's, a prototype's or a variable's. */
function cName(line: string): string | undefined {
  return (/^#\s*define\s+(\w+)/.exec(line) ?? /\(\s*\*\s*(\w+)\s*\)/.exec(line) ?? /(\w+)\s*\(/.exec(line) ?? /(\w+)\s*(?:\[[^\]]*\])?\s*;/.exec(line))?.[1];
}

/**
 * The name of the class-like block a line opens (`class EventSource extends EventTarget {` →
 * EventSource, `TurndownService.prototype = {` → TurndownService), if it opens one.
 */
function containerName(line: string): string | undefined {
  const prototype = PROTOTYPE.exec(line) ?? GO_TYPE.exec(line);
  if (prototype) return prototype[1];
  if (!isDefinition(line)) return undefined;
  const m = CONTAINER.exec(line);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** True for a line that opens a top-level definition. */
function isDefinition(line: string): boolean {
  const c = line.charCodeAt(0);
  // Not whitespace, not a closing brace.
  if (Number.isNaN(c) || c === 32 || c === 9 || c === 125) return false;
  const head = line.slice(0, 200);
  return DEFINITION.test(head) || (CALLABLE.test(head) && !NOT_CALLABLE.test(head));
}

/** Most lines a block comment above a definition is read back over. */
const COMMENT_MAX = 80;

/** Where a definition's chunk starts: above the doc comments and decorators attached to it. */
function preambleStart(t: LineTable, i: number): number {
  let s = i;
  // A doc comment one blank line above still documents it (`/** … */`, a blank, `addRule: function`).
  if (s > 1 && t.indents[s - 1]! < 0 && t.lines[s - 2]!.trimEnd().endsWith("*/")) s--;
  while (s > 0 && t.indents[s - 1]! >= 0) {
    const above = t.lines[s - 1]!.trimStart();
    // A C block comment whose inner lines carry no `*`: back to its opening `/*`.
    if (above.endsWith("*/") && !above.startsWith("/*")) {
      let j = s - 1;
      while (j > 0 && s - j < COMMENT_MAX && !t.lines[j]!.includes("/*")) j--;
      if (!t.lines[j]!.includes("/*")) break;
      s = j;
      continue;
    }
    if (!PREAMBLE.test(above)) break;
    s--;
  }
  return s;
}
