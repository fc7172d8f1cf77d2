import { withOneSnapshot, type Database } from "./db.ts";
import { gramsExpression, parseQuery, quote, type ParsedQuery } from "./query.ts";
import { isFrequent, planQuery, type PlannedTerm, type QueryPlan } from "./query-plan.ts";
import { findTerms } from "./match.ts";
import {
  asksForVersion,
  fileName,
  isQuestion,
  makeMatcher,
  namesTypedInPart,
  optionsTypedInPart,
  QUESTION_WEIGHTS,
  scoreChunk,
  snippetHits,
  splitTitle,
  titleTerms,
  typedInPartStems,
  WEIGHTS,
  type Scored,
  type TermMatcher,
  type Weights,
} from "./rank.ts";
import { escapeRegExp, isIdentifierLike, isName, isTypedVersion, STOPWORDS, words as tokens } from "./terms.ts";
import { fileNamer, type NamedDoc } from "./source-names.ts";
import { sectionBelow } from "./section-below.ts";
import { dependedOn, lastHolding, nextRecordPart, preferDependents, preferRecordHead, preferVersionEnd, recordOf, versionEnd } from "./record-order.ts";
import { MEMORY_PREFIX } from "./memory-files.ts";
import { makeSnippet, snippetBudget } from "./snippet.ts";
import { titlesReady } from "./titles.ts";
import type { Params } from "../runtime/sqlite.types.ts";

export type Scope = "project" | "worktree" | "session";

export interface SearchFilter {
  /** A source label: exact when such a source exists, else a case-insensitive substring. */
  source?: string;
  contentType?: "code" | "prose";
  scope?: Scope;
  session?: string;
  worktree?: string;
  /**
   * Include agent memory files (sources labelled `memory:…`): at most one memory hit after the
   * content hits, or up to `limit` when nothing else matches. Without it they never show.
   */
  memory?: boolean;
}

export interface SearchOptions extends SearchFilter {
  limit: number;
  snippetMax: number;
  rrfK: number;
  /** Memory chunks in the database: extra candidate slots, so memory never takes a content hit's place. */
  memoryReserve?: number;
  /** The re-ranking's signal weights, for fitting them (bench/retrieval/fit.ts); rank.ts WEIGHTS or QUESTION_WEIGHTS otherwise. */
  weights?: Weights;
  /**
   * Called once before the first vocabulary lookup (a word the index lacks: prefix or spelling
   * fix): a server reads a run's words in here if its spool worker has not yet (vocab.ts).
   */
  beforeVocab?: () => void;
}

export interface SearchHit {
  source: string;
  title: string;
  lineStart: number;
  lineEnd: number;
  snippet: string;
  score: number;
  contentType: "code" | "prose";
  /** Set on hits from an agent memory file (`source` is then `memory:<file>`). */
  memory?: true;
}

export interface SearchResult {
  query: string;
  hits: SearchHit[];
  /** The query with its spelling fixes, when a word the index lacks was fixed (and something matched). */
  corrected?: string;
  /** Close, far commoner words searched beside a word the index holds in a chunk or two (and something matched). */
  alsoSearched?: string[];
}

interface ChunkRow {
  id: number;
  doc_id: number;
  seq: number;
  title: string;
  body: string;
  line_start: number;
  line_end: number;
  code: number;
  label: string | null;
}

const CANDIDATES = 24;
/**
 * A question put in words of its own ("turndown: put every link URL at the bottom as numbered
 * references") shares fewer of them with its section than keywords do, and BM25 ranks that section
 * lower: its lists are longer, for the re-ranking to find it (32: dev +3, test +2 of 2,428
 * questions; 40: dev +3, test 0). Not for text pasted from elsewhere, whose words are many.
 */
const QUESTION_CANDIDATES = 32;

/** Candidates each list takes: more for a question put in words (isQuestion) than for keywords or pasted text. */
export function listLength(question: boolean, pasted: boolean): number {
  return question && !pasted ? QUESTION_CANDIDATES : CANDIDATES;
}
/**
 * Most extra candidate slots kept for memory chunks: every candidate is scored in JS, so a project
 * with hundreds of rule chunks must not make every query slower; more than this many memory chunks
 * outranking the content a query wants does not happen with instruction files.
 */
