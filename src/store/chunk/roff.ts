/**
 * Manual page sources (roff: the man macros `.TH`/`.SH`/`.TP`…, or BSD's mdoc `.Dt`/`.Sh`/`.It`…),
 * as projects keep them in `man/` or `doc/`. Read as plain text, their requests and font escapes
 * (`\fB\-\-in\-place\fR`) are most of the words, and no query for `--in-place` finds them.
 * Rewritten line for line (a line of the file stays that line, so hits point into the source): the
 * page's name roots the headings (`# sed(1)`), `.SH`/`.SS` become sections, each option's tagged
 * paragraph a heading of its own (`#### -i[SUFFIX], --in-place[=SUFFIX]`), as a rendered page's
 * are (text-headings.ts); formatting requests become blank lines, escapes the characters they stand for.
 */

/** How far into the file the page's title request (`.TH` or `.Dt`) may come, after comments and macro definitions (Pod::Man writes ~70 lines of them). */
const HEAD_LINES = 200;
/** Named characters that carry meaning in option and code text; any other one is dropped. */
const SPECIAL: Record<string, string> = {
  em: "—",
  en: "–",
  hy: "-",
  mi: "-",
  aq: "'",
  dq: '"',
  lq: '"',
  rq: '"',
  oq: "'",
  cq: "'",
  bu: "•",
  ti: "~",
  ha: "^",
  rs: "\\",
  sl: "/",
  ba: "|",
  or: "|",
  co: "©",
  rg: "®",
  tm: "™",
  de: "°",
  "<=": "≤",
  ">=": "≥",
  "->": "→",
  "<-": "←",
};
/** mdoc's inline macros: words of their own that are markup, not text (`Fl` makes its argument a flag). */
const MDOC_INLINE = new Set(
  "Nd Ad An Ar At Bsx Bx Cd Cm Dv Dx Em Er Ev Fa Fd Fl Fn Ft Fx Ic In Li Lk Ms Mt Nm No Ns Nx Ox Pa Pf Sx Sy Tn Ux Va Vt Xr Ap Aq Bq Brq Dq Op Pq Ql Qq Sq Oo Oc Ao Ac Bo Bc Do Dc Po Pc Qo Qc So Sc Xo Xc Ta Eo Ec".split(
    " ",
  ),
);
const OPEN: Record<string, string> = {
  Op: "[",
  Oo: "[",
  Bq: "[",
  Bo: "[",
  Aq: "<",
  Ao: "<",
  Pq: "(",
  Po: "(",
  Dq: '"',
  Do: '"',
  Qq: '"',
  Qo: '"',
  Sq: "'",
  So: "'",
  Brq: "{",
};
const CLOSE: Record<string, string> = { Oc: "]", Bc: "]", Ac: ">", Pc: ")", Dc: '"', Qc: '"', Sc: "'" };

/** Whether the lines are a manual page's source: a title request near the top and two sections or more. */
export function isRoffPage(lines: string[]): boolean {
  if (!lines.slice(0, HEAD_LINES).some((l) => /^\.\s*(?:TH|Dt)\s+\S/.test(l))) return false;
  let sections = 0;
  for (const l of lines) if (/^\.\s*(?:SH|Sh)\b/.test(l) && ++sections >= 2) return true;
  return false;
}

