/**
 * The porter stem SQLite's FTS5 `porter` tokenizer gives a lower-case ASCII token, computed here
 * instead of through a scratch FTS5 table: a round trip through one cost a search about 0.1 ms
 * per word, and a spelling fix stems dozens of candidates. It follows FTS5's own rules, quirks
 * included (a suffix is only removed from a longer word; within a step, the first suffix that
 * matches is the only one tried; `y` after a consonant is a vowel), and a test holds it equal to
 * SQLite's on every word of the bench corpora.
 *
 * Only tokens unicode61 passes through unchanged are stemmed here (`[a-z0-9]`, 3 to 64 long):
 * anything else (non-ASCII, a separator inside) is left to SQLite (term-stats.ts).
 */

/** Longest token FTS5 stems (FTS5_PORTER_MAX_TOKEN); a longer one and one under 3 pass through. */
const MAX_TOKEN = 64;

const PLAIN = /^[a-z0-9]+$/;

/** Whether `stem` gives exactly what FTS5 would for this word (lower-case ASCII letters and digits). */
export function stemsHere(word: string): boolean {
  return PLAIN.test(word);
}

const isVowel = (c: string, yIsVowel: boolean) => c === "a" || c === "e" || c === "i" || c === "o" || c === "u" || (yIsVowel && c === "y");

/** Past the first vowel-consonant run of `w[from, to)`: the index after it, or 0 when there is none. */
function gobbleVC(w: string, from: number, to: number, prevCons: boolean): number {
  let cons = prevCons;
  let i = from;
  for (; i < to; i++) {
    cons = !isVowel(w[i]!, cons);
    if (!cons) break;
  }
  for (i++; i < to; i++) {
    cons = !isVowel(w[i]!, cons);
    if (cons) return i + 1;
  }
  return 0;
}

/** m > 0 for the stem `w[0, n)`. */
const mGt0 = (w: string, n: number) => gobbleVC(w, 0, n, false) > 0;

/** m > 1. */
function mGt1(w: string, n: number): boolean {
  const k = gobbleVC(w, 0, n, false);
  return k > 0 && gobbleVC(w, k, n, true) > 0;
}

/** m = 1. */
function mEq1(w: string, n: number): boolean {
  const k = gobbleVC(w, 0, n, false);
  return k > 0 && gobbleVC(w, k, n, true) === 0;
}

/** *o: ends consonant-vowel-consonant, the last not w, x or y. */
function oStar(w: string, n: number): boolean {
  const last = w[n - 1];
  if (last === "w" || last === "x" || last === "y") return false;
  let mask = 0;
  let cons = false;
  for (let i = 0; i < n; i++) {
    cons = !isVowel(w[i]!, cons);
    mask = ((mask << 1) | (cons ? 1 : 0)) & 7;
  }
  return mask === 5;
}

/** *v*: a vowel in the stem (here `y` counts anywhere but first). */
function hasVowel(w: string, n: number): boolean {
  for (let i = 0; i < n; i++) if (isVowel(w[i]!, i > 0)) return true;
  return false;
}

type Condition = (w: string, n: number) => boolean;

/** A step's rules: by the word's second-to-last letter, suffixes tried in order, the first that matches is the only one. */
type Step = Record<string, [suffix: string, replacement: string, condition: Condition][]>;

const mGt1SorT: Condition = (w, n) => (w[n - 1] === "s" || w[n - 1] === "t") && mGt1(w, n);

const STEP2: Step = {
  a: [
    ["ational", "ate", mGt0],
    ["tional", "tion", mGt0],
  ],
  c: [
    ["enci", "ence", mGt0],
    ["anci", "ance", mGt0],
  ],
  e: [["izer", "ize", mGt0]],
  g: [["logi", "log", mGt0]],
  l: [
    ["bli", "ble", mGt0],
    ["alli", "al", mGt0],
    ["entli", "ent", mGt0],
    ["eli", "e", mGt0],
    ["ousli", "ous", mGt0],
  ],
  o: [
    ["ization", "ize", mGt0],
    ["ation", "ate", mGt0],
    ["ator", "ate", mGt0],
  ],
  s: [
    ["alism", "al", mGt0],
    ["iveness", "ive", mGt0],
    ["fulness", "ful", mGt0],
    ["ousness", "ous", mGt0],
  ],
  t: [
    ["aliti", "al", mGt0],
    ["iviti", "ive", mGt0],
    ["biliti", "ble", mGt0],
  ],
};

