/**
 * Re-ranking of the candidates the FTS lists found. A chunk's title is split into its own heading
 * (the leaf: the section's heading, a record's label) and the path above it: a query that names a
 * section's heading should find that section, not each subsection that inherits its words. Terms
 * count by how much they tell (IDF): "use" or "file" matter less than the telling word.
 */
import { findCompounds, findSplits, findTerms, lightStem, minimalSpan, type TermHit } from "./match.ts";
import type { PlannedTerm } from "./query-plan.ts";
import { escapeRegExp, isTypedVersion, isVersionLike, STOPWORDS, words } from "./terms.ts";

/** Weights of each signal, measured on the dev split of bench/retrieval (see README). */
export const WEIGHTS = {
  fused: 0.5,
  cover: 1.8,
  leaf: 1.0,
  path: 0.3,
  exact: 0.5,
  proximity: 0.4,
  fragment: 0.6,
  body: 0.15,
  summary: 0.2,
  defined: 0.2,
  deeper: 0.5,
  contents: 0.5,
  version: 0.3,
  continued: 0.4,
  release: 0.6,
  lead: 0,
  file: 0.6,
};
export type Weights = typeof WEIGHTS;

/**
 * The weights for a query put as a sentence ("how do I stop the logger from adding the pid"):
 * such a question seldom names the section, so how much of it the body covers, and how close
 * together, counts for more than the title. Fitted on the dev split's questions
 * (`bun bench/retrieval/fit.ts --questions`): dev 0.61 -> 0.67 hit@1 on them, the unseen test
 * split's 0.50 -> 0.55. A question's words in a section's opening (`lead`) count besides: there a
 * manual page's option or a doc's section says what it does, in the words a question asks with
 * (dev 1,295 -> 1,298, test 485 -> 486 of all questions).
 */
export const QUESTION_WEIGHTS: Weights = {
  ...WEIGHTS,
  fused: 0.884,
  cover: 3.6,
  path: 0.6,
  proximity: 0.8,
  fragment: 0.45,
  body: 0.075,
  defined: 0.15,
  lead: 0.5,
  // A question's words seldom name a subsection, and a synonym of one in its heading that the
  // heading above repeats ("parse" as the Decoders of a JSON encoder and decoder page) marked
  // the answer as a mere subsection: 0 to 0.5 measured, dev +3 to +5 of 2,428 questions, test the same.
  deeper: 0.25,
};

/** A query with two stopwords or more is a sentence, not keywords (see QUESTION_WEIGHTS). */
export function isQuestion(query: string): boolean {
  let n = 0;
  for (const w of words(query)) if (STOPWORDS.has(w) && ++n >= 2) return true;
  return false;
}

/**
 * Words that say what kind of thing a heading documents ("Class: `util.TextDecoder`", "Popen
 * Objects", "Event: 'close'"), not which: a query need not repeat them to name the section.
 */
const KIND_WORDS: ReadonlySet<string> = new Set(
  "class classes function functions method methods property properties event events object objects module modules interface type types attribute attributes constructor static".split(
    " ",
  ),
);

/**
 * The words of a heading with how much each names what it documents: outside parentheses and
 * brackets (parameters count for nothing), the last part of a dotted name counts fully and the
 * parts before it (`util.` in `util.TextDecoder`, `textDecoder.` in `textDecoder.encoding`) half;
 * kind words and stopwords count for nothing unless they are that last part (`patch.object`), or
 * all the heading says (`Events`, `Static methods`).
 */
function nameWords(heading: string, kindsName = false): { word: string; weight: number }[] {
  const out: { word: string; weight: number }[] = [];
  const bare = heading.replace(/\([^()]*\)|\[[^\]]*\]/g, " ");
  for (const m of bare.matchAll(/[\p{L}\p{N}_$]+(?:\.[\p{L}\p{N}_$]+)*/gu)) {
    const parts = words(m[0]);
    if (parts.length === 0) continue;
    const name = parts[parts.length - 1]!;
    if (parts.length > 1 || !(STOPWORDS.has(name) || (KIND_WORDS.has(name) && !kindsName))) out.push({ word: name, weight: 1 });
    for (const q of parts.slice(0, -1)) if (!STOPWORDS.has(q) && !KIND_WORDS.has(q)) out.push({ word: q, weight: 0.5 });
  }
  // A heading of kind words alone ("Events", "Methods") is named by them.
  if (out.length === 0 && !kindsName) return nameWords(heading, true);
  return out;
}

export interface TitleParts {
  /** The chunk's own heading or label; "" when it has none. */
  leaf: string;
  /** Everything above it: parent headings, page title, file name. */
  path: string;
}

/**
 * What naming all of a heading but its unmatched qualifier counts, against 1 for all of it; the
 * same for naming all of it with the rest of the query in the headings above it.
 */
const QUALIFIED = 0.7;

const isFlag = (f: string) => f.startsWith("-");