const MEMORY_RESERVE_MAX = 32;
/** The OR list ranks at most this many postings (or a sixteenth of the chunks, if more). */
const OR_POSTINGS_MIN = 1500;
const orPostingsCap = (total: number) => Math.max(OR_POSTINGS_MIN, total / 16);

/**
 * Ranked search. Each query word is checked against the index on its own: known words are kept,
 * partial words stand for the vocabulary words they begin, misspelled ones are fixed
 * (query-plan.ts). Porter BM25 (all words, then any) and trigram BM25 lists are fused by
 * reciprocal rank and re-ranked by the signals in rank.ts.
 */
export function search(db: Database, query: string, options: SearchOptions): SearchResult {
  return withOneSnapshot(db, () => searchNow(db, query, options));
}

function searchNow(db: Database, query: string, options: SearchOptions): SearchResult {
  const parsed = parseQuery(query);
  const plan = planQuery(db, parsed, options.beforeVocab);
  const question = isQuestion(query);
  const filter = filterSql(db, options, listLength(question, plan.pasted === true));
  const weights = options.weights ?? (question ? QUESTION_WEIGHTS : WEIGHTS);
  const hits = rankCandidates(db, withFixedFragments(parsed, plan), plan, filter, { ...options, weights });
  return {
    query,
    hits,
    ...(plan.corrected && hits.length ? { corrected: plan.corrected } : {}),
    ...(plan.alsoSearched && hits.length ? { alsoSearched: plan.alsoSearched } : {}),
  };
}

/**
 * Fragments and options typed with a misspelled word are looked for as fixed (`Path.mkdri` as
 * `Path.mkdir`, `threda` as `thread`, `--dsable` as `--disable`): as typed, neither the trigram
 * list nor the name-as-written signal could find them, and the trigrams of a typo only pulled in
 * chunks that share its letters.
 */
