import type { TermHit } from "./match.ts";

// Counts without encoding (TextEncoder.encode allocated a copy per call; it was a twentieth of a search).
const byteLength = (s: string) => Buffer.byteLength(s);

/**
 * The best passage of `text` for the query, at most `maxBytes` UTF-8 bytes: the window that holds
 * the most of the query's weight (each distinct term counted once, by `weights`), then, while
 * room is left, the next best window elsewhere. A chunk's first line (a record's header, a
 * section's heading) leads when the passage starts below it and it is short. Text that fits is
 * returned whole; cuts are marked with "…" and never split a code point. Without hits, or when
 * the title shows every query term, the head of the text is returned; when it shows most of the
 * query's weight, or the query names the heading whole (`named`), the head leads and the passages
 * go after the rest. `titled`: terms the hit's title shows (a record's `name@version`), weighed as
 * the header line's are, so the passage goes after the rest of the query. In a JSON record, a key
 * the query names weighs twice (see withKeys). HTML comments are left out of prose (dropComments),
 * never out of `code`.
 */
export function makeSnippet(
  source: string,
  found: TermHit[],
  maxBytes: number,
  weights: number[] = [],
  titled: ReadonlySet<number> = new Set(),
  named = false,
  code = false,
): string {
  // In code (an XML file, a script) a comment is content: what Maven's settings.xml says of each setting.
  const uncommented = code ? { text: source, hits: found } : dropComments(source, found);
  const tables = compactTables(uncommented.text, uncommented.hits);
  const { text, hits } = shortenDigests(tables.text, tables.hits);
  if (byteLength(text) <= maxBytes) return text;
  const budget = maxBytes - 16; // room for the "…" marks (3 bytes each) and joins
  // Without hits, or when the title shows every word of the query (the hit is the section the
  // query names), the section's opening says what it is: the head of the text.
  const shownShare = titledShare(weights, titled);
  if (hits.length === 0) return `${clipBytes(text.slice(0, budget), budget)}…`;
  // Where what the title names opens: the text's start, or, when the title's words first come far
  // down (a code chunk titled by its biggest definition, below smaller ones), their paragraph.
  const opensAt = openingOf(text, hits, titled, Math.floor(budget * HEAD_SHARE));
  // In code, what the title names opens at the doc comment over it.
  const opening = code && opensAt > 0 ? withDocAbove(text, [opensAt, opensAt + 1], opensAt + 1)[0] : opensAt;
  if (shownShare === 1) return `${opening > 0 ? "…" : ""}${clipBytes(text.slice(opening, opening + budget), budget)}…`;
  const firstLineEnd = text.indexOf("\n");
  const header = firstLineEnd > 0 && firstLineEnd <= HEADER_MAX ? text.slice(0, firstLineEnd) : "";
  // The first passage takes at most FIRST_SHARE of the room: the rest goes to a second passage,
  // where the answer often is when the first shows the words it is asked with (a signature, a
  // table row) and the text explains them further down.
  const width = Math.max(160, Math.floor((budget - byteLength(header)) * FIRST_SHARE));
  // The header line is shown anyway: a term it holds counts a quarter, so the passage goes after
  // what the header does not say (`execArgv` under a `child_process.fork(…)` heading).
  const shown = new Set([...titled, ...(header ? hits.filter((h) => h.at < firstLineEnd).map((h) => h.term) : [])]);
  // A JSON key the query names (`"devDependencies":`) counts twice: what follows it is the value asked for.
  const keyed = withKeys(text, hits, weights.length);
  const termOf = (t: number) => (t >= weights.length ? t - weights.length : t);
  // Terms an earlier passage shows weigh RECURRING in a later one: it goes after the words not
  // yet shown first, else to where the query's words come again (`workFactor` in the signature,
  // then in the paragraph that gives its default).
  const passed = new Set<number>();
  const weightOf = (t: number) => (weights[termOf(t)] ?? 1) * (shown.has(termOf(t)) ? 0.25 : 1) * (passed.has(t) ? RECURRING : 1);
  const recurs = (t: number) => !shown.has(termOf(t));

  const windows: [number, number][] = [];
  let room = budget - byteLength(header);
  // What the header line shows needs no window of its own; a window starting at 0 shows it anyway.
  let remaining = header ? keyed.filter((h) => h.at > firstLineEnd) : keyed;
  if (remaining.length === 0) remaining = keyed;
  // The title shows most of the query, or the query names the heading whole (`named`: an option as
  // the heading lists it): the section's opening says what it is, and the rest of the budget goes
  // after the words the title lacks ("undici decompres interceptor brotli" shows what the
  // `decompress` interceptor does, then where brotli is mentioned; "perf record --call-graph dwarf"
  // what --call-graph does, then its dwarf mode).
  if (shownShare >= MOSTLY_TITLED || named) {
    const head: [number, number] = [opening, Math.min(text.length, opening + Math.floor(budget * HEAD_SHARE))];
    windows.push(head);
    room -= byteLength(text.slice(head[0], head[1]));
    remaining = remaining.filter((h) => h.at >= head[1] && !titled.has(h.term));
    // Nothing else to look for: the opening takes the whole room.
    if (remaining.length === 0) {
      const allowed = room + byteLength(text.slice(head[0], head[1]));
      head[1] = head[0] + clipBytes(text.slice(head[0], head[0] + allowed), allowed).length;
      room = allowed - byteLength(text.slice(head[0], head[1]));
    }
  }
  // The section's opening sentence says what it is ("Enable creating a split archive and set the
  // split size."): short, it leads, and the passages go after the query's words below it.
  const lede = windows.length === 0 && !FENCE.test(header) ? openingSentence(text, header ? firstLineEnd + 1 : 0) : undefined;
  if (lede) room -= byteLength(text.slice(lede.from, lede.to));
  for (let round = 0; round < 3 && remaining.length > 0 && room > 120; round++) {
    const span = Math.min(width, room);
    // The hits are sought in a stretch narrower than the window: the last of them is never its
    // last word (`"engines":` cut before its value), what follows it is where an answer sits.
    const cover = bestCover(remaining, span - Math.floor(span * AFTER_SHARE), weightOf, recurs);
    const [s, fitted] = code ? withDocAbove(text, fitWindow(text, cover, span), cover[1]) : fitWindow(text, cover, span);
    // Room left, it finishes the sentence or line it stops in.
    const e = sentenceEnd(text, fitted, Math.min(SENTENCE_REACH, room - byteLength(text.slice(s, fitted))));
    windows.push([s, e]);
    room -= byteLength(text.slice(s, e));
    for (const h of remaining) if (h.at >= s && h.at < e) passed.add(h.term);
    remaining = remaining.filter((h) => h.at < s || h.at >= e);
  }
  // Too little room for a window beside the header (a small snippet budget): the head of the text.
  if (windows.length === 0) return `${clipBytes(text.slice(0, budget), budget)}…`;
  if (lede) {
    // A short gap between the opening and the first passage is shown rather than marked, room allowing.
    const next = Math.min(...windows.map(([s]) => s));
    const gap = byteLength(text.slice(lede.to, next));
    windows.push([0, next > lede.to && gap <= Math.min(room, LEDE_GAP_MAX) ? next : lede.to]);
  }
  const merged = merge(windows);
  const withHeader = header && merged[0]![0] > firstLineEnd ? [[0, firstLineEnd] as [number, number], ...merged] : merged;
  // Each window was sized to fit what was left, so none needs cutting; the total is clipped only
  // for the few bytes the "…" marks and snapping add.
  const out = withHeader
    .map(([s, e]) => {
      const start = snapStart(text, s);
      // The header is a whole line: the mark that follows says the cut, at the next passage.
      const whole = s === 0 && e === firstLineEnd && header !== "";
      return `${start > 0 ? "…" : ""}${text.slice(start, e)}${e < text.length && !whole ? "…" : ""}`;
    })
    .join("\n");
  return clipBytes(out, maxBytes);
}

