/**
 * Headings of text that is not markdown but has sections all the same: reStructuredText and
 * AsciiDoc titles underlined (and overlined) with punctuation, AsciiDoc's `== Title` lines, and
 * a rendered manual page's NAME / SYNOPSIS / DESCRIPTION headings (with the subsections man
 * indents by three spaces), and a GNU Info manual's nodes. Read as plain text, such a file is cut every 80 lines wherever its
 * sections fall; rewritten with markdown headings it is chunked by section like any doc.
 */

/** A title's underline: one punctuation character repeated, as RST and AsciiDoc allow. */
const UNDERLINE = /^([=\-~^"'`#*+:._])\1{2,}[ \t]*$/;
/** An AsciiDoc title line; one that also ends in `=` is a banner (`===== 3 passed =====`), not a title. */
const ASCIIDOC_TITLE = /^(={1,6})[ \t]+(\S.*[^=\s])[ \t]*$/;
/** A manual page section heading: capitals at the margin (`SEE ALSO`, `EXIT STATUS`). */
const MAN_SECTION = /^[A-Z][A-Z0-9]*(?:[ -][A-Z0-9]+)*$/;
/** A manual page subsection: three spaces in, then a title (`   Operation mode`). */
const MAN_SUBSECTION = /^ {3}(\S.{0,60})$/;
/** A manual page's header line: the page's name and section at both ends (`XARGS(1) … XARGS(1)`). */
const PAGE_HEADER = /^(\S+\(\w+\))\s.*\s\1$/;
const MAN_NAMES = new Set(["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS"]);
const TITLE_MAX = 120;

const isBlank = (line: string | undefined) => line === undefined || line.trim() === "";

/**
 * The text with each title line turned into a markdown heading (`## Title`) and its under- and
 * overlines blanked, line for line (line numbers stay those of the file); undefined when the text
 * has fewer than two such titles or already reads as markdown.
 */
export function withMarkdownHeadings(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  return infoManual(lines) ?? underlined(lines) ?? manPage(lines);
}

/** The line that opens an Info node, after its separator: `File: sed.info,  Node: Overview,  Next: …`. */
const INFO_NODE = /^File: [^,]+,\s+Node: ([^,\t]+)/;
/** Underline characters of an Info title, outermost first: chapter, section, subsection, subsubsection. */
const INFO_LEVELS = "*=-.";
/** A table entry's term at the margin, as makeinfo quotes it (`‘--debug’`, or `` `--debug' `` outside UTF-8). */
const INFO_TERM = /^(?:‘([^’]+)’|`([^']+)')$/;
/** A definition (`@deffn` and kin): ` -- Function: int deflate (z_streamp strm)`. */
const INFO_DEFINITION = /^ -- [A-Z][\w ]{0,30}: (\S.{0,100})$/;

/**
 * A GNU Info manual: nodes after `\x1f` separators, each opening with a `File: …, Node: …, Next: …`
 * line and an underlined title. The node line becomes the title's heading, so a node's chunk
 * holds all of it and no neighbour's names (its `Next:`/`Prev:` words named other nodes); a node
 * whose name is not its title keeps the name in its text (`Node: Examples` of `7 Some Sample
 * Scripts`), as readers ask for it by either. A table's quoted terms (`‘-n’ ‘--quiet’` over their
 * indented description) and definitions (` -- Function: …`) head their entries, as a manual
 * page's options do. The tag table at the end is no text.
 */
function infoManual(lines: string[]): string | undefined {
  const starts: number[] = [];
  for (let i = 0; i < lines.length - 1; i++) if (lines[i] === "\x1f" && INFO_NODE.test(lines[i + 1]!)) starts.push(i);
  if (starts.length < 3) return undefined;
  const out = [...lines];
  const tags = lines.findIndex((l, i) => l === "\x1f" && /^Tag Table:/.test(lines[i + 1] ?? ""));
  if (tags > starts.at(-1)!) for (let i = tags; i < lines.length; i++) out[i] = "";
  let level = 1;
  for (const [k, i] of starts.entries()) {
    const end = Math.min(starts[k + 1] ?? lines.length, tags > i ? tags : lines.length);
    const name = INFO_NODE.exec(lines[i + 1]!)![1]!.trim();
    out[i] = "";
    let t = i + 2;
    while (t < end && isBlank(lines[t])) t++;
    const under = /^([*=\-.])\1+\s*$/.exec(lines[t + 1] ?? "");
    if (under && isTitle(lines[t]!) && lines[t + 1]!.trim().length >= lines[t]!.trim().length - 2) {
      level = INFO_LEVELS.indexOf(under[1]!) + 1;
      const title = lines[t]!.trim();
      out[i + 1] = `${"#".repeat(level)} ${title}`;
      out[t] = sameNode(name, title) ? "" : `Node: ${name}`;
      out[t + 1] = "";
      t += 2;
    } else {
      // A node without a title of its own sits a level below the last titled one.
      out[i + 1] = `${"#".repeat(Math.min(6, level + 1))} ${name}`;
    }
    const entry = "#".repeat(Math.min(6, level + 1));
    for (let j = t; j < end; j++) {
      const def = INFO_DEFINITION.exec(lines[j]!);
      if (def && isBlank(lines[j - 1])) {
        out[j] = `${entry} ${def[1]!.trim()}`;
        continue;
      }
      if (!INFO_TERM.test(lines[j]!) || !isBlank(lines[j - 1])) continue;
      let n = 1;
      while (n < MAX_ALIASES && INFO_TERM.test(lines[j + n] ?? "")) n++;
      if (indentOf(lines[j + n] ?? "") < 3 || isBlank(lines[j + n])) continue;
      out[j] = `${entry} ${lines
        .slice(j, j + n)
        .map((l) => {
          const m = INFO_TERM.exec(l)!;
          return m[1] ?? m[2]!;
        })
        .join(", ")}`;
      for (let m = j + 1; m < j + n; m++) out[m] = "";
      j += n - 1;
    }
  }
  return out.join("\n");
}

/** Whether a node's name is its title but for the title's number (`Overview` of `2.1 Overview`). */
function sameNode(name: string, title: string): boolean {
  const plain = (s: string) =>
    s
      .replace(/^[\dA-Z]+(?:\.\d+)*\s+/, "")
      .replace(/[‘’`']/g, "")
      .toLowerCase();
  return plain(name) === plain(title);
}

/** RST and AsciiDoc: levels in the order their styles first appear, as RST defines them. */
function underlined(lines: string[]): string | undefined {
  const styles: string[] = [];
  const out = [...lines];
  let titles = 0;
  // Last line taken as an underline: it cannot be the next title's overline too.
  let used = -1;
  const level = (style: string) => {
    let k = styles.indexOf(style);
    if (k < 0) k = styles.push(style) - 1;
    return Math.min(6, k + 1);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const adoc = ASCIIDOC_TITLE.exec(line);
    if (adoc && isBlank(lines[i - 1]) && !UNDERLINE.test(line)) {
      out[i] = `${"#".repeat(adoc[1]!.length)} ${adoc[2]}`;
      titles++;
      continue;
    }
    const under = UNDERLINE.exec(lines[i + 1] ?? "");
    const title = line.trimEnd();
    // A title stands apart: a blank line after its underline, and before it (or before its overline).
    if (!under || !isTitle(title) || lines[i + 1]!.trim().length < title.length - 2 || !isBlank(lines[i + 2])) continue;
    const over = i - 1 > used && lines[i - 1]!.trim() === lines[i + 1]!.trim() && isBlank(lines[i - 2]);
    if (!over && !isBlank(lines[i - 1])) continue;
    out[i] = `${"#".repeat(level(`${under[1]}${over ? "+" : ""}`))} ${title.trim()}`;
    out[i + 1] = "";
    if (over) out[i - 1] = "";
    titles++;
    i++;
    used = i;
  }
  if (titles < 2) return undefined;
  // What markdown would read as a heading and the document does not (`  # a comment` in a literal
  // block) is indented as the code it is.
  for (let i = 0; i < out.length; i++) if (MARKDOWN_HEADING.test(lines[i]!) && out[i] === lines[i]) out[i] = lines[i]!.replace(/^ {0,3}/, "    ");
  return out.join("\n");
}

const MARKDOWN_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

function isTitle(line: string): boolean {
  const t = line.trim();
  // RST lets an overlined title be inset; any other title starts at the margin.
  return t.length > 0 && t.length <= TITLE_MAX && /[\p{L}\p{N}]/u.test(t) && !/^[ \t]{2,}/.test(line) && !UNDERLINE.test(t);
}

/** A rendered manual page: section headings at the margin over indented text, with man's own section names. */
function manPage(lines: string[]): string | undefined {
  const heads: number[] = [];
  let named = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 40 || !MAN_SECTION.test(line)) continue;
    const next = lines.slice(i + 1, i + 3).find((l) => !isBlank(l));
    if (next === undefined || !/^\s/.test(next)) continue;
    heads.push(i);
    if (MAN_NAMES.has(line)) named++;
  }
  if (heads.length < 3 || named < 2) return undefined;
  const out = [...lines];
  const pydocModule = PYDOC_HELP.exec(lines[0] ?? "")?.[1];
  // The page header (`GREP(1)   User Commands   GREP(1)`) above NAME names the page: it roots
  // every section's heading path, as an HTML page's title does (`grep(1) > OPTIONS > -r`), so a
  // query naming the command counts it in every section, not in a one-line chunk of its own.
  const top = lines.findIndex((l) => !isBlank(l));
  const page = top >= 0 && top < heads[0]! ? PAGE_HEADER.exec(lines[top]!.trim()) : null;
  const h = page ? "#" : "";
  if (page) out[top] = `# ${page[1]!.toLowerCase()}`;
  for (const [k, i] of heads.entries()) {
    out[i] = `${h}# ${lines[i]}`;
    const end = heads[k + 1] ?? lines.length;
    for (let j = i + 1; j < end; j++) {
      const line = lines[j]!;
      const sub = MAN_SUBSECTION.exec(line);
      const apart = isBlank(lines[j - 1]) || out[j - 1]!.startsWith("#");
      // pydoc's text: a class over its ` |` bars.
      if (PYDOC_CLASS.test(line) && PYDOC_BAR.test(lines[j + 1] ?? "")) out[j] = `${h}### ${pydocClass(line.trim(), pydocModule)}`;
      // A subsection title stands alone: a blank line (or its section's heading) before it, text indented deeper after it.
      else if (sub && apart && indentOf(lines[j + 1] ?? "") >= 4) out[j] = `${h}## ${sub[1]!.trim()}`;
      // A numbered example at the section's own indent (`Example 4. Stoppable oneshot service`, as
      // DocBook renders one) heads the text down to the next: an EXAMPLES section of unit files
      // and their notes is several answers, not one.
      else if (apart && isBlank(lines[j + 1]) && indentOf(line) < ENTRY_TEXT_INDENT && EXAMPLE_CAPTION.test(line.trim())) out[j] = `${h}### ${line.trim()}`;
      else if (apart) {
        // An entry's term is its heading; aliases stacked above one description join it.
        const n = termLines(lines, j, end);
        if (n === 0) continue;
        out[j] = `${h}### ${lines
          .slice(j, j + n)
          .map(termText)
          .join(", ")}`;
        for (let m = j + 1; m < j + n; m++) out[m] = "";
        j += n - 1;
      }
    }
  }
  return out.join("\n");
}

