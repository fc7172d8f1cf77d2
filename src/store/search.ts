import type { Database } from "./db.ts";
import { correctTerms } from "./fuzzy.ts";
import { findTerms, lightStem, minimalSpan } from "./match.ts";
import { allWords, gramsExpression, parseQuery, wordsExpression, type ParsedQuery } from "./query.ts";
import { isIdentifierLike } from "./terms.ts";
import { MEMORY_PREFIX } from "./memory-files.ts";
import { makeSnippet } from "./snippet.ts";
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
  /** The spelling-corrected query, when the original matched nothing and a correction did. */
  corrected?: string;
}

interface ChunkRow {
  id: number;
  title: string;
  body: string;
  line_start: number;
  line_end: number;
  code: number;
  label: string | null;
}

const CANDIDATES = 24;
/**
 * Most extra candidate slots kept for memory chunks: every candidate is scored in JS, so a project
 * with hundreds of rule chunks must not make every query slower; more than this many memory chunks
 * outranking the content a query wants does not happen with instruction files.
 */
const MEMORY_RESERVE_MAX = 32;

/**
 * Ranked search: porter BM25 (title weighted 5x) and trigram BM25 fused by reciprocal rank,
 * re-ranked by how many query terms a chunk covers, in its title and close together.
 * A query that matches nothing is retried with prefixes, then with spelling corrections.
 */
export function search(db: Database, query: string, options: SearchOptions): SearchResult {
  const parsed = parseQuery(query);
  const filter = filterSql(db, options);
  let ranked = rankCandidates(db, parsed, filter, options, "or");
  // A quoted phrase is a literal request: no prefix or spelling guesses for it.
  const loose = parsed.terms.length > 0 && parsed.phrases.length === 0;
  if (ranked.length === 0 && loose) ranked = rankCandidates(db, parsed, filter, options, "prefix");
  if (ranked.length === 0 && loose) {
    const fixed = correctTerms(db, parsed.terms);
    if (fixed) {
      const retry: ParsedQuery = { terms: fixed, phrases: [], fragments: fixed.filter((t) => t.length >= 3) };
      ranked = rankCandidates(db, retry, filter, options, "or");
      if (ranked.length) return { query, hits: ranked, corrected: fixed.map((t) => wordFor(t, ranked[0]!)).join(" ") };
    }
  }
  return { query, hits: ranked };
}