/**
 * Where the sentence or line running at `e` ends, when that is at most `reach` bytes further;
 * else `e`: a passage that stops mid-sentence ("is automatically created with stdout=PI…")
 * stops short of what its words lead to.
 */
function sentenceEnd(text: string, e: number, reach: number): number {
  if (e >= text.length || reach <= 0 || text[e - 1] === "\n") return e;
  const tail = text.slice(e, e + reach);
  const line = tail.indexOf("\n");
  const stop = /[.!?](?=\s|$)/.exec(tail);
  const end = Math.min(line < 0 ? Number.POSITIVE_INFINITY : line, stop ? stop.index + 1 : Number.POSITIVE_INFINITY);
  if (!Number.isFinite(end)) return e;
  return byteLength(text.slice(e, e + end)) <= reach ? e + end : e;
}

/** Most characters a code window moves back to show the doc comment over the line it starts at. */
const DOC_ABOVE_MAX = 400;
/** Most lines of a doc comment looked through for its start. */
const DOC_LINES_MAX = 16;

/**
 * A window of code that starts at a declaration, moved back to start at the doc comment right
 * above it (`/** Sends a resource list changed event … *\/` over `sendResourceListChanged(): void;`,
 * `# What it does` over `def f():`): what the declaration does is said there. Its end moves back
 * as far, but never above `hitsEnd`; unchanged when no comment is right above or it is too long.
 */
