/**
 * What each query word becomes before the index is asked: the word itself when the index holds
 * it; the vocabulary words it begins (a partial identifier, `createReadStr`); or its spelling fix
 * (`rutime` → `runtime`). Every word is looked at on its own, so one misspelled word among right
 * ones is fixed too. A word with neither stays out of the word lists (trigrams may still find it).
 */
import type { Database } from "./db.ts";
import { spellingCandidates } from "./fuzzy.ts";
import type { ParsedQuery } from "./query.ts";
import { chunkTotal, docFreq, idf, stems } from "./term-stats.ts";
import { hasVocab, wordsWithPrefix } from "./vocab.ts";

export interface PlannedTerm {
  /** The word as the user typed it (lower-cased). */
  word: string;
  /** Words to match for it, any of them: the word, its expansions, or its fix; empty when none. */
  forms: string[];
  /** Chunks holding any form (the largest single form's count for expansions). */
  df: number;
  /** How much the term tells: IDF scaled to 0..1. */
  weight: number;
  kind: "known" | "prefix" | "fixed" | "unknown";
}

export interface QueryPlan {
  terms: PlannedTerm[];
  /** Chunks in the index. */
  total: number;
  /** The query with its fixes applied, when a word was fixed. */
  corrected?: string;
}

/** Most vocabulary words one partial word may stand for before it counts as too vague. */
const MAX_EXPANSIONS = 8;

export function planQuery(db: Database, q: ParsedQuery): QueryPlan {
  const total = chunkTotal(db);
  const literal = q.phrases.length > 0;
  const words = [...new Set([...q.terms, ...q.phrases.flat()])];
  const wordStems = stems(db, words);
  let fixed = false;
  const terms = words.map((word, i): PlannedTerm => {
    const df = docFreq(db, wordStems[i]!);
    const term = (forms: string[], n: number, kind: PlannedTerm["kind"]): PlannedTerm => ({ word, forms, df: n, weight: idf(n, total), kind });
    if (df > 0 || literal || word.length < 3 || !hasVocab(db)) return term(df > 0 ? [word] : [], df, df > 0 ? "known" : "unknown");
    const expansions = wordsWithPrefix(db, word, MAX_EXPANSIONS + 1);
    if (expansions.length > 0 && expansions.length <= MAX_EXPANSIONS) {
      const dfs = stems(db, expansions).map((s) => docFreq(db, s));
      const live = expansions.filter((_, k) => dfs[k]! > 0);
      if (live.length) return term(live, Math.max(...dfs), "prefix");
    }
    const fix = bestFix(db, word);
    if (fix) {
      fixed = true;
      return term([fix.word], fix.df, "fixed");
    }
    return term([], 0, "unknown");
  });
  const corrected = fixed ? terms.map((t) => (t.kind === "fixed" ? t.forms[0]! : t.word)).join(" ") : undefined;
  return { terms, total, ...(corrected ? { corrected } : {}) };
}

/**
 * The closest vocabulary word the index still holds; among equally close ones, the one in more
 * chunks. Only a clear winner: two candidates at the same distance with the same frequency
 * are a guess, and a wrong guess hides the miss the user should see.
 */
function bestFix(db: Database, word: string): { word: string; df: number } | undefined {
  const candidates = spellingCandidates(db, word).slice(0, 24);
  if (candidates.length === 0) return undefined;
  const best = candidates[0]!.distance;
  const closest = candidates.filter((c) => c.distance === best);
  const dfs = stems(db, closest.map((c) => c.word)).map((s) => docFreq(db, s));
  let pick = -1;
  let tie = false;
  closest.forEach((_, k) => {
    if (dfs[k]! <= 0) return;
    if (pick < 0 || dfs[k]! > dfs[pick]!) [pick, tie] = [k, false];
    else if (dfs[k] === dfs[pick]) tie = true;
  });
  if (pick < 0 || tie) return undefined;
  return { word: closest[pick]!.word, df: dfs[pick]! };
}