/** The source as markdown, line for line; undefined when the text is not a manual page's source. */
export function roffAsMarkdown(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  if (!isRoffPage(lines)) return undefined;
  const out: string[] = new Array(lines.length).fill("");
  // After `.TP` the next line of text is the paragraph's tag; after help2man's `.HP`, the same.
  let tagNext = false;
  // Lists inside an entry (`.Bl` in mdoc, `.RS` in man): their items are the entry's text, not entries.
  let depth = 0;
  // mdoc's `.Nm` without an argument stands for the name the first `.Nm` gave.
  let pageName = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const request = /^[.'][ \t]*(\S*)[ \t]*(.*)$/.exec(line);
    if (!request) {
      const t = readEscapes(line);
      out[i] = tagNext && t.trim() ? tagLine(t, depth) : literal(t);
      if (t.trim()) tagNext = false;
      continue;
    }
    const [, name = "", rest = ""] = request;
    const args = splitArgs(rest);
    const words = () => readEscapes(args.join(" ")).trim();
    switch (name) {
      case "TH":
      case "Dt":
        out[i] = args[0] ? `# ${readEscapes(args[0]).toLowerCase()}${args[1] ? `(${readEscapes(args[1]).toLowerCase()})` : ""}` : "";
        break;
      case "SH":
      case "Sh":
        out[i] = `## ${mdocOrText(name, args) || "SECTION"}`;
        tagNext = false;
        break;
      case "SS":
      case "Ss":
        out[i] = `### ${mdocOrText(name, args) || "Subsection"}`;
        tagNext = false;
        break;
      case "TP":
      case "HP":
        tagNext = true;
        break;
      case "IP":
        out[i] = args[0] ? tagLine(readEscapes(args[0]), depth) : "";
        break;
      case "It": {
        const tag = mdocText(args);
        out[i] = tag ? tagLine(tag, depth - 1) : "";
        break;
      }
      case "B":
      case "I":
      case "SM":
      case "SB":
      case "BR":
      case "BI":
      case "IB":
      case "IR":
      case "RB":
      case "RI": {
        // Alternating fonts join their arguments without spaces (`.BR ls (1)` is `ls(1)`).
        const t = name.length === 2 && name !== "SM" && name !== "SB" ? readEscapes(args.join("")) : words();
        out[i] = tagNext && t.trim() ? tagLine(t, depth) : literal(t);
        if (t.trim()) tagNext = false;
        break;
      }
      case "Bl":
      case "RS":
        depth++;
        break;
      case "El":
      case "RE":
        depth = Math.max(0, depth - 1);
        break;
      default:
        if (MDOC_INLINE.has(name)) {
          if (name === "Nm" && args[0] && !pageName) pageName = readEscapes(args[0]);
          const t = name === "Nm" && args.length === 0 ? pageName : mdocText([name, ...args]);
          out[i] = tagNext && t ? tagLine(t, depth) : literal(t);
          if (t) tagNext = false;
        }
      // Anything else (`.PP`, `.br`, `.nf`, `.RS`, `.Bl`, comments `.\"`…) is layout: a blank line.
    }
  }
  return out.join("\n");
}

/**
 * A paragraph's tag at list `depth` (0: the section's own list). An entry of the section's own
 * list is a heading of its own, as a rendered page's option entries are: an option (`-i`,
 * `--in-place`) or a short term (a config keyword such as `StrictHostKeyChecking`); a bullet,
 * a number or an item of a list nested in an entry stays text.
 */
function tagLine(tag: string, depth: number): string {
  const t = tag.trim().replace(/\s+/g, " ");
  const option = /^--?[A-Za-z0-9?]/.test(t) && t.length <= 90;
  const term = /\p{L}/u.test(t) && t.length <= 60 && t.split(" ").length <= 6;
  return depth <= 0 && (option || term) ? `#### ${t}` : literal(t);
}

