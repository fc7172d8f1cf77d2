/**
 * Spelling fixes for single query words the index does not hold, from the vocabulary (vocab.ts):
 * raw words compared with raw words, a swapped pair costing 1 (optimal string alignment), and
 * candidates read from a few short key ranges, never the whole vocabulary.
 */
import type { Database } from "./db.ts";
import { wordsStartingWithAny } from "./vocab.ts";

/** Largest edit distance accepted for a word of this length; short words get none. */
export function maxDistance(len: number): number {
  return len < 4 ? 0 : len <= 5 ? 1 : 2;
}

let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions at cost 1), giving
 * up with `limit + 1` once every path is over `limit`. `prefix`: the distance from `a` to the
 * closest prefix of `b` (`interprte` is one edit from the start of `interpretnumeric`).
 */
export function editDistance(a: string, b: string, limit: number, prefix = false): number {
  if (prefix ? b.length < a.length - limit : Math.abs(a.length - b.length) > limit) return limit + 1;
  if (rows[0]!.length <= b.length) rows = [0, 1, 2].map(() => new Int32Array(b.length + 1));
  let [before, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  // A prefix longer than the word by more than the limit is never within it.
  const width = prefix ? Math.min(b.length, a.length + limit) : b.length;
  for (let j = 0; j <= width; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= width; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, before[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  if (!prefix) return prev[b.length]!;
  let best = limit + 1;
  for (let j = Math.max(0, a.length - limit); j <= width; j++) best = Math.min(best, prev[j]!);
  return best;
}

/**
 * Vocabulary words within the word's edit limit, closest first. Candidates are read from short key
 * ranges named by where the typo may sit: past the third letter (same first three), one letter
 * too many at the second or third place, the first or second pair swapped; only when none of those
 * is one edit away and common, every word with the same first two letters (a wrong or missing
 * third letter), then the words a wrong, missing or extra first or second letter would give
 * (`snce` → `si…nce`, `rgep` → `gre…`): one short range per letter of the alphabet, never a scan.
 */
export function spellingCandidates(
  db: Database,
  word: string,
  isCommon: (w: string) => boolean = () => true,
  maxEdits?: number,
): { word: string; distance: number }[] {
  const limit = Math.min(maxDistance(word.length), maxEdits ?? Number.POSITIVE_INFINITY);
  if (limit === 0) return [];
  const [a, b] = [word[0]!, word[1]!];
  const found = new Map<string, number>();
  const near = (starts: Iterable<string>) => collect(db, word, [...new Set(starts)], limit, found);
  near(nearStarts(word));
  // A bound on the edits (a piece of an identifier looked at as a typo) reads the near ranges alone.
  if (maxEdits !== undefined) return sorted(found);
  // A one-off word one edit away ("apl") does not end the search for a common one ("apply"), nor
  // does one no typist's slip gives (`ooks` is `oops` only by a key far from the one typed): the
  // word meant may start otherwise (`hooks`).
  const close = () => [...found].some(([w, x]) => x <= 1 && isCommon(w) && typingSlip(word, w));
  if (!close()) near([a + b]);
  // The typo sits in the first two letters: the word starts otherwise than typed. Only for a word
  // of letters: `q7dxpo` is no misspelling, and these ranges are most of what a miss costs.
  if (!close() && /^[a-z]+$/.test(word)) near(firstLetterStarts(word));
  return sorted(found);
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/**
 * The three-letter starts a typo past the first letter leaves the word meant with: the same
 * first three letters, the third missing, extra or swapped with the second, the first two swapped.
 */
function nearStarts(word: string): string[] {
  const [a, b, c, d = ""] = [word[0]!, word[1]!, word[2]!, word[3]];
  return [...new Set([a + b + c, a + b + d, a + c + d, a + c + b, b + a + c])].filter((s) => s.length === 3);
}

/**
 * Largest edit distance for a misspelled start of a longer word: looser than a whole word's, as
 * a short start fits many words; none below seven letters.
 */
export function maxPrefixDistance(len: number): number {
  return len < 7 ? 0 : len < 11 ? 1 : 2;
}

/** Letters a misspelled start needs for the ranges of a typo in its first two letters to be read. */
const BROAD_PREFIX_MIN = 10;

/** Vocabulary words read at most for one misspelled start. */
const PREFIX_READ = 3000;

/**
 * Vocabulary words that begin with a misspelling of `word`, closest first, then shortest: a
 * partial identifier typed wrong (`interprteNumeric` for `interpretNumericEntities`), read from
 * the ranges of nearStarts, then, for a long one none of those fits, from firstLetterStarts'.
 */
export function prefixCandidates(db: Database, word: string): { word: string; distance: number }[] {
  const limit = maxPrefixDistance(word.length);
  if (limit === 0 || !/^[a-z_][a-z_]*$/.test(word)) return [];
  const out: { word: string; distance: number; length: number }[] = [];
  const read = (starts: string[]) => {
    for (const w of wordsStartingWithAny(db, starts, word.length - limit, 64, PREFIX_READ)) {
      const distance = editDistance(word, w, limit, true);
      if (distance <= limit) out.push({ word: w, distance, length: w.length });
    }
  };
  const near = nearStarts(word);
  read(near);
  // The typo sits in the first two letters (`cmpare_by_ident`, `cseSensitiveMat`): the ranges a
  // letter missing, extra or wrong there would start, as for a whole word (spellingCandidates).
  // Only for a name's length (ten letters, or joined by underscores): a short word's ranges hold
  // more words (0.4 ms a misspelt word at 50 MB) and their starts fit it by chance.
  if (out.length === 0 && (word.length >= BROAD_PREFIX_MIN || word.includes("_"))) read(firstLetterStarts(word).filter((s) => !near.includes(s)));
  return out.sort((x, y) => x.distance - y.distance || x.length - y.length).map(({ word: w, distance }) => ({ word: w, distance }));
}

/** The three-letter starts a wrong, missing or extra first or second letter leaves the word meant with (`snce`: si…, `rgep`: gre…). */
function firstLetterStarts(word: string): string[] {
  const [a, b, c, d = ""] = [word[0]!, word[1]!, word[2]!, word[3]];
  const starts = [b + c + d];
  for (const x of LETTERS) starts.push(a + x + b, a + x + c, x + a + b, x + b + c);
  return [...new Set(starts.filter((s) => s.length === 3 && s !== a + b + c))];
}

function sorted(found: Map<string, number>): { word: string; distance: number }[] {
  return [...found].map(([w, distance]) => ({ word: w, distance })).sort((x, y) => x.distance - y.distance);
}

/**
 * Vocabulary words of the right length that begin with any of `starts`, measured against the
 * word. A word with another first letter ranks half an edit further: people seldom mistype the
 * first letter, so `snce` is `since` before it is `once`. Not so for the first two letters typed
 * the wrong way round (`erbase`): the first letter was typed, only second.
 */
function collect(db: Database, word: string, starts: string[], limit: number, found: Map<string, number>): void {
  if (starts.length === 0) return;
  for (const w of wordsStartingWithAny(db, starts, word.length - limit, word.length + limit)) {
    if (found.has(w) || w === word) continue;
    const d = editDistance(word, w, limit);
    if (d <= limit) found.set(w, w[0] === word[0] || swappedStart(w, word) ? d : d + 0.5);
  }
}

/** Whether `a` starts with the first two letters of `b` the other way round. */
function swappedStart(a: string, b: string): boolean {
  return a[0] === b[1] && a[1] === b[0];
}

const KEY_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
/** How far each row of a QWERTY keyboard sits to the right of the one above it, in keys. */
const ROW_SHIFT = [0, 0.25, 0.75];

/** Whether two letters are keys next to each other on a QWERTY keyboard, across rows too (`k` and `j`, `i`, `m`). */
function neighbourKeys(a: string, b: string): boolean {
  const at = (c: string) => {
    const row = KEY_ROWS.findIndex((r) => r.includes(c));
    return row < 0 ? undefined : { x: KEY_ROWS[row]!.indexOf(c) + ROW_SHIFT[row]!, y: row };
  };
  const [p, q] = [at(a), at(b)];
  return a !== b && !!p && !!q && Math.abs(p.y - q.y) <= 1 && Math.abs(p.x - q.x) <= 1;
}

/**
 * Whether `typed` is `meant` with one slip a typist makes: a letter left out or typed once too
 * often, two letters the wrong way round, or a key next to the one meant. A letter put for another
 * far from it on the keyboard (`clik` for `clis`) is no such slip.
 */
export function typingSlip(typed: string, meant: string): boolean {
  const [short, long] = typed.length < meant.length ? [typed, meant] : [meant, typed];
  if (long.length === short.length + 1) {
    let i = 0;
    while (i < short.length && short[i] === long[i]) i++;
    return long.slice(i + 1) === short.slice(i);
  }
  if (typed.length !== meant.length) return false;
  let i = 0;
  while (i < typed.length && typed[i] === meant[i]) i++;
  if (i === typed.length) return false;
  if (typed.slice(i + 1) === meant.slice(i + 1)) return neighbourKeys(typed[i]!, meant[i]!);
  return typed[i] === meant[i + 1] && typed[i + 1] === meant[i] && typed.slice(i + 2) === meant.slice(i + 2);
}

/** Whether `a` and `b` differ by one letter doubled in one of them (`hiden` and `hidden`, `commmit` and `commit`). */
export function doubling(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  // long[i] is the extra letter: a double when it repeats its neighbour, and the rest lines up.
  if (!(long[i] === long[i - 1] || long[i] === long[i + 1])) return false;
  return long.slice(i + 1) === short.slice(i);
}