/**
 * pydoc's rendering of a module (`python3 -m pydoc zipfile`) reads as a manual page; under
 * CLASSES each class opens at four columns (`    class ZipFile(builtins.object)`) over its text
 * behind ` |  ` bars. Without it as a heading, every class took the title of the class tree's
 * first line (`builtins.Exception(builtins.BaseException) (7)`). The heading names the class as
 * code does, by the module pydoc's first line gives (`class zipfile.Path(builtins.object)`).
 */
const PYDOC_CLASS = /^ {4}class [A-Za-z_][\w.]*(?:\(.*\))?:?$/;
const PYDOC_BAR = /^ {4,5}\|(?: {2}|$)/;
/** pydoc's first line, naming the module: `Help on module zipfile:`. */
const PYDOC_HELP = /^Help on (?:built-in )?(?:module|package) ([A-Za-z_][\w.]*)/;

/** A class's heading qualified by its module, as code names it: `class zipfile.Path(builtins.object)`. */
function pydocClass(line: string, module: string | undefined): string {
  return module ? line.replace(/^class /, `class ${module}.`) : line;
}

/** A numbered example's caption, as DocBook titles one: `Example 2. Simple service`. */
const EXAMPLE_CAPTION = /^Example \d+\. \S.{0,80}$/;
/** Where an entry's description starts (man's default indent): a caption this deep is inside an entry, not over a section's text. */
const ENTRY_TEXT_INDENT = 8;