function withFixedFragments(q: ParsedQuery, plan: QueryPlan): ParsedQuery {
  const fixes = plan.terms.filter((t) => t.kind === "fixed" && t.forms[0]);
  if (fixes.length === 0) return q;
  const fixed = (f: string) => {
    let out = f;
    for (const t of fixes) out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(t.word)}(?![\\p{L}\\p{N}_])`, "iu"), t.forms[0]!);
    return out;
  };
  return { ...q, fragments: [...new Set(q.fragments.map(fixed))], flags: [...new Set(q.flags.map(fixed))] };
}

const termExpression = (t: PlannedTerm) => (t.forms.length === 1 ? quote(t.forms[0]!) : `(${t.forms.map(quote).join(" OR ")})`);

function expression(terms: PlannedTerm[], op: "AND" | "OR", q: ParsedQuery): string {
  const loose = terms.map(termExpression).join(` ${op} `);
  const phrases = q.phrases.map((p) => quote(p.join(" "))).join(" AND ");
  return phrases && loose ? `${phrases} AND (${loose})` : phrases || loose;
}

/**
 * The FTS lists whose ranks are fused. A frequent word (query-plan.ts isFrequent) does not gate:
 * BM25 gives it almost no weight, and ranking every chunk that holds it is what made such queries
 * slow (41 ms for two of them at 50 MB). It still counts in the re-ranking.
 */
function wordLists(db: Database, q: ParsedQuery, plan: QueryPlan, filter: Filter): number[][] {
  const loose = new Set(q.terms);
  const usable = plan.terms.filter((t) => t.forms.length > 0 && loose.has(t.word));
  const gate = gateTerms(plan, usable);
  if (gate.length > 0 || (usable.length === 0 && q.phrases.length > 0)) {
    const all = expression(gate, "AND", q);
    const and = candidates(db, "fts_words", all, filter, "rank", newestOf(gate));
    // Titles alone: BM25 over the title column ranks the shortest title holding every word first,
    // which is the section a query names (its subsections' titles repeat its words, and more).
    // Common words count here ("tar description" is the DESCRIPTION section, the shortest title with both).
    const titles = gate.length > 0 ? titleCandidates(db, expression(usable, "AND", { ...q, phrases: [] }), filter) : [];
    const versioned = versionTitles(db, q, gate, filter);
    const lists = versioned.length > 0 ? [and, titles, versioned] : [and, titles];
    if (and.length >= filter.take || gate.length <= 1) return lists;
    // The OR list ranks few postings or none: when even the rarest word is in more chunks than
    // that, BM25 over them all (3 ms for 3,600 at 50 MB) brings only chunks of one common word.
    const some = rarest(gate, plan.total);
    if (some.length === 1 && some[0]!.df > orPostingsCap(plan.total)) return lists;
    const or = candidates(db, "fts_words", expression(some, "OR", q), filter, "rank", newestOf(some));
    // A word in a chunk or two is the query's most telling one: its chunks close the OR list when
    // BM25 ranked them out of it (`esvalidate` once in a long record, below 24 chunks that say
    // `package` many times), for the re-ranking to weigh.
    const rare = some.filter((t) => t.df > 0 && t.df <= RARE_LIST_DF);
    if (rare.length > 0 && rare.length < some.length && or.length >= filter.take) {
      const listed = new Set(or);
      for (const id of candidates(db, "fts_words", expression(rare, "OR", q), filter, "rank")) if (!listed.has(id)) or.push(id);
    }
    return [...lists, or];
  }
  if (usable.length === 0) return [];
  // Every word is in most chunks: BM25 cannot tell them apart, and ranking them all is what is slow.
  // The newest chunks that hold every word, and those whose titles do, go to the re-ranking instead.
  const all = expression(usable, "AND", q);
  return [candidates(db, "fts_words", all, filter, "newest"), titleCandidates(db, all, filter, "newest")];
}

/**
 * Most chunks a word of an OR list may be in for its chunks to close the list when BM25 ranked
 * them out of it: 1 and 2 measured alike (dev +1 of 1,744), 8 and 24 less.
 */
const RARE_LIST_DF = 2;

/**
 * Most postings of one word a BM25 list ranks. With a single word, BM25 orders its chunks by how
 * often they say it and how short they are, at about 1 µs a posting ranked (a word in 2,900 of
 * 27,000 chunks took 1.9 ms); past this many, the newest are ranked, as text indexed last is
 * what a session asks about most: 256 of them in 0.35-0.6 ms at 50 MB, 512 in 0.6-0.8.
 * Measured on the 2,428 labelled questions, plain and inside 50 MB of other text: 512 and 256
 * find the same first hits; 128 lost one.
 */
const WORD_POSTINGS_MAX = 256;

/** For a list of one word in more than WORD_POSTINGS_MAX chunks, how many of its newest to rank. */
function newestOf(terms: PlannedTerm[]): number | undefined {
  return terms.length === 1 && terms[0]!.df > WORD_POSTINGS_MAX ? WORD_POSTINGS_MAX : undefined;
}

/**
 * Sections whose titles give a version the query types, beside its gating words ("domino 2.0.0
 * changes" is the `domino 2.0.0 ( 8 Nov 2017)` release of a changelog): the title list wants every
 * word, and a common one the query adds (`changes`, `release`, `notes`) is in no such title.
 */
export function versionTitles(db: Database, q: ParsedQuery, gate: PlannedTerm[], filter: Filter): number[] {
  const versions = q.fragments.filter(isTypedVersion);
  if (versions.length === 0 || gate.length === 0) return [];
  // The version's digits are words of the query too: the others name what it is a version of.
  const digits = new Set(versions.flatMap((v) => tokens(v)));
  const named = gate.filter((t) => !digits.has(t.word));
  if (named.length === 0) return [];
  return titleCandidates(db, `${versions.map((v) => quote(tokens(v).join(" "))).join(" AND ")} AND (${named.map(termExpression).join(" OR ")})`, filter);
}

/**
 * The words every chunk of the AND list must hold: not a frequent one, nor, in a line pasted from
 * elsewhere, a bare number of one or two digits (a line, a column, a count: `(23,8)`). Such a
 * number names nothing, keeps out a chunk that explains the rest of the line, and at 50 MB cost
 * a BM25 pass over the thousands of chunks that hold it. Both still count in the re-ranking.
 */
export function gateTerms(plan: QueryPlan, usable: PlannedTerm[]): PlannedTerm[] {
  return usable.filter((t) => !isFrequent(t, plan.total) && !(plan.pasted && SMALL_NUMBER.test(t.word)));
}

const SMALL_NUMBER = /^\d{1,2}$/;

/** Chunks whose titles match: from the title index once every title is in it (titles.ts). */
function titleCandidates(db: Database, match: string, filter: Filter, order: "rank" | "newest" = "rank"): number[] {
  return titlesReady(db) ? candidates(db, "fts_titles", match, filter, order) : candidates(db, "fts_words", `{title} : (${match})`, filter, order);
}

/**
 * The rarer terms whose chunks together stay within a share of the index (at least one term):
 * BM25 over the union of common terms' postings was most of a slow query's time, and a chunk
 * holding only common words of the query seldom beats one that holds a rare one.
 */
function rarest(terms: PlannedTerm[], total: number): PlannedTerm[] {
  const byDf = [...terms].sort((x, y) => x.df - y.df);
  const cap = orPostingsCap(total);
  const out: PlannedTerm[] = [];
  let sum = 0;
  for (const t of byDf) {
    if (out.length > 0 && sum + t.df > cap) break;
    out.push(t);
    sum += t.df;
  }
  return out;
}

function rankCandidates(db: Database, q: ParsedQuery, plan: QueryPlan, filter: Filter, options: SearchOptions): SearchHit[] {
  const lists = wordLists(db, q, plan, filter);
  const found = new Set(lists.flat()).size;
  // Trigrams serve identifiers, versions, substrings and CJK; for plain words the porter lists suffice.
  const exactFragments = q.fragments.filter(isIdentifierLike);
  const grams = found < options.limit || exactFragments.length > 0 ? gramsExpression(q, gramFragments(q, plan)) : "";
  if (grams) lists.push(candidates(db, "fts_grams", grams, filter));
  // Asked of one source, the query names no other.
  if (!options.source) lists.push(...namedFileLists(db, q, plan, filter));
  // "which package depends on mime-db": the records that name it, which need not hold the query's other words.
  const depended = dependedOn(q.fragments);
  if (depended) lists.push(candidates(db, "fts_words", quote(tokens(depended).join(" ")), filter));
  const rrf = new Map<number, number>();
  for (const list of lists) {
    list.forEach((id, rank) => {
      rrf.set(id, (rrf.get(id) ?? 0) + 1 / (options.rrfK + rank + 1));
    });
  }
  for (const id of optionHeadings(db, q, plan, filter)) if (!rrf.has(id)) rrf.set(id, 0);
  if (rrf.size === 0) return [];

  // A chunk shown under a content label when it has one: only a chunk that memory alone holds is a memory hit.
  const rows = db
    .prepare<ChunkRow>(`${ROW_SELECT(filter)} WHERE c.id IN (SELECT value FROM json_each($ids))`)
    .all({ ...filter.params, ids: JSON.stringify([...rrf.keys()]) });

  // An option or command typed with its dashes or slash (`--delete`, `/quit`) counts where it is written so.
  const matcher = makeMatcher(plan.terms, [...new Set([...exactFragments, ...q.fragments.filter(isTypedVersion), ...q.flags])], options.weights);
  matcher.optionsInPart = optionsTypedInPart(matcher, rows);
  if (matcher.optionsInPart) matcher.prefixes = typedInPartStems(matcher);
  matcher.namesInPart = namesTypedInPart(matcher, rows);
  matcher.asksVersion = asksForVersion(q.terms, q.fragments);
  const best = (options.rrfK + 1) / Math.max(1, lists.length);
  const scored = rows.map((row) => ({
    row,
    ...scoreChunk(matcher, { title: row.title, body: row.body, fused: rrf.get(row.id)! * best, label: row.label ?? "" }),
  }));
  scored.sort((a, b) => b.score - a.score);
  for (const row of parentsOf(
    db,
    scored.slice(0, PARENT_LOOK).map((s) => s.row),
    filter,
  )) {
    // Only a parent whose own heading holds a query word: siblings that merely share a parent
    // ("flaky" in one, "Fridays" in another) do not make it an answer.
    if (findTerms(splitTitle(row.title).leaf, matcher.stems, matcher.inside).length === 0) continue;
    scored.push({ row, ...scoreChunk(matcher, { title: row.title, body: row.body, fused: 0, label: row.label ?? "" }) });
  }
  scored.sort((a, b) => b.score - a.score);
  // "which rimraf version first depends on …": of records that hold the same words, the first.
  // Not when the query gives a version: it names its record ("picomatch 3.0.0 removed files").
  const end = q.fragments.some(isTypedVersion) ? undefined : versionEnd(q.terms);
  if (end === "after") {
    // "which tsx version dropped get-tsconfig": the record after the last one that lists it.
    const after = recordAfter(db, scored, filter, matcher, q.fragments);
    if (after) scored.splice(0, scored.length, after, ...scored.filter((s) => s.row.id !== after.row.id));
  } else if (end) preferVersionEnd(scored, end);
  preferRecordHead(scored, q.terms);
  if (depended) preferDependents(scored, depended);
  return pickHits(scored, options).map(({ row, score, bodyHits, named }, rank) => {
    const budget = snippetBudget(rank, options.snippetMax);
    const under = sectionBelow(db, row, budget);
    return {
      source: row.label ?? "",
      title: row.title,
      lineStart: row.line_start,
      lineEnd: under?.lineEnd ?? row.line_end,
      snippet: under
        ? makeSnippet(under.text, [], budget)
        : makeSnippet(
            row.body,
            snippetHits(matcher, row.body, bodyHits),
            budget,
            matcher.weights,
            titleTerms(matcher, `${withoutMembers(row.title)}\n${fileName(row.label ?? "")}`),
            named,
            row.code === 1,
          ),
      score: Math.round(score * 1000) / 1000,
      contentType: row.code ? "code" : "prose",
      ...(isMemory(row.label) ? { memory: true as const } : {}),
    };
  });
}

/**
 * A title without the names it lists of the smaller definitions its chunk holds (`skelfile[SVC]
 * = PATH (+ linkname, chgrpskel)`): they are in the chunk, not what it opens with, so a snippet
 * goes to where the query's name is written rather than the chunk's head.
 */
function withoutMembers(title: string): string {
  const at = title.indexOf(" (+ ");
  return at < 0 ? title : title.slice(0, at);
}

/**
 * Candidates from the files the query names (source-names.ts): "what does mawk's system() give
 * back when the child was killed" asks mawk's manual page, though `child`, `killed` and `signal`
 * are rarer together in Node's child_process docs than in it. Each named file's chunks are ranked
 * by the query's other telling words, within its own chunk ids, so the list costs a BM25 pass
 * over that file's matches alone.
 */
function namedFileLists(db: Database, q: ParsedQuery, plan: QueryPlan, filter: Filter): number[][] {
  const loose = new Set(q.terms);
  const usable = plan.terms.filter((t) => t.forms.length > 0 && loose.has(t.word) && !STOPWORDS.has(t.word));
  // A file's name and at least one other word to rank its chunks by.
  if (usable.length < 2) return [];
  const named = new Map<number, { doc: NamedDoc; by: Set<PlannedTerm> }>();
  const namedBy = fileNamer(db);
  for (const t of usable) {
    if (t.kind !== "known" && t.kind !== "fixed") continue;
    for (const doc of namedBy(t.word, t.forms[0]!)) {
      const entry = named.get(doc.doc) ?? { doc, by: new Set<PlannedTerm>() };
      entry.by.add(t);
      named.set(doc.doc, entry);
    }
  }
  const lists: number[][] = [];
  for (const { doc, by } of named.values()) {
    // The words of the file's name are in all of its chunks: the rest of the query tells which.
    const others = usable.filter((t) => !by.has(t));
    const rest = rarest(gateTerms(plan, others), plan.total);
    if (rest.length === 0) continue;
    // Within the doc's chunk ids (a doc's chunks are written together): BM25 over its matches alone.
    const within: Filter = {
      ...filter,
      sql: `${filter.sql} AND fts_words.rowid BETWEEN $lo AND $hi AND c.doc_id = $doc`,
      params: { ...filter.params, lo: doc.lo, hi: doc.hi, doc: doc.doc },
    };
    lists.push(candidates(db, "fts_words", rest.map(termExpression).join(" OR "), within));
  }
  return lists;
}

/**
 * Most fragments the trigram list looks for. A pasted error line has a dozen or more, and each
 * one's trigram lists are read whole: ORed together they were most of such a search (4-6 ms at 50 MB).
 */
const MAX_GRAM_FRAGMENTS = 6;

/**
 * The fragments the trigram list looks for. In a line pasted from elsewhere, only its names
 * (paths, identifiers, hashes, versions) when it has any: its plain words are English the word
 * lists already look for, and finding them as substrings of other words only read the long
 * trigram lists of their common letters (`authentication`, `parameter`: 1-2 ms each at 50 MB).
 * Past MAX_GRAM_FRAGMENTS, what the word lists cannot find comes first: names, then words the
 * index lacks as words, longest first; words the index holds come last, as their own list finds them.
 */
export function gramFragments(q: ParsedQuery, plan: QueryPlan): string[] {
  const names = plan.pasted ? q.fragments.filter(isName) : [];
  const pool = names.length > 0 ? names : q.fragments;
  if (pool.length <= MAX_GRAM_FRAGMENTS) return pool;
  const held = new Set(plan.terms.filter((t) => t.kind === "known").map((t) => t.word));
  const rank = (f: string) => (isIdentifierLike(f) ? 2 : held.has(f.toLowerCase()) ? 0 : 1);
  return [...pool].sort((a, b) => rank(b) - rank(a) || b.length - a.length).slice(0, MAX_GRAM_FRAGMENTS);
}

/** Option headings looked up at most per option typed. */
const OPTION_HEADINGS = 4;

/**
 * Sections whose heading lists an option the query types with its dashes (`-bn or --buffers=n`
 * for `--buffers`): in a large index the option's word is in hundreds of titles and bodies, and
 * neither BM25 list need reach the manual page that documents it. They join the candidates
 * unranked; the heading that lists the option then names the section (rank.ts). Not for an
 * option made of a frequent word (`--cache` where every chunk says cache): its titles are too
 * many to read for one.
 */
function optionHeadings(db: Database, q: ParsedQuery, plan: QueryPlan, filter: Filter): number[] {
  const out: number[] = [];
  if (q.flags.length === 0 || !titlesReady(db)) return out;
  const frequent = new Set(plan.terms.filter((t) => isFrequent(t, plan.total)).flatMap((t) => [t.word, ...t.forms]));
  for (const flag of q.flags) {
    const words = tokens(flag);
    if (!flag.startsWith("-") || words.length === 0 || words.join("").length < 3 || words.some((w) => frequent.has(w))) continue;
    const rows = db
      .prepare<{ id: number }>(
        `SELECT c.id AS id FROM fts_titles JOIN chunks c ON c.id = fts_titles.rowid WHERE fts_titles MATCH $match AND instr(c.title, $flag) > 0${filter.sql} LIMIT ${OPTION_HEADINGS}`,
      )
      // The last word may be typed in part (`--line-len` of `--line-length=N`): instr() keeps the titles that write the flag.
      .all({ ...filter.params, match: `${quote(words.join(" "))} *`, flag });
    for (const r of rows) out.push(r.id);
  }
  return out;
}

/** The chunk columns search reads, with the label a hit is shown under. */
const ROW_SELECT = (filter: Filter) => `SELECT c.id, c.doc_id, c.seq, c.title, c.body, c.line_start, c.line_end, c.code,
       (SELECT s.label FROM sources s WHERE s.doc_id = c.doc_id ${filter.sourceSql}
        ORDER BY substr(s.label, 1, ${MEMORY_PREFIX.length}) = '${MEMORY_PREFIX}', s.indexed_at DESC LIMIT 1) AS label
     FROM chunks c`;

/** The statement that reads one chunk of a document by its title ($doc, $title), within the filter. */
const chunkByTitle = (db: Database, filter: Filter) =>
  db.prepare<ChunkRow>(`${ROW_SELECT(filter)} WHERE c.doc_id = $doc AND c.title = $title${filter.sql} LIMIT 1`);

/**
 * For a query that asks which version dropped something: the record after the last one that holds
 * the query's words, in the same file, ranked first with the best score. Undefined when the first
 * hit is no record, or the last one holding the words is the latest.
 */
function recordAfter(db: Database, scored: RowScore[], filter: Filter, matcher: TermMatcher, fragments: readonly string[]): RowScore | undefined {
  const top = scored[0];
  let last = lastHolding(scored);
  if (!top || !last) return undefined;
  // What tells the records apart: a joined name the query types and the first hit writes
  // (`cross-spawn`: its words alone are in every record's keywords, `spawn` among them); else
  // the query's weightiest word the first hit's text holds, other than the package's name
  // (every record holds that).
  const name = fragments.find((f) => JOINED_NAME.test(f) && f.toLowerCase() !== last!.name && writesName(top.row.body, f));
  const named = titleTerms(matcher, `${top.row.title}\n${fileName(top.row.label ?? "")}`);
  const held = [...new Set(top.bodyHits.map((h) => h.term))].filter((t) => !named.has(t));
  if (held.length === 0 && !name) return undefined;
  const telling = held.length > 0 ? held.reduce((a, b) => ((matcher.weights[b] ?? 0) > (matcher.weights[a] ?? 0) ? b : a)) : -1;
  const titles = db
    .prepare<{ title: string }>("SELECT title FROM chunks WHERE doc_id = $doc")
    .all({ doc: top.row.doc_id })
    .map((r) => r.title);
  const find = chunkByTitle(db, filter);
  // Later records that still hold it (ranked lower, by other words) are passed over.
  for (let step = 0; step < RECORDS_WALKED; step++) {
    const title = nextRecordPart(titles, last.name, last.version, last.title);
    const row = title ? find.get({ ...filter.params, doc: top.row.doc_id, title }) : undefined;
    if (!title || !row) return undefined;
    const next = { row, ...scoreChunk(matcher, { title: row.title, body: row.body, fused: 0, label: row.label ?? "" }), score: top.score };
    if (name ? !writesName(row.body, name) : !next.bodyHits.some((h) => h.term === telling)) return next;
    last = { ...last, version: recordOf(title)!.version, title };
  }
  return undefined;
}

/** A name of words joined by `-`, `.`, `_` or `/` (`cross-spawn`, `lodash.merge`, `@types/node`), not a version. */
const JOINED_NAME = /^@?[a-z][\w]*(?:[-./][\w]+)+$/i;

/** Whether `text` writes `name` whole: not inside a longer name (`cross-spawn` in `cross-spawn-async`). */
function writesName(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w@./-])${escapeRegExp(name)}(?![\\w-]|[./]\\w)`, "i").test(text);
}