/** A name in parts, lower-cased (`fs.stat`, `bz2_bzwrite`, `request.getheader`), as a fragment of the query gives it. */
const NAME_JOINED = /[a-z0-9][._:][a-z_]/;

/** A heading that lists an option (`-f, --fail`, `--http3`, `-N, --newer=DATE`). */
const OPTION_HEADING = /(?:^|[\s,(])--?[A-Za-z]/;

/**
 * Whether `text` holds `name` with no letter, digit, `_` or `-` right before or after it: an
 * option only whole and in its case, so `--fail` is not found in `--fail-early`, `-mtime` in
 * `--clamp-mtime`, nor `-v` in `-V`.
 */
function holdsWhole(text: string, name: string, where: (at: number) => boolean = () => true): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (!nameChar(text.charCodeAt(at - 1)) && !nameChar(text.charCodeAt(at + name.length)) && where(at)) return true;
  }
  return false;
}

/**
 * Whether `text` holds a long option whole, as typed or in the negatable form git's and other
 * manuals write (`--[no-]atomic` gives both `--atomic` and `--no-atomic`). For whether a text has
 * the option at all; a definition or a heading is still read as written: a list of options that
 * may not go together (`--[no-]autosquash` under INCOMPATIBLE OPTIONS) would read as one (dev −1).
 */
function holdsOption(text: string, flag: string): boolean {
  if (holdsWhole(text, flag)) return true;
  const base = !flag.startsWith("--") ? "" : flag.startsWith("--no-") ? flag.slice(5) : flag.slice(2);
  return base.length > 1 && holdsWhole(text, `--[no-]${base}`);
}

/** Whether `text` holds an option that begins with `flag` and goes on (`--null-data` for `--null-da`, `--fail-early` for `--fail`). */
function beginsOption(text: string, flag: string): boolean {
  return completes(text, [flag]) > 0;
}

/**
 * How nearly a name typed in part is the name it begins in `text`: its share of the shortest such
 * name, scaled into COMPLETION_FLOOR-1 (`definePropert` is 13/14 of defineProperty); 0 when it begins none.
 */
function completes(text: string, parts: readonly string[]): number {
  let best = 0;
  for (const f of parts) {
    for (let at = text.indexOf(f); at >= 0; at = text.indexOf(f, at + 1)) {
      if (nameChar(text.charCodeAt(at - 1))) continue;
      let end = at + f.length;
      while (end < text.length && nameChar(text.charCodeAt(end))) end++;
      if (end > at + f.length) best = Math.max(best, COMPLETION_FLOOR + (1 - COMPLETION_FLOOR) * (f.length / (end - at)));
    }
  }
  return best;
}

const COMPLETION_FLOOR = 0.3;

/** The share of its coverage a text keeps that holds the words of a name typed in part but no name it begins (0.25 and 0.5 measured alike: dev +1, test +2). */
const SCATTERED_COVER = 0.5;

const nameChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95 || c === 36;

/**
 * A manual page's synopsis lists every command and option in one place, so it holds the words of
 * any query about them; what they do is in the sections below it. Unless the query names it, it
 * ranks a little lower.
 */
const SUMMARY = /^synopsis$/i;

/**
 * Whether only white space and list or markup marks (`-`, `*`, backquotes, underscores, a table
 * row's opening `|`: its first cell names the row) stand between the line's start and `at`.
 */
function opensLine(text: string, at: number): boolean {
  let from = at;
  // A name after its qualifier (`Match.groupdict(` of a Python signature, `os.path.join`) opens
  // the line the qualifier opens.
  if (text.charCodeAt(at - 1) === 46) {
    let j = at - 1;
    while (j >= 0 && at - j <= QUALIFIER_MAX && isQualifierChar(text.charCodeAt(j))) j--;
    from = j + 1;
  }
  for (let i = from - 1; i >= 0 && from - i <= 8; i--) {
    const c = text.charCodeAt(i);
    if (c === 10) return true;
    if (!(c === 32 || c === 9 || c === 45 || c === 42 || c === 96 || c === 95 || c === 124)) return false;
  }
  return from === 0;
}

/** Longest qualifier (`Match.`, `os.path.`) read back over before a name. */
const QUALIFIER_MAX = 40;

/** A letter, digit, `_` or `.`: what a qualifier is made of. */
function isQualifierChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46;
}

/** Whether `version` stands whole in `text`: not inside a longer version or word (`0.14.0` is not in `10.14.0`). */
export function versionIn(text: string, version: string): boolean {
  for (let at = text.indexOf(version); at >= 0; at = text.indexOf(version, at + 1)) {
    // `v0.14.0` gives it too.
    const before = text[at - 1] === "v" ? (text[at - 2] ?? " ") : (text[at - 1] ?? " ");
    const after = text[at + version.length] ?? " ";
    const next = text[at + version.length + 1] ?? " ";
    // `7.88.1-10` is not `7.88.1-10+deb12u7`, nor `1.46.6~rc1-1` of `1.46.6~rc1-1.1`.
    if (!/[\w.+~]/.test(before) && !/[\w+~]/.test(after) && !(after === "." && /\d/.test(next))) return true;
  }
  return false;
}

