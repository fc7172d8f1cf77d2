/**
 * What each query word becomes before the index is asked: the word itself when the index holds
 * it; the vocabulary words it begins (a partial identifier, `createReadStr`); or its spelling fix
 * (`rutime` → `runtime`). Every word is looked at on its own, so one misspelled word among right
 * ones is fixed too. A word with neither stays out of the word lists (trigrams may still find it).
 */
import type { Database } from "./db.ts";
import { doubling, prefixCandidates, spellingCandidates, typingSlip } from "./fuzzy.ts";
import { synonymsOf } from "./synonyms.ts";
import { quote, type ParsedQuery } from "./query.ts";
import { chunkTotal, docFreq, idf, stems } from "./term-stats.ts";
import { hasVocab, vocabHas, wordsWithPrefix } from "./vocab.ts";
import { escapeRegExp, isName, STOPWORDS, words as tokens } from "./terms.ts";

/**
 * The words of a name as typed that are pieces of longer words, found as written and never
 * "fixed": every word of a name the trigram index holds (`lofuquT`, `ileURLToPath`). A name
 * typed in part with a typo before its end (`--ignoer-patt`) is not in the text as typed, but its
 * last word still begins words there (`patt` of `pattern`): cut short, not misspelt. Not a last
 * word found only inside words (`ky.etend`: `extend` without its first letter), nor one joined by
 * underscores (`tool_output_trunc`), which the index reads as loose words and is fixed whole.
 */
function piecesOf(db: Database, name: string, vocabReady: () => void): string[] {
  if (inGrams(db, name)) return tokens(name);
  const parts = tokens(name);
  const end = parts.length > 1 ? parts.at(-1)! : "";
  if (end.length < 3 || end.includes("_") || !hasVocab(db)) return [];
  vocabReady();
  return wordsWithPrefix(db, end, 1).length > 0 ? [end] : [];
}

/** Whether the trigram index holds the fragment somewhere (one short MATCH). */
function inGrams(db: Database, fragment: string): boolean {
  return db.prepare("SELECT 1 AS x FROM fts_grams WHERE fts_grams MATCH $m LIMIT 1").get({ m: quote(fragment) }) !== undefined;
}

export interface PlannedTerm {
  /** The word as the user typed it (lower-cased). */
  word: string;
  /** Words to match for it, any of them: the word, its expansions, or its fix; empty when none. */
  forms: string[];
  /** Chunks holding any form (the largest single form's count for expansions). */
  df: number;
  /** How much the term tells: IDF scaled to 0..1. */
  weight: number;
  /** `piece`: part of an identifier as typed (`etRandomVal`), which the trigram index holds inside longer words. */
  kind: "known" | "prefix" | "fixed" | "synonym" | "piece" | "unknown";
}

export interface QueryPlan {
  terms: PlannedTerm[];
  /** Chunks in the index. */
  total: number;
  /** The query with its fixes applied, when a word was fixed. */
  corrected?: string;
  /** Close, far commoner words searched beside a word the index holds in a chunk or two (`stats` for `stas`). */
  alsoSearched?: string[];
  /** More words the index lacks than anyone mistypes: a line pasted from elsewhere (an error, a log record). */
  pasted?: boolean;
}

/** Most words of one query that are looked at as typos. */
const MAX_FIXES = 4;

/** Most vocabulary words one partial word may stand for before it counts as too vague. */
const MAX_EXPANSIONS = 8;