/** Most later records read past the last one ranked that holds the query's telling word. */
const RECORDS_WALKED = 64;

type RowScore = Scored & { row: ChunkRow };

/** How many of the best candidates are looked at for a shared parent section. */
const PARENT_LOOK = 8;

/**
 * The parent sections of the best candidates when two or more of them are its subsections: a query
 * that matches many siblings ("node:crypto module methods and properties") is often naming their
 * parent, whose own chunk ranks low in BM25 (its subsections repeat its words in their titles).
 * Looked up by document and title, a few rows of the chunks index.
 */
function parentsOf(db: Database, top: ChunkRow[], filter: Filter): ChunkRow[] {
  const have = new Set(top.map((r) => `${r.doc_id}\0${r.title}`));
  const counts = new Map<string, { doc: number; title: string; n: number }>();
  for (const r of top) {
    const at = r.title.replace(/ \(\d+\)$/, "").lastIndexOf(" > ");
    if (at < 0) continue;
    const title = r.title.slice(0, at);
    const key = `${r.doc_id}\0${title}`;
    if (have.has(key)) continue;
    const c = counts.get(key) ?? { doc: r.doc_id, title, n: 0 };
    c.n++;
    counts.set(key, c);
  }
  const find = chunkByTitle(db, filter);
  const out: ChunkRow[] = [];
  for (const { doc, title, n } of counts.values()) {
    if (n < 2) continue;
    const row = find.get({ ...filter.params, doc, title });
    if (row) out.push(row);
  }
  return out;
}