/** Columns of leading white space, a tab reaching the next multiple of eight (as man renders). */
function indentOf(line: string): number {
  let col = 0;
  for (const c of line) {
    if (c === " ") col++;
    else if (c === "\t") col = (Math.floor(col / 8) + 1) * 8;
    else return col;
  }
  return Number.POSITIVE_INFINITY;
}

/** A list item's bullet. */
const BULLET = /^[•◦○●·▪‣∙*]\s+/;

/** An entry's term as its heading: white space collapsed; a bulleted option without its bullet and its description (`--rm`). */
function termText(line: string): string {
  const t = line.trim().replace(/\s+/g, " ");
  if (!BULLET.test(t)) return t;
  const item = t.replace(BULLET, "");
  const colon = item.indexOf(": ");
  return colon > 0 ? item.slice(0, colon) : item.replace(/:$/, "");
}

/** Most option lines stacked above one description (`-e trace=SET`, `-e t=SET`, `--trace=SET`). */
const MAX_ALIASES = 4;
/** Deepest indent of an entry's term: nested entries (`ip route add` > `mtu lock MTU`, at 14) count too. */
const TERM_INDENT_MAX = 16;
const OPTION = /^--?[A-Za-z0-9?]/;
/** A description beside its term, after a tab or a run of spaces (`-4      Forces ssh to use IPv4`). */
const BESIDE = /\S(?:\t|\s{3,})\S/;