export function planQuery(db: Database, q: ParsedQuery, beforeVocab?: () => void): QueryPlan {
  const total = chunkTotal(db);
  // The first vocabulary lookup reads a run's words in first, when the spool worker has not yet.
  const vocabReady = () => {
    beforeVocab?.();
    beforeVocab = undefined;
  };
  // Pieces of identifiers as typed (`lofuquT`, `ileURLToPath`): substrings, not misspellings. A
  // long word of letters alone (`ustomization`) is no name: a word typed wrong before it is a piece of one.
  const pieces = new Set(q.fragments.filter(isName).flatMap((f) => piecesOf(db, f, vocabReady)));
  const literal = q.phrases.length > 0;
  const words = [...new Set([...q.terms, ...q.phrases.flat()])];
  // Every word's stem and its synonyms' in one pass of the tokenizer (a statement round each).
  const synonyms = literal ? new Map<string, string[]>() : new Map(words.map((w) => [w, synonymsOf(w).filter((s) => s !== w)]));
  const extra = [...new Set([...synonyms.values()].flat())];
  const allStems = stems(db, [...words, ...extra]);
  const wordStems = allStems.slice(0, words.length);
  const stemOf = new Map(extra.map((w, k) => [w, allStems[words.length + k]!]));
  const addSynonyms = (t: PlannedTerm, others: readonly string[] = synonyms.get(t.word) ?? []) => {
    const unseen = others.filter((w) => !stemOf.has(w));
    stems(db, unseen).forEach((s, k) => {
      stemOf.set(unseen[k]!, s);
    });
    const dfs = others.map((w) => docFreq(db, stemOf.get(w)!));
    const live = others.filter((_, k) => dfs[k]! > 0);
    if (live.length === 0) return;
    if (t.kind === "unknown") {
      t.df = Math.max(...dfs);
      t.weight = idf(t.df, total);
      t.kind = "synonym";
    }
    t.forms = [...t.forms, ...live];
  };
  let fixed = false;
  // Words the index holds (or fixed so far): the context a spelling fix is checked against.
  const known: PlannedTerm[] = [];
  const term = (word: string, forms: string[], n: number, kind: PlannedTerm["kind"]): PlannedTerm => ({ word, forms, df: n, weight: idf(n, total), kind });
  // Words with a part typed wrong (`worker_thraeds`), and the chunks of the part their stem stands for.
  const partlyWrong = new Map<string, number>();
  // First what the index holds, a synonym or a partial word stands for; spelling fixes after, so
  // each is checked against every word that needs none, before it or after it (`chaning
  // exception`: `chaining`, found beside `exception`, not the commoner `changing`).
  const heldWhole = (word: string) => {
    vocabReady();
    return vocabHas(db, word);
  };
  const planned = words.map((word, i): PlannedTerm | undefined => {
    const df = docFreq(db, wordStems[i]!);
    // A piece of a longer name the text holds as typed (`ax_queue_siz`, `ATUS_CODE`, `it_on_err`),
    // which the index reads as loose words: no typo, and not those words.
    if (df > 0 && !literal && pieces.has(word) && word.includes("_") && hasVocab(db) && !heldWhole(word)) return term(word, [], 0, "piece");
    if (df > 0 && !literal && hasUnknownPart(db, word)) {
      partlyWrong.set(word, df);
      return undefined;
    }
    if (df > 0) {
      const t = term(word, [word], df, "known");
      known.push(t);
      return t;
    }
    // A word the docs put otherwise ("folder" for "directory") is that word, not a misspelling.
    if (synonyms.get(word)?.length) {
      const t = term(word, [], 0, "unknown");
      addSynonyms(t);
      if (t.forms.length > 0) return t;
    }
    if (literal || word.length < 3 || !hasVocab(db)) return term(word, [], 0, "unknown");
    vocabReady();
    const expansions = wordsWithPrefix(db, word, MAX_EXPANSIONS + 1);
    const live = expansions.length <= MAX_EXPANSIONS ? held(db, expansions) : undefined;
    if (live) return term(word, live.words, live.df, "prefix");
    // A piece that begins too many words to stand for (`patt`) is typed in part; another is
    // looked at as a typo too, below.
    return pieces.has(word) && expansions.length > 0 ? term(word, [], 0, "piece") : undefined;
  });
  // More words the index lacks than anyone mistypes in one query: text from elsewhere (an error
  // line, a log record), not typos. Its words stay as typed; fixing them only found look-alikes.
  const fixing = planned.filter((t, i) => t === undefined && !pieces.has(words[i]!)).length <= MAX_FIXES;
  const terms = planned.map((t, i): PlannedTerm => {
    if (t) return t;
    const word = words[i]!;
    // A piece one edit from a whole word the index holds is that word typed wrong when the text
    // holds it only inside other words: in a large index, `onRegistr` is inside
    // `FinalizationRegistry`, but `onRegister` was meant. One that starts or ends a word there
    // (`eader` of `--header-lines`) is that word cut short, and so is one asked alone: a piece
    // copied from somewhere is meant as typed.
    const piece = pieces.has(word);
    const fix = !fixing
      ? undefined
      : piece
        ? words.length > 1
          ? unlessWhole(db, word, bestFix(db, word, known, 1))
          : undefined
        : (bestFix(db, word, known) ?? startFix(db, word));
    if (!fix && piece) return term(word, [], 0, "piece");
    const df = partlyWrong.get(word);
    if (!fix && df !== undefined) return term(word, [word], df, "known");
    if (!fix) return term(word, [], 0, "unknown");
    fixed = true;
    const out = term(word, fix.words, fix.df, "fixed");
    known.push(out);
    return out;
  });
  const alsoSearched: string[] = [];
  if (!literal && hasVocab(db)) {
    for (const t of terms) {
      // Held only through a stem another word shares (`proces` as `proceed`, `runing` as `rune`,
      // `requirments` as `requirements`): a word of letters the spelling vocabulary would hold
      // (four letters or more: `pep` is in none, and is no typo for that).
      const unwritten = t.kind === "known" && t.word.length >= 4 && t.word.length <= 40 && /^[a-z]+$/.test(t.word) && !heldWhole(t.word);
      const stemOnly = unwritten && t.df <= STEM_ONLY_DF;
      if ((t.kind === "known" || t.kind === "prefix") && t.df <= RARE_DF) alsoSearched.push(...widenRare(db, t, terms, total));
      // A typo as likely: a close word in a few times more chunks stands beside it.
      else if (stemOnly) alsoSearched.push(...widenRare(db, t, terms, total, STEM_ONLY_RATIO));
      // And, however common the stem, the words the text writes with it are its forms
      // (`contributers` is found as `contributed`, `contributors`), or the re-ranker and snippets
      // would find it in no chunk.
      if (unwritten) t.forms = [...t.forms, ...sameStem(db, t.word).filter((w) => !t.forms.includes(w))];
    }
  }
  for (const t of terms) {
    if (t.kind === "known") addSynonyms(t);
    // A fixed word stands for what its fix would: `threda` is `thread`, and so `worker` too.
    else if (t.kind === "fixed" && !literal)
      addSynonyms(
        t,
        [...new Set(t.forms.flatMap(synonymsOf))].filter((w) => !t.forms.includes(w)),
      );
  }
  const corrected = fixed ? terms.map((t) => (t.kind === "fixed" ? t.forms[0]! : t.word)).join(" ") : undefined;
  return { terms, total, ...(corrected ? { corrected } : {}), ...(alsoSearched.length ? { alsoSearched } : {}), ...(fixing ? {} : { pasted: true }) };
}