const isMemory = (label: string | null) => label?.startsWith(MEMORY_PREFIX) === true;

/**
 * Memory never crowds out content: the best `limit` content hits, then the best memory hit;
 * memory hits alone (up to `limit`) only when nothing else matched.
 */
function pickHits<T extends { row: ChunkRow }>(scored: T[], options: SearchOptions): T[] {
  const content = scored.filter((s) => !isMemory(s.row.label));
  const memory = options.memory ? scored.filter((s) => isMemory(s.row.label)) : [];
  return content.length ? [...content.slice(0, options.limit), ...memory.slice(0, 1)] : memory.slice(0, options.limit);
}

type FtsTable = "fts_words" | "fts_grams" | "fts_titles";

/**
 * Each FTS table's BM25, written out: the same order as its `rank` (fts_words is configured
 * `bm25(5.0, 1.0)` in schema.ts, the others use the default), but asked for as a function,
 * SQLite keeps only the best `LIMIT` rows while scoring, where `ORDER BY rank` has FTS5 sort
 * every match first. A word in 1,500 of 27,000 chunks: 1.4-1.8 ms by rank, 0.65-0.9 ms so.
 */
export const BM25: Readonly<Record<FtsTable, string>> = {
  fts_words: "bm25(fts_words, 5.0, 1.0)",
  fts_grams: "bm25(fts_grams)",
  fts_titles: "bm25(fts_titles)",
};