/** Text that markdown would read as structure (`# root prompt` in an example, a lone `#`, a fence) is escaped. */
function literal(text: string): string {
  return /^ {0,3}(?:#|```|~~~)/.test(text) ? `\\${text.trimStart()}` : text;
}

/** A section title in either macro set (mdoc titles may hold inline macros). */
function mdocOrText(name: string, args: string[]): string {
  return (name === "Sh" || name === "Ss" ? mdocText(args) : readEscapes(args.join(" "))).trim();
}

/** An mdoc line's text: inline macros dropped or rendered (`Fl v` is `-v`, `Xr ls 1` is `ls(1)`, `Op …` brackets). */
function mdocText(tokens: string[]): string {
  const out: string[] = [];
  const closers: string[] = [];
  let glue = false;
  const push = (s: string) => {
    if (glue && out.length) out[out.length - 1] += s;
    else out.push(s);
    glue = false;
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t === "Fl") {
      const next = tokens[k + 1];
      if (next !== undefined && !MDOC_INLINE.has(next)) {
        push(`-${readEscapes(next)}`);
        k++;
      } else push("-");
    } else if (t === "Xr" && tokens[k + 1] !== undefined && tokens[k + 2] !== undefined) {
      push(`${readEscapes(tokens[k + 1]!)}(${readEscapes(tokens[k + 2]!)})`);
      k += 2;
    } else if (t in OPEN) {
      push(OPEN[t]!);
      glue = true;
      // `Op` and the other one-line quotes close at the end of the line; `Oo` waits for its `Oc`.
      if (!(t.endsWith("o") && t.length === 2)) closers.push(t === "Brq" ? "}" : (CLOSE[`${t[0]}c`] ?? "]"));
    } else if (t in CLOSE) out[out.length - 1] = `${out.at(-1) ?? ""}${CLOSE[t]}`;
    else if (t === "Ns") glue = true;
    else if (!MDOC_INLINE.has(t)) push(readEscapes(t));
  }
  let text = out.join(" ");
  while (closers.length) text += closers.pop();
  return text.trim();
}

/** A request's arguments: split at blanks, a double-quoted argument kept whole (`""` is a quote inside). */
function splitArgs(rest: string): string[] {
  const args: string[] = [];
  let i = 0;
  while (i < rest.length) {
    while (rest[i] === " " || rest[i] === "\t") i++;
    if (i >= rest.length) break;
    if (rest[i] === '"') {
      let arg = "";
      i++;
      while (i < rest.length) {
        if (rest[i] === '"' && rest[i + 1] === '"') {
          arg += '"';
          i += 2;
        } else if (rest[i] === '"') {
          i++;
          break;
        } else arg += rest[i++];
      }
      args.push(arg);
    } else {
      const start = i;
      while (i < rest.length && rest[i] !== " " && rest[i] !== "\t") i++;
      args.push(rest.slice(start, i));
    }
  }
  return args;
}

/** Text with roff's escapes read: fonts and sizes dropped, `\-` a dash, named characters what they name. */
function readEscapes(s: string): string {
  if (!s.includes("\\")) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = s[++i];
    if (e === undefined) break;
    // A comment runs to the end of the line.
    if (e === '"' || e === "#") break;
    if (e === "f" || e === "*" || e === "n" || e === "F" || e === "m" || e === "g" || e === "k" || e === "V" || e === "Y") {
      i = skipName(s, i + 1);
    } else if (e === "s") {
      if (s[i + 1] === "+" || s[i + 1] === "-") i++;
      if (s[i + 1] === "(" || s[i + 1] === "[") i = skipName(s, i + 1);
      else while (/\d/.test(s[i + 1] ?? "")) i++;
    } else if (e === "(") {
      out += SPECIAL[s.slice(i + 1, i + 3)] ?? "";
      i += 2;
    } else if (e === "[") {
      const end = s.indexOf("]", i);
      const name = end < 0 ? "" : s.slice(i + 1, end);
      out += SPECIAL[name] ?? (name.startsWith("u") && /^u[0-9A-F]{4,5}$/.test(name) ? String.fromCodePoint(Number.parseInt(name.slice(1), 16)) : "");
      i = end < 0 ? s.length : end;
    } else if (e === "-" || e === "e" || e === "\\") out += e === "-" ? "-" : "\\";
    else if (e === " " || e === "~" || e === "0") out += " ";
    else if (e === "'" || e === "`" || e === ".") out += e === "`" ? "`" : e;
    // `\&`, `\,`, `\/`, `\:`, `\%`, `\c`, `\|`, `\^`, `\)` and the rest print nothing.
  }
  return out;
}

/** Past an escape's name: one character, `(xy`, or `[name]`. Returns the index of its last character. */
function skipName(s: string, at: number): number {
  if (s[at] === "(") return at + 2;
  if (s[at] === "[") {
    const end = s.indexOf("]", at);
    return end < 0 ? s.length : end;
  }
  return at;
}