/**
 * A word in a chunk or two beside a close one in many more (`stas` for `stats`) may be a typo the
 * text happens to hold too, as may a typo that begins a word or two (`ralii`, `raliieka`, beside
 * `rali`): beside other telling words none of its chunks hold (`sort -k KEYDEF` holds them), it
 * stands for both. `ratio`: how many times more chunks the close word must be in.
 * Returns the words it now stands for too.
 */
function widenRare(db: Database, t: PlannedTerm, terms: PlannedTerm[], total: number, ratio = COMMON_RATIO): string[] {
  if (t.word.length < 4) return [];
  const others = terms.filter((o) => o !== t);
  // Only telling words: a frequent one (`handler` in 18,000 of 27,000 chunks) is beside anything.
  const context = others.filter((o) => !isFrequent(o, total)).flatMap((o) => o.forms);
  // A word asked alone (an identifier copied from somewhere) is meant as typed: nothing says otherwise.
  if (context.length === 0 || t.forms.some((f) => together(db, f, context) > 0)) return [];
  const fix = bestFix(db, t.word, others);
  if (!fix || fix.df < Math.max(SETTLED_DF, t.df * ratio)) return [];
  t.forms = [...t.forms, ...fix.words];
  t.df = fix.df;
  t.weight = idf(fix.df, total);
  return fix.words;
}