/**
 * Best rowids of one FTS table. Without filters this reads the FTS table alone and never
 * touches the chunks table; a join is paid only when a filter needs it. `newest` takes the
 * latest matches instead of the best ranked (no BM25 over every match).
 */
function candidates(db: Database, table: FtsTable, match: string, filter: Filter, order: "rank" | "newest" = "rank", newest?: number): number[] {
  if (!match) return [];
  const by = order === "rank" ? BM25[table] : `${table}.rowid DESC`;
  // Only the newest `newest` matches are ranked: the lowest rowid among them bounds the list.
  const from = newest && !filter.sql ? nthNewest(db, table, match, newest) : undefined;
  const sql = filter.sql
    ? `SELECT c.id AS id FROM ${table} JOIN chunks c ON c.id = ${table}.rowid WHERE ${table} MATCH $match ${filter.sql} ORDER BY ${by} LIMIT $take`
    : `SELECT rowid AS id FROM ${table} WHERE ${table} MATCH $match${from === undefined ? "" : " AND rowid >= $from"} ORDER BY ${by} LIMIT $take`;
  const params: Params = filter.sql ? { match, take: filter.take, ...filter.params } : { match, take: filter.take };
  if (from !== undefined) params.from = from;
  return db
    .prepare<{ id: number }>(sql)
    .all(params)
    .map((r) => r.id);
}

