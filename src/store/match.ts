/**
 * Where query terms occur in a chunk, for re-ranking and snippets. The porter table already
 * decided that a chunk matches; this only needs a cheap, symmetric stem so "cleanup" finds
 * "cleanups" and "dependencies" finds "dependency" when measuring coverage and proximity.
 */

const TOKEN = /[\p{L}\p{N}_]+/gu;

/** Light suffix stripping, applied the same way to query terms and chunk words. */
export function lightStem(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 4) return w;
  for (const [suffix, repl] of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, w.length - suffix.length) + repl;
  }
  return w;
}

const SUFFIXES: [string, string][] = [
  ["ational", "ate"],
  ["ization", "ize"],
  ["ies", "y"],
  ["ing", ""],
  ["ied", "y"],
  ["ed", ""],
  ["ers", "er"],
  ["es", "e"],
  ["s", ""],
  ["ly", ""],
];

export interface TermHit {
  /** Index into the query's terms. */
  term: number;
  /** UTF-16 offset of the word in the text. */
  at: number;
  length: number;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Whether `s[i]` is a word character: ASCII by its code (most of any text), the rest by WORD_CHAR. */
function isWordCharAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || c === 95;
  return WORD_CHAR.test(s[i]!);
}
const NON_ASCII = /[^\x00-\x7f]/;

/** Whether the underscore at `at` opens emphasis (`_word_`): no word character before it. */
function opensEmphasis(lower: string, at: number): boolean {
  return lower[at] === "_" && (at === 0 || !isWordCharAt(lower, at - 1));
}

/**
 * Every occurrence of any query term in `text`, in order of position. Uses indexOf on a short
 * prefix of each stem and checks the word found there, which is several times faster than
 * tokenising every word of every candidate. Non-Latin terms may start mid-run (no spaces in CJK),
 * as may the stems `inside` names (pieces of identifiers, `etRandomVal` in `getRandomValues`).
 */
export function findTerms(text: string, stems: string[], inside?: ReadonlySet<number>, prefixes?: ReadonlySet<number>): TermHit[] {
  const lower = text.toLowerCase();
  // Lower-casing can change the length of a few characters (İ); then offsets would drift, so tokenise.
  if (lower.length !== text.length) return findTermsByTokens(text, stems);
  const hits: TermHit[] = [];
  stems.forEach((stem, term) => {
    const anywhere = NON_ASCII.test(stem) || inside?.has(term) === true;
    // The last word of an option typed in part begins a word (`len` of `--line-len`, in `length`).
    const begins = prefixes?.has(term) === true;
    const key = anywhere || begins ? stem : stem.slice(0, Math.max(3, stem.length - 2));
    for (let pos = lower.indexOf(key); pos >= 0; pos = lower.indexOf(key, pos + 1)) {
      if (anywhere) {
        hits.push({ term, at: pos, length: stem.length });
        continue;
      }
      const emphasis = pos > 0 && opensEmphasis(lower, pos - 1);
      if (pos > 0 && isWordCharAt(lower, pos - 1) && !emphasis) continue;
      let end = pos + key.length;
      while (end < lower.length && isWordCharAt(lower, end)) end++;
      // `_max_workers_` (markdown emphasis, as pages render a parameter) is the word max_workers.
      if (emphasis) while (end > pos + key.length && lower[end - 1] === "_") end--;
      if (begins || wordMatches(lower.slice(pos, end), stem)) hits.push({ term, at: pos, length: end - pos });
    }
  });
  return hits.sort((a, b) => a.at - b.at);
}

/**
 * Hits of words run together without a capital or a joiner (`defaultdict`, `readline`): a word
 * that splits into two parts of at least three letters, each matching a query term. Both parts
 * must match, so `thread` is never "read". For headings, where such names are what a section is
 * called.
 */