function withDocAbove(text: string, [s, e]: [number, number], hitsEnd: number): [number, number] {
  const lineStart = text.lastIndexOf("\n", s - 1) + 1;
  if (text.slice(lineStart, s).trim() !== "") return [s, e];
  let at = lineStart;
  let start = -1;
  for (let k = 0; k < DOC_LINES_MAX && at > 0; k++) {
    const prev = text.lastIndexOf("\n", at - 2) + 1;
    const line = text.slice(prev, at - 1).trim();
    if (k === 0 && !(line.endsWith("*/") || /^(?:\/\/|#)/.test(line))) return [s, e];
    if (line === "" || !(line.startsWith("*") || line.startsWith("/*") || line.endsWith("*/") || /^(?:\/\/|#)/.test(line))) break;
    start = prev;
    at = prev;
    if (line.startsWith("/*")) break;
  }
  if (start < 0 || s - start > DOC_ABOVE_MAX) return [s, e];
  const d = s - start;
  return [start, Math.max(hitsEnd, e - d)];
}

/** A quoted key followed by its colon, from just after the word. */
const KEY_END = /^"\s*:/;

/**
 * In JSON text (a record: it opens with `{` or `[`), each hit that is a whole key (`"nyc": {`) is
 * given a twin of term `term + offset`, weighed as the term is: a window holding the key then
 * holds the term's weight twice, and shows the key's value rather than a passing mention of it.
 * Other text is returned as it is.
 */
function withKeys(text: string, hits: TermHit[], offset: number): TermHit[] {
  if (offset === 0) return hits;
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[") return hits;
  return hits.flatMap((h) =>
    text[h.at - 1] === '"' && KEY_END.test(text.slice(h.at + h.length, h.at + h.length + 4)) ? [h, { term: h.term + offset, at: h.at, length: h.length }] : [h],
  );
}

/**
 * Where the text's part about its title opens: 0, unless the first hit of a term the title shows
 * is at `within` or later and nothing the title shows comes earlier; then the start of that hit's
 * paragraph (a definition with the comment above it).
 */
function openingOf(text: string, hits: TermHit[], titled: ReadonlySet<number>, within: number): number {
  const first = hits.find((h) => titled.has(h.term));
  if (!first || first.at < within) return 0;
  const blank = text.lastIndexOf("\n\n", first.at);
  return blank < 0 ? text.lastIndexOf("\n", first.at) + 1 : blank + 2;
}

/** The share of the query's weight (IDF) that the hit's title shows; 0 when the query has no terms. */
function titledShare(weights: number[], titled: ReadonlySet<number>): number {
  let all = 0;
  let shown = 0;
  weights.forEach((w, t) => {
    all += w;
    if (titled.has(t)) shown += w;
  });
  return all > 0 ? shown / all : 0;
}

/** Most of the room (past a header line) the first passage takes. */
const FIRST_SHARE = 0.75;
/** Most bytes a passage runs on to finish its sentence or line: 60 and 120 measured alike (dev +1), 240 less. */
const SENTENCE_REACH = 60;
/**
 * The share of a passage kept free of the stretch its hits are sought in: fitWindow puts most
 * of it after them. A quarter: dev +2, test +2 (0.1 to 0.5 measured; from 0.25 on, the same).
 */
const AFTER_SHARE = 0.25;
/** What a term an earlier passage shows weighs in a later one. */
const RECURRING = 0.3;

/** A title showing this share of the query's weight or more leads its snippet with the section's opening. */
const MOSTLY_TITLED = 0.7;
/** How much of the budget that opening takes. */
const HEAD_SHARE = 0.5;

/** Longest opening sentence that leads a snippet. */
const LEDE_MAX = 240;
/** Most bytes between the opening sentence and the first passage shown to join them. */
const LEDE_GAP_MAX = 120;
/** A sentence ends at a stop followed by a space or the line's end, not one after an initial or in `e.g.`, `i.e.`, `etc.`, `vs.`. */
const SENTENCE_END = /(?<!(?:^|[^\p{L}])(?:\p{L}|e\.g|i\.e|etc|vs))[.!?](?=\s|$)/gu;

/**
 * The first sentence of prose at `from` (past blank lines and indentation), when it is at most
 * LEDE_MAX characters and ends within its paragraph: none in a JSON record, a code fence, a
 * table or a list, whose first line is no definition.
 */
function openingSentence(text: string, from: number): { from: number; to: number } | undefined {
  const first = text.trimStart()[0];
  if (first === "{" || first === "[") return undefined;
  let a = from;
  while (a < text.length && /\s/.test(text[a]!)) a++;
  // Lines of tags alone render as nothing (`<a id="close"></a>` under each heading of a docs page).
  for (let end = text.indexOf("\n", a); end > a && TAGS_ONLY.test(text.slice(a, end)); end = text.indexOf("\n", a)) {
    a = end;
    while (a < text.length && /\s/.test(text[a]!)) a++;
  }
  if (FENCE.test(text.slice(a, a + 3)) || /^(?:\||[-*+] |\d+[.)] )/.test(text.slice(a, a + 4))) return undefined;
  const paragraphEnd = text.indexOf("\n\n", a);
  SENTENCE_END.lastIndex = a;
  const stop = SENTENCE_END.exec(text);
  if (!stop) return undefined;
  const to = stop.index + 1;
  if (to - a > LEDE_MAX || (paragraphEnd >= 0 && to > paragraphEnd)) return undefined;
  return { from, to };
}

/** A line of HTML tags and nothing else. */
const TAGS_ONLY = /^(?:<\/?[A-Za-z][^<>]*>\s*)+$/;

/** A code fence's opening line. */
const FENCE = /^(?:```|~~~)/;

/** A markdown table row: it opens with a pipe. */
const TABLE_ROW = /^[ \t]*\|/;

/**
 * The text with its markdown tables unpadded, hits moved to match: a formatter pads every cell to
 * its column's width (`| Default   | 1    | Built-in …          |`), and in a snippet that padding
 * took the room of the rows themselves. Only runs of spaces and a separator row's dashes shrink.
 */
export function compactTables(text: string, hits: TermHit[]): { text: string; hits: TermHit[] } {
  if (!text.includes("|  ") && !text.includes("-----")) return { text, hits };
  const at = new Int32Array(text.length + 1);
  let out = "";
  let pos = 0;
  while (pos <= text.length) {
    let end = text.indexOf("\n", pos);
    if (end < 0) end = text.length;
    const line = text.slice(pos, end);
    if (TABLE_ROW.test(line)) {
      const separator = /^[\s|:-]+$/.test(line);
      for (let i = 0; i < line.length; i++) {
        at[pos + i] = out.length;
        // A space after a space, and in a separator row a dash after three dashes, are dropped.
        const c = line[i]!;
        const padding = i > 0 && c === " " && line[i - 1] === " ";
        const rule = separator && c === "-" && line.slice(Math.max(0, i - 3), i) === "---";
        if (!padding && !rule) out += c;
      }
    } else {
      for (let i = 0; i < line.length; i++) at[pos + i] = out.length + i;
      out += line;
    }
    at[end] = out.length;
    if (end < text.length) out += "\n";
    pos = end + 1;
  }
  if (out.length === text.length) return { text, hits };
  return { text: out, hits: hits.map((h) => ({ ...h, at: at[h.at]!, length: Math.max(1, at[h.at + h.length]! - at[h.at]!) })) };
}

/** A digest written out: 32 or more hex digits (an MD5, a SHA, a commit id in full). */
const DIGEST = /\b[0-9a-f]{32,}\b/g;
const HAS_DIGEST = /\b[0-9a-f]{32,}\b/;
/** Hex digits a shortened digest keeps: as many as `git log --oneline` shows, and some. */
const DIGEST_KEEP = 12;
/** Characters before a digest in which a query word names it: its key or algorithm, on its line or the one above. */
const DIGEST_ASKED = 64;

/**
 * The text with each digest the query does not ask for cut to its first DIGEST_KEEP digits and
 * "…", hits moved to match: an SBOM's or a lockfile's record holds eight of them, and written out
 * they took the room of the record's name, licence and purl. A digest a hit falls in, or follows
 * closely (its algorithm or key: the query asks for it), stays whole.
 */
export function shortenDigests(text: string, hits: TermHit[]): { text: string; hits: TermHit[] } {
  if (!HAS_DIGEST.test(text)) return { text, hits };
  const cuts: { from: number; to: number }[] = [];
  for (const m of text.matchAll(DIGEST)) {
    const from = m.index + DIGEST_KEEP;
    const to = m.index + m[0].length;
    // A hit in it or just before it (`"alg": "SHA-256", "content": …`, `commit 3f2a…`) asks for it.
    if (!hits.some((h) => h.at < to && h.at + h.length > m.index - DIGEST_ASKED)) cuts.push({ from, to });
  }
  if (cuts.length === 0) return { text, hits };
  let out = "";
  let pos = 0;
  for (const c of cuts) {
    out += `${text.slice(pos, c.from)}…`;
    pos = c.to;
  }
  out += text.slice(pos);
  // A position past a cut moves back by what the cuts before it removed (each leaves one "…").
  const shift = (at: number) => {
    let d = 0;
    for (const c of cuts) if (c.to <= at) d += c.to - c.from - 1;
    return at - d;
  };
  return { text: out, hits: hits.map((h) => ({ ...h, at: shift(h.at) })) };
}

/**
 * A hit's snippet budget by its place: most replies are read for their top hit, so it gets all of
 * `max`, the rest two fifths, at most REST_MAX. At 1,600 B for the first (it was 1,200 B, and
 * 800 B before that), the right section's snippet more often holds the fact asked for (dev: 48 ->
 * 26 first hits in the right section without it), for ~150 B more per reply.
 */
export function snippetBudget(rank: number, max: number): number {
  return rank === 0 ? max : Math.min(REST_MAX, Math.round(max * 0.4));
}

/** Most bytes of a snippet below the first hit: a look at what else matched, not the answer. */
const REST_MAX = 480;

/** A heading or record header this short rides along with a passage below it. */
const HEADER_MAX = 160;

/**
 * Where the best passage is: among `width`-character stretches, the one holding the most
 * distinct-term weight (of equals, the one with the most hits of terms that `recurs`); then,
 * inside it, the shortest run of hits that still holds all those terms (so the window can be
 * centred on it). Two pointers over hits, twice: linear time.
 */
function bestCover(hits: TermHit[], width: number, weightOf: (t: number) => number, recurs: (t: number) => boolean = () => true): [number, number] {
  const counts = new Map<number, number>();
  let weight = 0;
  let recurring = 0;
  let best = { weight: -1, left: 0, right: 1, recurring: 0 };
  let right = 0;
  for (let left = 0; left < hits.length; left++) {
    const start = hits[left]!.at;
    while (right < hits.length && hits[right]!.at + hits[right]!.length <= start + width) {
      const t = hits[right]!.term;
      const n = counts.get(t) ?? 0;
      if (n === 0) weight += weightOf(t);
      if (recurs(t)) recurring++;
      counts.set(t, n + 1);
      right++;
    }
    if (right <= left) {
      // This hit alone is wider than the window; the next one starts a fresh window.
      right = left + 1;
      continue;
    }
    // Equal weight: the stretch where the terms recur (a passage about them, not one passing
    // mention); terms the title shows do not count (`click.option` over and over in an example is
    // not the paragraph that explains `auto_envvar_prefix`).
    const tie = Math.abs(weight - best.weight) <= 1e-9;
    if (weight > best.weight + 1e-9 || (tie && recurring > best.recurring)) best = { weight, left, right, recurring };
    const t = hits[left]!.term;
    const n = counts.get(t)!;
    if (recurs(t)) recurring--;
    if (n === 1) weight -= weightOf(t);
    counts.set(t, n - 1);
  }
  const inside = hits.slice(best.left, best.right);
  const need = new Set(inside.map((h) => h.term)).size;
  const seen = new Map<number, number>();
  let have = 0;
  let cover: [number, number] = [inside[0]!.at, inside[0]!.at + inside[0]!.length];
  let shortest = Number.POSITIVE_INFINITY;
  let l = 0;
  for (const h of inside) {
    const n = seen.get(h.term) ?? 0;
    if (n === 0) have++;
    seen.set(h.term, n + 1);
    while (have === need) {
      const from = inside[l]!;
      const length = h.at + h.length - from.at;
      if (length < shortest) [shortest, cover] = [length, [from.at, h.at + h.length]];
      const m = seen.get(from.term)!;
      if (m === 1) have--;
      seen.set(from.term, m - 1);
      l++;
    }
  }
  return cover;
}

/**
 * Of a window's room beyond the hits it holds, the share put before them: what answers a query
 * more often follows its words than precedes them (a key's value, a flag's meaning, a heading's
 * first lines), so the rest goes after.
 */
const LEAD = 0.35;
/** Characters a window start moves back to reach the start of its line. */
const LINE_START_MAX = 80;

/** A window of at most `maxBytes` UTF-8 bytes around `cover`, LEAD of its slack before it (narrowed for multibyte text). */
function fitWindow(text: string, [from, to]: [number, number], maxBytes: number): [number, number] {
  let width = maxBytes;
  let window: [number, number] = [from, Math.min(text.length, from + width)];
  for (let attempt = 0; attempt < 4; attempt++) {
    const lead = Math.floor(Math.max(0, width - (to - from)) * LEAD);
    let s = Math.max(0, Math.min(from - lead, text.length - width));
    // A passage reads from the start of its line when that is near and the hits still fit.
    const line = text.lastIndexOf("\n", s - 1) + 1;
    if (s + width >= text.length) {
      // The window reaches the end of the text: moving its start back would cut that end (what
      // follows the hits), so it starts at the next line instead, when that is near and still
      // holds them.
      const next = text.indexOf("\n", s) + 1;
      if (s > line && next > 0 && next - s <= LINE_START_MAX && next <= from) s = next;
    } else if (s - line <= LINE_START_MAX && line + width >= to) s = line;
    window = [s, Math.min(text.length, s + width)];
    const bytes = byteLength(text.slice(window[0], window[1]));
    if (bytes <= maxBytes) return window;
    width = Math.max(1, Math.floor((width * maxBytes) / bytes));
  }
  return window;
}

function merge(windows: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [s, e] of windows.sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + 20) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/**
 * Moves a window start forward to just after a space or newline when one is near, so words stay
 * whole; a start already at a word's (a line's start, after a space) stays.
 */
function snapStart(text: string, s: number): number {
  // Already at a word's start: the start of a line, or just after a space.
  if (s === 0 || text[s - 1] === "\n" || text[s - 1] === " ") return s;
  for (let i = s; i < Math.min(text.length, s + 24); i++) if (text[i] === " " || text[i] === "\n") return i + 1;
  return s;
}

/** The longest prefix of `s` that fits in `maxBytes` UTF-8 bytes, cut on a code-point boundary. */
function clipBytes(s: string, maxBytes: number): string {
  let bytes = 0;
  let i = 0;
  while (i < s.length) {
    const cp = s.codePointAt(i)!;
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + n > maxBytes) break;
    bytes += n;
    i += cp > 0xffff ? 2 : 1;
  }
  return s.slice(0, i);
}

/**
 * The text without its HTML comments (`<!-- YAML added: v0.11.1 … -->` above each of Node's API
 * entries), hits moved to match and those inside a comment dropped: a page's reader never sees
 * them, and in a snippet they took the room of the text. The index keeps them.
 */
export function dropComments(text: string, hits: TermHit[]): { text: string; hits: TermHit[] } {
  if (!text.includes("<!--")) return { text, hits };
  // A comment inside a fenced code block is part of the example and stays.
  const fences = [...text.matchAll(/^ {0,3}(?:```|~~~)/gm)].map((m) => m.index!);
  const inCode = (at: number) => fences.filter((f) => f < at).length % 2 === 1;
  const cuts: [number, number][] = [];
  for (let from = text.indexOf("<!--"); from >= 0; from = text.indexOf("<!--", from)) {
    if (inCode(from)) {
      from += 4;
      continue;
    }
    const close = text.indexOf("-->", from + 4);
    let end = close < 0 ? text.length : close + 3;
    // The line the comment leaves empty goes with it, and the blank lines after it when one comes before.
    if (text[end] === "\n" && (from === 0 || text[from - 1] === "\n")) end++;
    while (text[end] === "\n" && (from === 0 || text.slice(from - 2, from) === "\n\n")) end++;
    cuts.push([from, end]);
    from = end;
  }
  let out = "";
  let pos = 0;
  const removedBefore = (at: number) => {
    let n = 0;
    for (const [a, b] of cuts) {
      if (b <= at) n += b - a;
      else break;
    }
    return n;
  };
  for (const [a, b] of cuts) {
    out += text.slice(pos, a);
    pos = b;
  }
  out += text.slice(pos);
  const inside = (at: number) => cuts.some(([a, b]) => at >= a && at < b);
  return { text: out, hits: hits.filter((h) => !inside(h.at)).map((h) => ({ ...h, at: h.at - removedBefore(h.at) })) };
}