/**
 * Whether a word of parts joined by underscores (`worker_thraeds`, which the index reads as two
 * words) has a part the index lacks, or parts it holds that no text puts together
 * (`DPKG_HOOK_CATION`: "cation" is in a chunk or two, never after "dpkg hook"): then the word is
 * fixed whole, as the vocabulary holds it.
 */
function hasUnknownPart(db: Database, word: string): boolean {
  if (!word.includes("_") || !hasVocab(db)) return false;
  const parts = word.split("_").filter((p) => /[a-z]{3}/.test(p));
  if (parts.length > 1 && stems(db, parts).some((s) => docFreq(db, s) === 0)) return true;
  return parts.length > 0 && db.prepare("SELECT 1 AS x FROM fts_words WHERE fts_words MATCH $m LIMIT 1").get({ m: quote(word) }) === undefined;
}

/** Most words of the vocabulary read, and kept, for the stem of a word the text does not write. */
const SAME_STEM_READ = 32;
const SAME_STEM_KEEP = 6;

/** Vocabulary words with the word's porter stem: what the text writes for it. */
function sameStem(db: Database, word: string): string[] {
  const [stem] = stems(db, [word]);
  if (!stem || stem.length < 3) return [];
  const found = wordsWithPrefix(db, stem, SAME_STEM_READ).filter((w) => w !== word);
  const theirs = stems(db, found);
  return found.filter((_, k) => theirs[k] === stem).slice(0, SAME_STEM_KEEP);
}

/** Chunks read at most to see where a piece sits in the words that hold it. */
const PIECE_READS = 12;

/** The fix of a piece, unless the piece starts or ends a word of the text (startsOrEnds). */
function unlessWhole<T>(db: Database, piece: string, fix: T | undefined): T | undefined {
  return fix && !startsOrEnds(db, piece) ? fix : undefined;
}

/**
 * Whether the text holds `piece` where a word starts or ends (a camel-case hump counts): then it
 * is a word typed in part, not a typo. Reads the first chunks the trigram index finds it in.
 */
function startsOrEnds(db: Database, piece: string): boolean {
  const rows = db
    .prepare<{ title: string; body: string }>("SELECT c.title, c.body FROM fts_grams g JOIN chunks c ON c.id = g.rowid WHERE fts_grams MATCH $m LIMIT $n")
    .all({ m: quote(piece), n: PIECE_READS });
  const at = new RegExp(escapeRegExp(piece), "gi");
  const edge = (a: string | undefined, b: string | undefined) =>
    !a || !b || !/[\p{L}\p{N}]/u.test(a) || !/[\p{L}\p{N}]/u.test(b) || (/\p{Ll}/u.test(a) && /\p{Lu}/u.test(b));
  for (const { title, body } of rows) {
    for (const text of [title, body]) {
      for (const m of text.matchAll(at)) {
        const end = m.index + m[0].length;
        if (edge(text[m.index - 1], text[m.index]) || edge(text[end - 1], text[end])) return true;
      }
    }
  }
  return false;
}

/**
 * A partial word typed wrong (`interprteNumeric`, `stirctDep`): the vocabulary words that begin
 * with its closest fix, as a partial word stands for the words it begins. Too many, and it is
 * too vague to guess at.
 */
function startFix(db: Database, word: string): { words: string[]; df: number } | undefined {
  const candidates = prefixCandidates(db, word);
  if (candidates.length === 0) return undefined;
  const nearest = candidates.filter((c) => c.distance === candidates[0]!.distance).map((c) => c.word);
  return nearest.length <= MAX_EXPANSIONS ? held(db, nearest) : undefined;
}