/** The rowid of the `n`th newest match, if there are that many (a walk back over `n` postings, no scoring). */
function nthNewest(db: Database, table: FtsTable, match: string, n: number): number | undefined {
  return db
    .prepare<{ id: number }>(`SELECT rowid AS id FROM ${table} WHERE ${table} MATCH $match ORDER BY rowid DESC LIMIT 1 OFFSET $skip`)
    .get({ match, skip: n - 1 })?.id;
}

interface Filter {
  /** Extra WHERE terms on chunk `c`. */
  sql: string;
  /** Extra WHERE terms on source `s`, used to pick the label shown. */
  sourceSql: string;
  /** Parameters of both. */
  params: Params;
  /** Candidates taken from each FTS list. */
  take: number;
}

export function filterSql(db: Database, options: SearchOptions, candidates = CANDIDATES): Filter {
  const conds: string[] = [];
  const params: Params = {};
  if (options.source) {
    const exact = db.prepare("SELECT 1 AS x FROM sources WHERE label = $label").get({ label: options.source });
    if (exact) {
      conds.push("s.label = $source");
      params.source = options.source;
    } else {
      conds.push("s.label LIKE $source ESCAPE '\\'");
      params.source = `%${options.source.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    }
  }
  if (options.scope === "session") {
    conds.push("s.session = $session");
    params.session = options.session ?? "";
  } else if (options.scope === "worktree" && options.worktree) {
    conds.push("s.worktree = $worktree");
    params.worktree = options.worktree;
  }
  const sourceSql = conds.map((c) => ` AND ${c}`).join("");
  let sql = conds.length ? ` AND EXISTS (SELECT 1 FROM sources s WHERE s.doc_id = c.doc_id${sourceSql})` : "";
  if (options.contentType) sql += ` AND c.code = ${options.contentType === "code" ? 1 : 0}`;
  return { sql, sourceSql, params, take: candidates + Math.max(0, Math.min(options.memoryReserve ?? 0, MEMORY_RESERVE_MAX)) };
}