export function findCompounds(text: string, stems: string[]): TermHit[] {
  const index = compoundIndex(stems);
  if (index.heads.size === 0) return [];
  const hits: TermHit[] = [];
  for (const m of text.toLowerCase().matchAll(/[a-z]{6,}/g)) {
    const w = m[0];
    // Most words start with no query word: one set lookup rules them out.
    if (!index.starts.has(w.slice(0, 3))) continue;
    for (let i = 3; i <= w.length - 3; i++) {
      const head = index.heads.get(w.slice(0, i)) ?? index.heads.get(lightStem(w.slice(0, i)));
      if (head === undefined) continue;
      const rest = w.slice(i);
      const tail = stems.findIndex((s, k) => k !== head && s.length >= 3 && wordMatches(rest, s));
      if (tail < 0) continue;
      hits.push({ term: head, at: m.index!, length: i }, { term: tail, at: m.index! + i, length: w.length - i });
      break;
    }
  }
  return hits;
}

/**
 * Hits of a query word that the text writes in two (`Back-references` for `backreferences`,
 * `time stamp` for `timestamp`): two words joined by a hyphen or a space whose letters together
 * match a query term of six letters or more. For headings.
 */
export function findSplits(text: string, stems: string[]): TermHit[] {
  const long = stems.flatMap((s, k) => (s.length >= 6 && /^[a-z]+$/.test(s) ? [k] : []));
  if (long.length === 0) return [];
  const lower = text.toLowerCase();
  // Most titles hold no word that begins one of the long terms: a few indexOf calls rule them out.
  if (lower.length !== text.length || !long.some((k) => lower.includes(stems[k]!.slice(0, 3)))) return [];
  const hits: TermHit[] = [];
  for (const m of lower.matchAll(SPLIT_PAIR)) {
    const [first, second] = [m[1]!, m[2]!];
    const joined = lightStem(first + second);
    const term = long.find((k) => joined === stems[k]);
    if (term !== undefined) hits.push({ term, at: m.index, length: first.length + 1 + second.length });
  }
  return hits;
}

/** Two words of letters joined by a hyphen or a space; the second is looked at, not taken, so each word pairs with the next. */
const SPLIT_PAIR = /(?<![a-z])([a-z]{2,})[- ](?=([a-z]{2,})(?![a-z]))/g;

interface CompoundIndex {
  /** Stems of three letters or more → their index. */
  heads: Map<string, number>;
  /** Their first three letters. */
  starts: Set<string>;
}

const compoundIndexes = new WeakMap<string[], CompoundIndex>();

/** The query's stems keyed for findCompounds, built once per stem list. */
function compoundIndex(stems: string[]): CompoundIndex {
  let index = compoundIndexes.get(stems);
  if (!index) {
    const heads = new Map<string, number>();
    stems.forEach((s, k) => {
      if (s.length >= 3 && /^[a-z]+$/.test(s) && !heads.has(s)) heads.set(s, k);
    });
    index = { heads, starts: new Set([...heads.keys()].map((s) => s.slice(0, 3))) };
    compoundIndexes.set(stems, index);
  }
  return index;
}

function wordMatches(word: string, stem: string): boolean {
  const s = lightStem(word);
  // A word matches its own stem, or carries it as a prefix (not for short stems: "use" in "useful").
  return s === stem || (stem.length >= 4 && s.startsWith(stem));
}

function findTermsByTokens(text: string, stems: string[]): TermHit[] {
  const hits: TermHit[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const i = stems.findIndex((stem) => wordMatches(m[0].toLowerCase(), stem));
    if (i >= 0) hits.push({ term: i, at: m.index!, length: m[0].length });
  }
  return hits;
}

/** Smallest window (in characters) holding at least one hit of every distinct term present. */
export function minimalSpan(hits: TermHit[]): number {
  const need = new Set(hits.map((h) => h.term)).size;
  if (need < 2) return 0;
  const counts = new Map<number, number>();
  let have = 0;
  let best = Number.POSITIVE_INFINITY;
  let left = 0;
  for (let right = 0; right < hits.length; right++) {
    const t = hits[right]!.term;
    counts.set(t, (counts.get(t) ?? 0) + 1);
    if (counts.get(t) === 1) have++;
    while (have === need) {
      const span = hits[right]!.at + hits[right]!.length - hits[left]!.at;
      if (span < best) best = span;
      const lt = hits[left]!.term;
      counts.set(lt, counts.get(lt)! - 1);
      if (counts.get(lt) === 0) have--;
      left++;
    }
  }
  return best;
}