const STEP3: Step = {
  a: [["ical", "ic", mGt0]],
  s: [["ness", "", mGt0]],
  t: [
    ["icate", "ic", mGt0],
    ["iciti", "ic", mGt0],
  ],
  u: [["ful", "", mGt0]],
  v: [["ative", "", mGt0]],
  z: [["alize", "al", mGt0]],
};

const STEP4: Step = {
  a: [["al", "", mGt1]],
  c: [
    ["ance", "", mGt1],
    ["ence", "", mGt1],
  ],
  e: [["er", "", mGt1]],
  i: [["ic", "", mGt1]],
  l: [
    ["able", "", mGt1],
    ["ible", "", mGt1],
  ],
  n: [
    ["ant", "", mGt1],
    ["ement", "", mGt1],
    ["ment", "", mGt1],
    ["ent", "", mGt1],
  ],
  o: [
    ["ion", "", mGt1SorT],
    ["ou", "", mGt1],
  ],
  s: [["ism", "", mGt1]],
  t: [
    ["ate", "", mGt1],
    ["iti", "", mGt1],
  ],
  u: [["ous", "", mGt1]],
  v: [["ive", "", mGt1]],
  z: [["ize", "", mGt1]],
};

function apply(w: string, step: Step): string {
  for (const [suffix, replacement, condition] of step[w[w.length - 2] ?? ""] ?? []) {
    if (w.length > suffix.length && w.endsWith(suffix)) {
      const stem = w.length - suffix.length;
      return condition(w, stem) ? w.slice(0, stem) + replacement : w;
    }
  }
  return w;
}

/** Step 1b: -eed, -ed, -ing; true in `removed` when -ed or -ing went (then 1b's second half runs). */
function step1b(w: string): { w: string; removed: boolean } {
  const n = w.length;
  if (w[n - 2] === "e") {
    if (n > 3 && w.endsWith("eed")) return { w: mGt0(w, n - 3) ? w.slice(0, n - 1) : w, removed: false };
    if (n > 2 && w.endsWith("ed") && hasVowel(w, n - 2)) return { w: w.slice(0, n - 2), removed: true };
  } else if (w[n - 2] === "n" && n > 3 && w.endsWith("ing") && hasVowel(w, n - 3)) {
    return { w: w.slice(0, n - 3), removed: true };
  }
  return { w, removed: false };
}

/** The FTS5 porter stem of a lower-case ASCII token (see stemsHere). */
export function stem(token: string): string {
  if (token.length > MAX_TOKEN || token.length < 3) return token;
  let w = token;
  // Step 1a.
  let n = w.length;
  if (w[n - 1] === "s") {
    if (w[n - 2] === "e") w = (n > 4 && w[n - 4] === "s" && w[n - 3] === "s") || (n > 3 && w[n - 3] === "i") ? w.slice(0, n - 2) : w.slice(0, n - 1);
    else if (w[n - 2] !== "s") w = w.slice(0, n - 1);
  }
  // Step 1b.
  const b = step1b(w);
  w = b.w;
  if (b.removed) {
    n = w.length;
    const pair = w.slice(n - 2);
    if (n > 2 && (pair === "at" || pair === "bl" || pair === "iz")) w += "e";
    else {
      const c = w[n - 1]!;
      if (!isVowel(c, false) && c !== "l" && c !== "s" && c !== "z" && c === w[n - 2]) w = w.slice(0, n - 1);
      else if (mEq1(w, n) && oStar(w, n)) w += "e";
    }
  }
  // Step 1c.
  n = w.length;
  if (w[n - 1] === "y" && hasVowel(w, n - 1)) w = `${w.slice(0, n - 1)}i`;
  w = apply(apply(apply(w, STEP2), STEP3), STEP4);
  // Step 5a.
  n = w.length;
  if (w[n - 1] === "e" && (mGt1(w, n - 1) || (mEq1(w, n - 1) && !oStar(w, n - 1)))) w = w.slice(0, n - 1);
  // Step 5b.
  n = w.length;
  if (n > 1 && w[n - 1] === "l" && w[n - 2] === "l" && mGt1(w, n - 1)) w = w.slice(0, n - 1);
  return w;
}