/**
 * How many lines from `i` make an entry's term in a manual page (a tagged paragraph), 0 when
 * none: a line a few columns in with its description below it, indented deeper, or beside it.
 * An option (`-e PATTERNS, --regexp=PATTERNS`, `-maxdepth levels`) may have its aliases stacked
 * above the description (`-e trace=SET`, `--trace=SET`: one term). Any other term is a name or a
 * synopsis (`ip route add`, `mtu lock MTU`, `daemon-reload`, `LC_ALL`, `split-window [-bdhv]`),
 * not a sentence (past six words only a synopsis's brackets say otherwise), a numbered step,
 * an example command in quotes or a lead-in ending in a colon;
 * it takes no description beside it (`2   Parse error`, an item of a list). An option in a
 * bulleted list (`○   --rm: remove source files`, as ronn writes pages) is an entry too.
 */
function termLines(lines: string[], i: number, end: number): number {
  const line = lines[i]!;
  const indent = indentOf(line);
  if (indent < 3 || indent > TERM_INDENT_MAX || line.length > 90) return 0;
  const t = line.trim();
  // An option in a bulleted list, its description after a colon (`◦   --rm: remove source files`, as ronn writes them).
  if (BULLET.test(t) && OPTION.test(t.replace(BULLET, ""))) return 1;
  // An option's description may sit a column deeper; any other term's, a few (not a wrapped line).
  const describedBelow = (k: number, depth: number) => k < end && !isBlank(lines[k]) && indentOf(lines[k]!) >= indent + depth;
  if (OPTION.test(t)) {
    if (BESIDE.test(t)) return 1;
    let n = 1;
    while (n <= MAX_ALIASES && i + n < end && indentOf(lines[i + n]!) === indent && OPTION.test(lines[i + n]!.trim())) n++;
    return describedBelow(i + n, 1) ? n : 0;
  }
  if (!/^[A-Za-z0-9]/.test(t) || /[.:,;]$/.test(t) || /\. [A-Z]/.test(t) || BESIDE.test(t) || /['"`]/.test(t) || /^\d+[.)]\s/.test(t)) return 0;
  // Past a few words, only a synopsis (`capture-pane [-aepPq] [-b buffer-name]`): more is a sentence wrapped below.
  if (t.split(/\s+/).length > 6 && !/[[\]{}<>^|]/.test(t)) return 0;
  return describedBelow(i + 1, 3) ? 1 : 0;
}
