import type { Database } from "./db.ts";

/** Largest edit distance tried for a word of this length. */
function maxDistance(len: number): number {
  return len <= 4 ? 1 : len <= 8 ? 2 : 3;
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/** Levenshtein distance, giving up (returning limit + 1) once every path exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (rowA.length <= b.length) [rowA, rowB] = [new Int32Array(b.length + 1), new Int32Array(b.length + 1)];
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, sub);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/**
 * Corrects each term the index does not know to its nearest indexed term. The vocabulary is the
 * porter index's own term list (stems: "kubernet" for "kubernetes"), read through fts5vocab:
 * words sharing the first letter first (a range scan), the whole list only if none is close.
 * Returns undefined when nothing changed, so the caller does not search the same thing twice.
 */
export function correctTerms(db: Database, terms: string[]): string[] | undefined {
  const known = db.prepare("SELECT 1 AS x FROM fts_words_vocab WHERE term = $term");
  const range = db.prepare<{ term: string; doc: number }>("SELECT term, doc FROM fts_words_vocab WHERE term >= $lo AND term < $hi");
  const all = db.prepare<{ term: string; doc: number }>("SELECT term, doc FROM fts_words_vocab");
  let changed = false;
  const out = terms.map((term) => {
    if (term.length < 3 || known.get({ term })) return term;
    const first = String.fromCodePoint(term.codePointAt(0)!);
    const next = String.fromCodePoint(term.codePointAt(0)! + 1);
    const best = nearest(term, range.all({ lo: first, hi: next })) ?? nearest(term, all.all());
    if (best && best !== term) changed = true;
    return best ?? term;
  });
  return changed ? out : undefined;
}

function nearest(term: string, candidates: { term: string; doc: number }[]): string | undefined {
  const limit = maxDistance(term.length);
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    if (c.term.length < 3) continue;
    const d = editDistance(term, c.term, limit);
    if (d > limit) continue;
    // Closer first; among equals, the term found in more chunks.
    const score = d - Math.min(0.9, Math.log10(1 + c.doc) / 4);
    if (score < bestScore) [best, bestScore] = [c.term, score];
  }
  return best;
}