/** A list item that is only a link within the page: a table of contents' entry. */
const TOC_ENTRY = /^[ \t]*(?:[-*+]|\d+\.)[ \t]+\[[^\]\n]*\]\(#[^)\s]*\)[ \t]*$/gm;

/**
 * Whether a chunk is mostly a table of contents (five or more in-page links, a list item each,
 * half its lines or more): it names every section and documents none, so it ranks lower.
 */
export function isContents(body: string): boolean {
  // An Info manual's index: its entries' references (`* --debug:   Command-Line Options.   (line 29)`), a third of its lines.
  if (body.includes("(line ") && mostlyEntries(body, INFO_INDEX_REF, 3)) return true;
  return body.includes("](#") && mostlyEntries(body, TOC_ENTRY, 2);
}

/** An Info index entry's reference to where the term is. */
const INFO_INDEX_REF = /\(line +\d+\)[ \t]*$/gm;

/** Five or more lines of `body` match `entry`, and they are at least one in `per` of its non-blank lines. */
function mostlyEntries(body: string, entry: RegExp, per: number): boolean {
  const entries = body.match(entry)?.length ?? 0;
  if (entries < 5) return false;
  let lines = 0;
  for (const line of body.split("\n")) if (line.trim()) lines++;
  return entries * per >= lines;
}

const PART = / \(\d+\)$/;

/**
 * A label's file name without its folders and extensions: `npm/node-fetch-README.md` →
 * `node-fetch-README`, a page URL's last segment; "" for a label that names no file
 * (`exec:python#3-…`, where "python" says nothing about what a chunk documents).
 */
export function fileName(label: string): string {
  if (!label.includes("/") && !label.includes(".")) return "";
  const base = label.slice(label.lastIndexOf("/") + 1);
  const dot = base.indexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}

const RANGE = /^(.*?) (?:lines|rows) \d+-\d+(?:: (.*))?$/s;

/** `A > B > C (2)` → leaf `C`, path `A > B`; `build.log lines 1-80: FAIL x` → leaf `FAIL x`, path `build.log`. */
export function splitTitle(title: string): TitleParts {
  const t = title.replace(PART, "");
  const range = RANGE.exec(t);
  if (range) return { leaf: range[2] ?? "", path: range[1]! };
  const at = t.lastIndexOf(" > ");
  return at < 0 ? { leaf: t, path: "" } : { leaf: t.slice(at + 3), path: t.slice(0, at) };
}

export interface Scored {
  score: number;
  /** Hits of the query's terms in the body, for the snippet. */
  bodyHits: TermHit[];
  /** The query names the chunk's heading whole (an option typed as the heading lists it, a name it gives). */
  named?: boolean;
}

/** The hits a snippet of the body goes after: the terms' own, and where it writes a name the query types (fragmentHits). */
export function snippetHits(m: TermMatcher, body: string, bodyHits: TermHit[]): TermHit[] {
  const placed = fragmentHits(m, body);
  return placed.length ? [...bodyHits, ...placed].sort((a, b) => a.at - b.at) : bodyHits;
}

export interface RankInput {
  title: string;
  body: string;
  /** This chunk's reciprocal-rank fusion score, scaled so 1 is first in every list. */
  fused: number;
  /** The source's label (`npm/node-fetch-README.md`): its file name stands above every heading. */
  label?: string;
}

/** Stems to look for, each mapped back to its term (a term may have several forms). */
export interface TermMatcher {
  stems: string[];
  /** Stems found inside longer words too: pieces of identifiers as typed. */
  inside: Set<number>;
  termOf: number[];
  weights: number[];
  /** Sum of all term weights. */
  total: number;
  /** Identifier and version fragments to find as written (`readFileSync`, `2.30-3`), lower-cased; options with their case (`-V`). */
  fragments: string[];
  /** The signals' weights (WEIGHTS unless a fitting run passes others). */
  signal: Weights;
  /** No candidate holds an option the query types whole: it was typed in part (`--null-da`), see optionsTypedInPart. */
  optionsInPart?: boolean;
  /** Names typed in part (namesTypedInPart). */
  namesInPart?: string[];
  /** The query asks which version or release something came in, and gives none (asksForVersion). */
  asksVersion?: boolean;
  /** A key and the major version the query gives after it (`c8 12`, `node 20`), and where a text gives that key that value: see holdsValue. */
  pairs: { key: string; value: string; given: RegExp }[];
  /** Stems that begin words (the last word of an option typed in part, see typedInPartStems). */
  prefixes?: ReadonlySet<number>;
  /** Terms the query types as part of an option (`buffers` of `--buffers`): an option names no file. */
  ofFlags: ReadonlySet<number>;
}

/**
 * Whether the options the query types are written whole in none of the candidates' texts: then
 * they were typed in part (`--null-da` for `--null-data`), and the option each begins counts.
 */
export function optionsTypedInPart(m: TermMatcher, candidates: { title: string; body: string }[]): boolean {
  const flags = m.fragments.filter(isFlag);
  return flags.length > 0 && !candidates.some((c) => flags.some((f) => holdsOption(c.title, f) || holdsOption(c.body, f)));
}

/**
 * The stems of the last word of each option the query types in part (`len` of `--line-len`):
 * it begins a word of the option it stands for (`--line-length=N`), where a word of its own
 * would be matched whole.
 */
export function typedInPartStems(m: TermMatcher): Set<number> {
  const last = new Set(m.fragments.filter(isFlag).map((f) => lightStem(words(f).at(-1) ?? "")));
  return new Set(m.stems.flatMap((s, k) => (s.length >= 2 && last.has(s) ? [k] : [])));
}

/**
 * The names the query types (`hrtime.big`, `license-f`) that none of the candidates' texts write
 * whole: typed in part, they name in part the heading of a name they begin (`process.hrtime.bigint()`).
 */
export function namesTypedInPart(m: TermMatcher, candidates: { title: string; body: string }[]): string[] {
  return (
    m.fragments
      .filter((f) => !isFlag(f) && !isVersionLike(f))
      // Only a name some heading begins can count; the texts are read for those alone.
      .filter((f) => candidates.some((c) => beginsOption(c.title.toLowerCase(), f)))
      .filter((f) => {
        const whole = new RegExp(`(?<![A-Za-z0-9_$-])${escapeRegExp(f)}(?![A-Za-z0-9_$-])`, "i");
        return !candidates.some((c) => whole.test(c.title) || whole.test(c.body));
      })
  );
}

/**
 * Words that say what kind of text the whole of it is ("openai sdk logging", "readme api
 * components headers"), not which part: the page is an SDK's, every section of it documents an
 * API. A section that happens to write one beside the query's other words is no better an answer
 * for it, so it counts DESCRIBING_WEIGHT of its IDF weight (0.3 to 0.6 measured; 0.5: dev +4,
 * test +2 of 2,428 questions, nothing lost).
 */
const DESCRIBING_WORDS: ReadonlySet<string> = new Set(["sdk", "api", "library", "cli", "docs", "documentation", "manual", "reference"]);
const DESCRIBING_WEIGHT = 0.5;

export function makeMatcher(terms: PlannedTerm[], fragments: string[], signal: Weights = WEIGHTS): TermMatcher {
  const stems: string[] = [];
  const inside = new Set<number>();
  const termOf: number[] = [];
  terms.forEach((t, i) => {
    // A fixed word counts where its fix is written, never where the typo is.
    const typed = t.kind === "fixed" ? [] : [t.word];
    // The porter index reads `worker_threads` as the words "worker threads"; so does a heading.
    const spaced = [...typed, ...t.forms].filter((w) => w.includes("_")).map((w) => w.replace(/_+/g, " ").trim());
    for (const f of new Set([...typed, ...t.forms, ...spaced].filter(Boolean).map(lightStem))) {
      if (t.kind === "piece") inside.add(stems.length);
      stems.push(f);
      termOf.push(i);
    }
  });
  const weights = terms.map((t) => (t.forms.length ? t.weight : t.weight * 0.5) * (DESCRIBING_WORDS.has(t.word) ? DESCRIBING_WEIGHT : 1));
  // The key is one of the two words before the version (`the proxy devDependency to ^4`).
  const pairs = terms.flatMap((t, i) =>
    MAJOR.test(t.word)
      ? terms
          .slice(Math.max(0, i - 2), i)
          .filter((k) => KEY.test(k.word))
          .map((k) => ({ key: k.word, value: t.word, given: keyValue(k.word, t.word) }))
      : [],
  );
  const flags = fragments.filter(isFlag).map((f) => f.toLowerCase());
  const ofFlags = new Set(terms.flatMap((t, i) => (flags.some((f) => f.includes(t.word)) ? [i] : [])));
  return {
    pairs,
    ofFlags,
    stems,
    inside,
    termOf,
    weights,
    total: weights.reduce((a, b) => a + b, 0) || 1,
    fragments: fragments.map((f) => (isFlag(f) ? f : f.toLowerCase())),
    signal,
  };
}

/** The query terms a chunk's title shows: its hit is listed under that title, so its snippet need not show them again. */
export function titleTerms(m: TermMatcher, title: string): Set<number> {
  return covered(m, findTerms(title, m.stems, m.inside));
}

function covered(m: TermMatcher, hits: TermHit[]): Set<number> {
  return new Set(hits.map((h) => m.termOf[h.term]!));
}

function weightOf(m: TermMatcher, terms: Set<number>): number {
  let w = 0;
  for (const t of terms) w += m.weights[t]!;
  return w / m.total;
}

/** How much of a section's opening its lead signal reads: a definition's first sentence or two. */
const LEAD_CHARS = 300;

/** Where a chunk's text opens: past a markdown heading line that leads it, and the blank lines after. */
function leadStart(body: string): number {
  let at = 0;
  if (body.startsWith("#")) {
    const end = body.indexOf("\n");
    at = end < 0 ? body.length : end + 1;
  }
  while (at < body.length && /\s/.test(body[at]!)) at++;
  return at;
}

/** The leaf's weight for a heading that only repeats the file's name, beside query words the title lacks. */
const FILE_NAMED_LEAF = 0.5;

/** Whether a heading's query terms are all in the headings above it too (and it has some). */
function leafOnlyRepeats(inLeaf: Set<number>, inPath: Set<number>): boolean {
  return inLeaf.size > 0 && [...inLeaf].every((t) => inPath.has(t));
}

/** What the chunk's own heading says of the query (scoreChunk). */
interface HeadingCover {
  /** Share of the query's weight the heading holds. */
  leafCover: number;
  /** Share of the heading's words the query accounts for, and their weight. */
  leafPrecision: number;
  matchedLeaf: number;
  /** A heading word of full weight the query does not give. */
  unnamed: boolean;
  /** Share of the query's weight the heading and those above it hold, and those above alone. */
  titleCover: number;
  pathCover: number;
  /** Every query word the heading holds is in a heading above it or the file's name too. */
  repeats: boolean;
}

/**
 * An option typed with its dashes that opens a line of the body (`--since=<date>`, an entry of
 * an option list) is documented there; not under a heading that is itself another option, whose
 * text only refers to this one (a wrapped line of `--fail-with-body` opening on `--fail`), nor
 * on a line that goes on with more options (an example command wrapped over lines).
 */
function definesOption(m: TermMatcher, leaf: string, body: string): boolean {
  const flags = m.fragments.filter(isFlag);
  return (
    flags.length > 0 &&
    !OPTION_HEADING.test(leaf) &&
    flags.some((f) => holdsWhole(body, f, (at) => opensLine(body, at) && !moreOptionsAfter(body, at + f.length)))
  );
}

/**
 * Whether the line goes on, from `from`, with other options: a command wrapped over lines in an
 * example (`    -newkey rsa:2048 -keyout key.pem -out req.pem`), not the line an option's entry
 * opens with (`-newkey arg`, `-f, --fail`: an alias right after it is the same option).
 */
function moreOptionsAfter(body: string, from: number): boolean {
  const end = body.indexOf("\n", from);
  const rest = body.slice(from, end < 0 ? body.length : end).replace(/^,\s*--?[A-Za-z][\w-]*/, "");
  return /\s--?[A-Za-z]/.test(rest);
}

/** How fully the chunk's own heading names the query: 1, QUALIFIED in part, or 0. */
function namesHeading(m: TermMatcher, leaf: string, h: HeadingCover, documentsOption: boolean): number {
  const named = h.matchedLeaf > 0 && h.leafCover > 0.999;
  const flags = m.fragments.filter(isFlag);
  let exact = 0;
  // An option typed with its dashes that the heading itself lists (`-f, --fail`, `-Pprompt or
  // --prompt=prompt`) names the section, whatever else the heading says; a body that documents
  // it, or a heading with its words but not the option (`--http3-only` for `--http3`), in part.
  // An option typed in part (`--null-da`) is named in part by the heading of the option it begins.
  if (flags.length > 0)
    exact = flags.some((f) => holdsWhole(leaf, f))
      ? 1
      : documentsOption || (named && !h.unnamed) || (m.optionsInPart === true && flags.some((f) => beginsOption(leaf, f)))
        ? QUALIFIED
        : 0;
  // The query names the heading, all of it or all but a qualifier it left out (`util.` of
  // `util.TextDecoder`): the latter is a near miss, as `timersPromises.setInterval` is for "setInterval".
  else if (named) exact = h.leafPrecision === 1 ? 1 : h.unnamed ? 0 : QUALIFIED;
  // The query names the heading whole and its other words are the headings above it ("worker_threads
  // notes"), or some of them are: in proportion to the query's weight the title holds ("exporting
  // Gemini CLI telemetry to Google Cloud" is Google Cloud telemetry, though no heading above it says
  // exporting). Not when the headings above name the whole query alone: then the heading is one of
  // its subsections; and in part only by a heading that says more than those above it ("pg_dump
  // options" is Options, not the page's first section, headed pg_dump again).
  else if (h.matchedLeaf > 0 && h.leafPrecision === 1 && h.pathCover < 0.999 && (h.titleCover > 0.999 || !h.repeats)) exact = QUALIFIED * h.titleCover;
  // A name typed whole (`request.getHeader`, `BZ2_bzWrite`, `process.versions`) names the heading
  // that gives it so, with the rest of the query, whatever else the heading says (a section
  // number, parameters); one giving a longer name or another form of its words (`getHeaders()`,
  // `BZ2_bzWriteOpen`, `process.version`, `writable._write`) names it at most in part.
  // So does a name typed in part, by the heading of the name it begins (`hrtime.big`: `process.hrtime.bigint()`).
  // The nearer its completion, the more so: `definePropert` is defineProperty before defineProperties.
  if (exact === 0 && m.namesInPart?.length) exact = QUALIFIED * completes(leaf.toLowerCase(), m.namesInPart);
  const names = m.fragments.filter((f) => !isFlag(f) && !isVersionLike(f) && NAME_JOINED.test(f));
  if (names.length > 0) {
    const givesName = names.some((f) => holdsWhole(leaf.toLowerCase(), f));
    if (givesName && h.leafCover > 0.999) exact = 1;
    else if (!givesName && exact === 1) exact = QUALIFIED;
  }
  return exact;
}

/**
 * Whether a record in the chunk's title (`picomatch@3.0.0`, a package by name@version, as the
 * JSON chunker titles one) is the one the query names: its version given whole and its name's
 * words among the query's. Every part of a record split in parts (`picomatch@3.0.0 > verb, dist`)
 * is that record, though its own heading is only a list of keys.
 */
function namesRecord(m: TermMatcher, title: string): boolean {
  const versions = m.fragments.filter(isTypedVersion);
  if (versions.length === 0) return false;
  for (const segment of title.split(" > ")) {
    const at = segment.lastIndexOf("@");
    if (at <= 0) continue;
    const version = segment.slice(at + 1).toLowerCase();
    if (!versions.some((v) => v.toLowerCase() === version)) continue;
    const words = nameWords(segment.slice(0, at));
    if (words.length > 0 && words.every((w) => findTerms(w.word, m.stems, m.inside).length > 0)) return true;
  }
  return false;
}

/** A major version, or major.minor, as typed after a key: `12`, `5.2`. */
const MAJOR = /^\d{1,4}(?:\.\d{1,4})?$/;
/** A key as a package manifest or config file writes one: `c8`, `eslint`, `types/node`. */
const KEY = /^[a-z@][\w@./-]*$/;

/**
 * Whether the text gives a key the query names the version the query gives after it: `c8 12`
 * is `"c8": "^12.0.0"` in a package.json record, `node 20` is `"node": ">=20"`, `serde 1` is
 * `serde = "1.0"` in a Cargo.toml. Every record of a package holds the key and some `12`
 * somewhere (a version, a date); only these hold the pair.
 */
function holdsValue(m: TermMatcher, body: string): boolean {
  if (m.pairs.length === 0) return false;
  const lower = body.toLowerCase();
  return m.pairs.some(({ key, given }) => lower.includes(key) && given.test(body));
}

/** Where a text gives `key` the value `value` (see holdsValue). */
function keyValue(key: string, value: string): RegExp {
  return new RegExp(`(?:^|[\\s"'{,/])${escapeRegExp(key)}["']?\\s*[:=]\\s*["']?[\\^~>=<v ]*${escapeRegExp(value)}(?![0-9])`, "im");
}

/** The text with its dotted versions (`8.12.0`, `v2.1`) blanked. */
function withoutVersions(text: string): string {
  return text.replace(/\bv?\d+(?:\.\d+)+\b/g, " ");
}

/** Words that ask for a version or release (`which qs release made stringify throw on cycles`). */
const RELEASE_WORDS: ReadonlySet<string> = new Set(["version", "versions", "release", "releases", "released", "changelog", "introduced", "since"]);

/** Whether a query asks which version or release something came in: a release word, and no version given. */
export function asksForVersion(words: readonly string[], fragments: readonly string[]): boolean {
  return words.some((w) => RELEASE_WORDS.has(w)) && !fragments.some(isTypedVersion);
}

/**
 * A heading that is a release: a version alone or first (`6.11.0`, `**6.11.0**`, `[**5.1.0**](…)`,
 * `v2.1.0 (2024-02-13)`) or a Debian changelog entry (`patch (2.7.6-7)`). Registry records
 * (`qs@6.11.0`) are not: record-order.ts picks among them.
 */
export function isReleaseHeading(leaf: string): boolean {
  const t = leaf
    .replace(/\]\([^)]*\)/g, "")
    .replace(/[*_`[\]]/g, "")
    .trim();
  // A number that heads a section (`2.2 Command-Line Options`) is no version: one stands alone or before a date.
  return (
    /^(?:v|version\s+|release\s+)\d+\.\d+/i.test(t) ||
    /^\d+\.\d+(?:\.\d+)*(?:[-+][\w.]+)?\s*(?:$|[([–—-]|\d{4}-\d\d)/.test(t) ||
    /^[\w.+-]+ \(\d[\w.:~+-]*\)/.test(t)
  );
}

/**
 * Where the body first writes a name the query types (`PyArg_UnpackT` in `PyArg_UnpackTuple`,
 * `sendResourceListChan` in `sendResourceListChanged()`): a hit of each query term the name holds
 * there, so the snippet's window goes to the name's first mention (in a reference, its definition)
 * more often than to where its words are scattered or to an example below. Later mentions add
 * nothing: counted, they drew the window to examples that repeat the name. For the snippet only;
 * the score is not changed.
 */
function fragmentHits(m: TermMatcher, body: string): TermHit[] {
  const names = m.fragments.filter((f) => !isFlag(f) && f.length >= 4);
  if (names.length === 0) return [];
  const lower = body.toLowerCase();
  const out: TermHit[] = [];
  for (const f of names) {
    const terms = [...new Set(m.stems.flatMap((s, k) => (s.length >= 2 && f.includes(s) ? [m.termOf[k]!] : [])))];
    if (terms.length === 0) continue;
    const at = lower.indexOf(f);
    if (at >= 0) for (const term of terms) out.push({ term, at, length: f.length });
  }
  return out;
}

/** One chunk's score; hits carry term indexes of the query (not of the stems). */
export function scoreChunk(m: TermMatcher, c: RankInput): Scored {
  const { leaf, path } = splitTitle(c.title);
  // A version the query gives a key (`c8 12`) is that key's, not part of a record's own (`undici@8.12.0`).
  const [leafText, pathText] = m.pairs.length ? [leaf, path].map(withoutVersions) : [leaf, path];
  // A query word the heading writes in two (`backreference` of "Back-references") names both its words.
  const splits = findSplits(leafText!, m.stems);
  const splitWords = new Set(splits.flatMap((h) => words(leafText!.slice(h.at, h.at + h.length))));
  const leafHits = [...findTerms(leafText!, m.stems, m.inside, m.prefixes), ...findCompounds(leafText!, m.stems), ...splits];
  // The file's name stands above its headings: "node-fetch Class: Headers" names that class of node-fetch-README.md.
  const headingHits = findTerms(pathText!, m.stems, m.inside);
  const fileHits = c.label ? findTerms(fileName(c.label), m.stems, m.inside) : [];
  const pathHits = [...headingHits, ...fileHits];
  const rawBody = findTerms(c.body, m.stems, m.inside, m.prefixes);
  const bodyHits = rawBody.map((h) => ({ ...h, term: m.termOf[h.term]! }));
  const inLeaf = covered(m, leafHits);
  const all = new Set([...inLeaf, ...covered(m, pathHits), ...bodyHits.map((h) => h.term)]);
  // A name typed in part (`fail-fa`, `license-f`) is in a text that writes a name it begins
  // (`fail-fast`); a text with its words apart (`fail`, `false`) covers the query only in part.
  const scattered = m.namesInPart?.length ? completes(`${c.title}\n${c.body}`.toLowerCase(), m.namesInPart) === 0 : false;
  const cover = weightOf(m, all) * (scattered ? SCATTERED_COVER : 1);
  const leafCover = weightOf(m, inLeaf);
  const pathCover = weightOf(m, covered(m, pathHits));
  // How much of the heading the query accounts for: "Promises API" for "promises api" is 1.
  const leafWords = nameWords(leaf);
  const matched = leafWords.map(
    (w) => splitWords.has(w.word) || findTerms(w.word, m.stems, m.inside, m.prefixes).length > 0 || findCompounds(w.word, m.stems).length > 0,
  );
  const leafTotal = leafWords.reduce((n, w) => n + w.weight, 0);
  const matchedLeaf = leafWords.reduce((n, w, i) => n + (matched[i] ? w.weight : 0), 0);
  const leafPrecision = leafTotal ? matchedLeaf / leafTotal : 0;
  // A heading word of full weight the query leaves out; a qualifier (`util.` of `util.TextDecoder`) weighs less.
  const unnamed = leafWords.some((w, i) => !matched[i] && w.weight >= 1);
  const titleCover = weightOf(m, new Set([...inLeaf, ...covered(m, pathHits)]));
  const documentsOption = definesOption(m, leaf, c.body);
  const repeats = leafOnlyRepeats(inLeaf, covered(m, pathHits));
  const exact = namesHeading(m, leaf, { leafCover, leafPrecision, matchedLeaf, unnamed, titleCover, pathCover, repeats }, documentsOption);
  // The headings above it name the whole query: the section they head is the answer, not each
  // subsection under it ("unittest.mock helpers" is Helpers, not Helpers > mock_open). So too
  // when its own heading says more than the query and names nothing of it they do not ("git
  // bisect description subcommands" is DESCRIPTION, not DESCRIPTION > Bisect visualize/view);
  // a record's file (`patch.changelog.Debian lines 264-268: patch (2.5.9-4)`) is no heading.
  // A page's top section has only the file's name above it: a query the name answers ("click
  // options" of click-options.html) asks for that section, not for one under it.
  const headed = path !== "" && !(c.label ?? "").endsWith(path);
  const deeper = leaf !== "" && path !== "" && (pathCover > 0.999 || (leafPrecision < 1 && headed && leafOnlyRepeats(inLeaf, covered(m, headingHits))));
  const continued = PART.test(c.title);
  const n = all.size;
  const span = minimalSpan(bodyHits);
  // Terms that open a line of the body: a definition's term (`--keep`, `core.hooksPath`, a
  // signature), where an entry of an option or variable list begins.
  const defined = documentsOption ? 1 : weightOf(m, new Set(bodyHits.filter((h) => opensLine(c.body, h.at)).map((h) => h.term)));
  const proximity = n >= 2 && span > 0 ? 1 / (1 + span / (40 * n)) : 0;
  // The query's words in the section's opening, where a section says what it does.
  const opensAt = leadStart(c.body);
  const lead = m.signal.lead > 0 ? weightOf(m, new Set(bodyHits.filter((h) => h.at >= opensAt && h.at < opensAt + LEAD_CHARS).map((h) => h.term))) : 0;
  let fragment = 0;
  if (m.fragments.length) {
    // The file's name stands above the chunk as it does above its headings: `node-fetch` is typed of every part of node-fetch-README.md.
    const text = `${c.title}\n${c.body}\n${fileName(c.label ?? "")}`;
    const lower = text.toLowerCase();
    // An option counts whole; typed in part, where it begins a longer one.
    // Ruby's `OptionParser#getopts` is the method a text writes `OptionParser.getopts`, and
    // `OptionParser::List` (Ruby, Rust, C++, Perl) the class a title writes `OptionParser.List`.
    const held = (f: string) =>
      !isFlag(f)
        ? lower.includes(f) || (/#|::/.test(f) && lower.includes(f.replaceAll("#", ".").replaceAll("::", ".")))
        : holdsOption(text, f) || (m.optionsInPart === true && beginsOption(text, f));
    fragment = m.fragments.filter(held).length / m.fragments.length;
  }
  // A heading whose query words all name the file (a README's title, `Zod to Json Schema` of
  // zod-to-json-schema-README.md) says which page, not which part of it: beside words it lacks
  // ("zod to json schema deprecation") its leaf counts half, and the section they name wins.
  const namesFileOnly = titleCover < 0.999 && leafOnlyRepeats(inLeaf, covered(m, fileHits));
  // A version the query gives whole is the heading's own (`## 0.14.0 (2024-02-13)`), not one of
  // the versions a neighbouring entry's text mentions (`sdk-v0.14.0...sdk-v0.14.1` under 0.14.1).
  const named = namesRecord(m, c.title);
  const versioned = named || m.fragments.some((f) => isTypedVersion(f) && versionIn(leaf.toLowerCase(), f)) || holdsValue(m, c.body);
  const W = m.signal;
  const score =
    c.fused * W.fused +
    cover * W.cover +
    leafCover * (0.5 + 0.5 * leafPrecision) * W.leaf * (namesFileOnly ? FILE_NAMED_LEAF : 1) +
    pathCover * W.path +
    (named ? Math.max(exact, 1) : exact) * W.exact +
    proximity * W.proximity +
    fragment * W.fragment +
    (versioned ? W.version : 0) +
    (m.asksVersion && isReleaseHeading(leaf) ? W.release : 0) +
    defined * W.defined +
    lead * W.lead +
    // The query names the file ("express: send the browser to another page with a 301"): its
    // chunks answer before another file's that says more of the rest (0.3 to 1.5 measured;
    // 0.6: dev +5, test +1 of 2,428 questions).
    weightOf(m, new Set([...covered(m, fileHits)].filter((t) => !m.ofFlags.has(t)))) * W.file +
    // A few lines (a synopsis, a heading alone) seldom answer what a fuller section does.
    Math.min(1, Math.log1p(c.body.length / 256) / Math.log1p(16)) * W.body -
    (SUMMARY.test(leaf) && leafCover === 0 ? W.summary : 0) -
    // A table of contents names every section and documents none; under a heading the query
    // names whole ("fastify hooks overview": Hooks), it is that section's overview of its parts.
    (isContents(c.body) && !(leafPrecision === 1 && leafCover > 0) ? W.contents : 0) -
    (deeper ? W.deeper : 0) -
    // A later part of a section (`Environment Commands (2)`) goes on with its entries; a query
    // that names the section's heading asks for the part that opens it.
    (continued && leafCover > 0 && titleCover > 0.999 ? W.continued : 0);
  return { score, bodyHits, named: exact >= 1 };
}