/** Of vocabulary words, those the full-text index still holds, and the largest chunk count among them; undefined when none. */
function held(db: Database, words: string[]): { words: string[]; df: number } | undefined {
  const dfs = stems(db, words).map((s) => docFreq(db, s));
  const live = words.filter((_, k) => dfs[k]! > 0);
  return live.length ? { words: live, df: Math.max(...dfs) } : undefined;
}

/** Chunks counted at most when a candidate is checked against the query's other words. */
const CO_CAP = 200;

/**
 * The closest vocabulary word the index still holds. Among equally close ones, the one found
 * with the query's other words wins ("exeption chaning": chaining, not changing), then the one in
 * more chunks. Two candidates alike on all three are a guess, and a wrong guess hides the miss the
 * user should see.
 */
function bestFix(db: Database, word: string, others: PlannedTerm[], maxEdits?: number): { words: string[]; df: number } | undefined {
  const dfOf = (w: string) => docFreq(db, stems(db, [w])[0]!);
  // A stopword is never what a search word was meant to be (`snce` is not `once`), nor the close
  // word that ends the search for one early (`witch` stopped at `with`, before `watch` or `switch`).
  const candidates = spellingCandidates(db, word, (w) => !STOPWORDS.has(w) && dfOf(w) >= SETTLED_DF, maxEdits)
    .filter((c) => !STOPWORDS.has(c.word) && c.distance <= (maxEdits ?? Number.POSITIVE_INFINITY))
    .slice(0, 24);
  if (candidates.length === 0) return undefined;
  const best = candidates[0]!.distance;
  const nearest = candidates.filter((c) => c.distance === best).map((c) => c.word);
  // Of equally close words, one that differs by a letter doubled (`hiden`: hidden, not hide or
  // hides) is what was meant: a double typed once, or once typed twice, is the commonest slip.
  // Not a rare one: that is no guess beside the others.
  const doubled = nearest.filter((w) => doubling(word, w) && dfOf(w) >= SETTLED_DF);
  // And of the rest, one a typist's slip gives (a letter left out, a key next to the one meant)
  // before one that only a letter far from it on the keyboard would (`clik`: click, not clis).
  const slips = nearest.filter((w) => typingSlip(word, w) && dfOf(w) >= SETTLED_DF);
  const pool = doubled.length > 0 && doubled.length < nearest.length ? doubled : slips.length > 0 && slips.length < nearest.length ? slips : nearest;
  // No such slip among them, but one with its first letter dropped or typed otherwise (`ooks`:
  // hooks, not oops): a slip as likely as any, for all that people seldom mistype a first letter.
  const firstSlips =
    slips.length === 0 ? candidates.filter((c) => c.distance === best + 0.5 && typingSlip(word, c.word) && dfOf(c.word) >= SETTLED_DF).map((c) => c.word) : [];
  const fix = pickFix(db, firstSlips.length > 0 ? firstSlips : pool, others);
  // A rare word as close (`yves` for `ypes`) gives way to a far more common one that differs only
  // in its first letter (`types`): a rare word is seldom what was meant.
  if (fix && fix.df < SETTLED_DF) {
    let common: { words: string[]; df: number } | undefined;
    for (const c of candidates) {
      if (c.distance !== best + 0.5) continue;
      const df = dfOf(c.word);
      if (df >= Math.max(SETTLED_DF, fix.df * COMMON_RATIO) && df > (common?.df ?? 0)) common = { words: [c.word], df };
    }
    if (common) return common;
  }
  return fix;
}

/**
 * Whether a word is in more than an eighth of the chunks of a large index: it does not narrow a
 * search, nor does being beside it say anything.
 */
export function isFrequent(t: PlannedTerm, total: number): boolean {
  return total >= FREQUENT_MIN_TOTAL && t.df * FREQUENT_SHARE > total;
}