function rankCandidates(db: Database, q: ParsedQuery, filter: Filter, options: SearchOptions, mode: "or" | "prefix"): SearchHit[] {
  const lists: number[][] = [];
  if (mode === "prefix") lists.push(candidates(db, "fts_words", wordsExpression(q, "prefix"), filter));
  else lists.push(...wordLists(db, q, filter));
  const found = new Set(lists.flat()).size;
  // Trigrams serve identifiers, substrings and CJK; for plain words the porter lists suffice.
  const grams = mode === "or" && (found < options.limit || q.fragments.some(isIdentifierLike)) ? gramsExpression(q) : "";
  if (grams) lists.push(candidates(db, "fts_grams", grams, filter));
  const rrf = new Map<number, number>();
  for (const list of lists) list.forEach((id, rank) => rrf.set(id, (rrf.get(id) ?? 0) + 1 / (options.rrfK + rank + 1)));
  if (rrf.size === 0) return [];

  // A chunk shown under a content label when it has one: only a chunk that memory alone holds is a memory hit.
  const rows = db.prepare<ChunkRow>(
    `SELECT c.id, c.title, c.body, c.line_start, c.line_end, c.code,
       (SELECT s.label FROM sources s WHERE s.doc_id = c.doc_id ${filter.sourceSql}
        ORDER BY substr(s.label, 1, ${MEMORY_PREFIX.length}) = '${MEMORY_PREFIX}', s.indexed_at DESC LIMIT 1) AS label
     FROM chunks c WHERE c.id IN (${[...rrf.keys()].join(",")})`,
  ).all(filter.params);

  const stems = allWords(q).map(lightStem);
  const best = (options.rrfK + 1) / Math.max(1, lists.length);
  const scored = rows.map((row) => {
    const titleHits = findTerms(row.title, stems);
    const bodyHits = findTerms(row.body, stems);
    const covered = new Set([...titleHits, ...bodyHits].map((h) => h.term)).size;
    const inTitle = new Set(titleHits.map((h) => h.term)).size;
    const n = Math.max(1, stems.length);
    const span = minimalSpan(bodyHits);
    const proximity = covered >= 2 && span > 0 ? 1 / (1 + span / (40 * covered)) : 0;
    const score = rrf.get(row.id)! * best + (covered / n) * 1.2 + (inTitle / n) * 0.8 + proximity * 0.4;
    return { row, score, bodyHits };
  });
  scored.sort((a, b) => b.score - a.score);
  return pickHits(scored, options).map(({ row, score, bodyHits }) => ({
    source: row.label ?? "",
    title: row.title,
    lineStart: row.line_start,
    lineEnd: row.line_end,
    snippet: makeSnippet(row.body, bodyHits, options.snippetMax),
    score: Math.round(score * 1000) / 1000,
    contentType: row.code ? "code" : "prose",
    ...(isMemory(row.label) ? { memory: true as const } : {}),
  }));
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

/** The vocabulary holds stems ("kubernet"); show the user the word the top hit actually has ("kubernetes"). */
function wordFor(stem: string, hit: SearchHit): string {
  for (const m of `${hit.title} ${hit.snippet}`.matchAll(/[\p{L}\p{N}_]+/gu)) {
    const w = m[0].toLowerCase();
    if (w.startsWith(stem)) return w;
  }
  return stem;
}

/**
 * Candidate lists from the porter table: every term (AND), then, when that is not enough, any
 * term (OR). Terms in over half the chunks are left out of the OR: their BM25 weight is nil and
 * ranking every chunk that holds them is most of a slow query's time. Both lists enter the
 * fusion, so a chunk with all terms ranks on both.
 */
function wordLists(db: Database, q: ParsedQuery, filter: Filter): number[][] {
  const and = candidates(db, "fts_words", wordsExpression(q, "and"), filter);
  if (and.length >= filter.take || q.terms.length <= 1) return [and];
  const total = db.prepare<{ n: number }>("SELECT max(rowid) AS n FROM chunks").get()?.n ?? 0;
  const df = db.prepare<{ n: number }>("SELECT count(*) AS n FROM fts_words WHERE fts_words MATCH $match");
  const rare = q.terms.filter((t) => (df.get({ match: `"${t.replaceAll('"', '""')}"` })?.n ?? 0) * 2 <= total);
  const or = candidates(db, "fts_words", wordsExpression({ ...q, terms: rare.length ? rare : q.terms }, "or"), filter);
  return [and, or];
}

/**
 * Best rowids of one FTS table. Without filters this is FTS5's own `ORDER BY rank LIMIT` path,
 * which never touches the chunks table; a join is paid only when a filter needs it.
 */
function candidates(db: Database, table: "fts_words" | "fts_grams", match: string, filter: Filter): number[] {
  if (!match) return [];
  const sql = filter.sql
    ? `SELECT c.id AS id FROM ${table} JOIN chunks c ON c.id = ${table}.rowid WHERE ${table} MATCH $match ${filter.sql} ORDER BY ${table}.rank LIMIT ${filter.take}`
    : `SELECT rowid AS id FROM ${table} WHERE ${table} MATCH $match ORDER BY rank LIMIT ${filter.take}`;
  return db.prepare<{ id: number }>(sql).all({ match, ...filter.params }).map((r) => r.id);
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

function filterSql(db: Database, options: SearchOptions): Filter {
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
  return { sql, sourceSql, params, take: CANDIDATES + Math.max(0, Math.min(options.memoryReserve ?? 0, MEMORY_RESERVE_MAX)) };
}