const FREQUENT_SHARE = 8;
const FREQUENT_MIN_TOTAL = 4000;
/** Most chunks a word the index holds may be in and still be read as a possible typo of a far commoner one. */
const RARE_DF = 2;
/** A close word in this many chunks ends the search for others; fewer, and a more common one may win. */
const SETTLED_DF = 10;
/** How many times more chunks a first-letter runner-up needs to win over a rare close word. */
const COMMON_RATIO = 20;
/** Most chunks a word held only through its stem may be in and still be read as a possible typo. */
const STEM_ONLY_DF = 100;
/** How many times more chunks a close word needs to stand beside a word held only through its stem. */
const STEM_ONLY_RATIO = 3;

/**
 * Of equally close words, the one found with the query's other words, then the one in more
 * chunks; a word in a few chunks is no guess beside one in many times more (`clus`, in one chunk
 * that happens to hold the query's other words, beside `class`). Undefined on a tie.
 */
function pickFix(db: Database, nearest: string[], others: PlannedTerm[]): { words: string[]; df: number } | undefined {
  // Words the index reads as one (`damage`, `damaged`: one stem) are one guess, not a tie; all are its forms.
  const byStem = new Map<string, string[]>();
  stems(db, nearest).forEach((stem, k) => {
    byStem.set(stem, [...(byStem.get(stem) ?? []), nearest[k]!]);
  });
  const guesses = [...byStem];
  const dfs = guesses.map(([stem]) => docFreq(db, stem));
  const context = others.filter((t) => t.forms.length > 0).flatMap((t) => t.forms);
  const commonest = Math.max(...dfs);
  // A word in a few chunks is no guess beside one in many times more (`clus` beside `class`).
  const live = dfs.map((df) => df > 0 && !(df < SETTLED_DF && commonest >= Math.max(SETTLED_DF, df * COMMON_RATIO)));
  const contested = live.filter(Boolean).length > 1;
  const co = guesses.map(([, words], k) => (!live[k] ? -1 : contested && context.length ? together(db, words[0]!, context) : 0));
  let pick = -1;
  let tie = false;
  guesses.forEach((_, k) => {
    if (co[k]! < 0) return;
    const better = pick < 0 || co[k]! > co[pick]! || (co[k] === co[pick] && dfs[k]! > dfs[pick]!);
    if (better) [pick, tie] = [k, false];
    else if (co[k] === co[pick] && dfs[k] === dfs[pick]) tie = true;
  });
  if (pick < 0 || tie) return undefined;
  return { words: guesses[pick]![1], df: dfs[pick]! };
}

/**
 * The share of the word's chunks that also hold any of `others`, estimated from its first CO_CAP
 * chunks: a raw count would favour common words ("changing" is beside "exception" in many more
 * chunks than "chaining" is, but in a far smaller share of its own).
 */
function together(db: Database, word: string, others: string[]): number {
  const own = quote(word);
  const co = `${own} AND (${others.map(quote).join(" OR ")})`;
  const count = (m: string, upTo = Number.MAX_SAFE_INTEGER) =>
    Number(db.prepare<{ n: number }>("SELECT count(*) AS n FROM fts_words WHERE fts_words MATCH $m AND rowid <= $upTo").get({ m, upTo })?.n ?? 0);
  // A plain word's chunks are counted already (its stem's frequency): a rare one is counted whole, no cut needed.
  const df = /^[a-z0-9]+$/.test(word) ? docFreq(db, stems(db, [word])[0]!) : undefined;
  if (df !== undefined && df <= CO_CAP) return df ? count(co) / df : 0;
  const last = db
    .prepare<{ id: number }>("SELECT rowid AS id FROM fts_words WHERE fts_words MATCH $m ORDER BY rowid LIMIT 1 OFFSET $k")
    .get({ m: own, k: CO_CAP - 1 })?.id;
  // Up to the CO_CAP-th chunk that holds the word, CO_CAP chunks hold it: only a rarer word is counted.
  const base = last === undefined ? count(own) : CO_CAP;
  return base ? count(co, last) / base : 0;
}
