/**
 * The chunks of one stored source that best match a query, ranked in memory rather than through
 * the full-text index: for a source whose full-text rows wait (deferSearch), as the output a hook
 * replaces does. The source is its own corpus: a word counts by how few of its chunks hold it, and
 * chunks are scored by the same signals as a search's candidates (rank.ts), without the FTS lists.
 */
import type { Database } from "./db.ts";
import { findTerms, lightStem } from "./match.ts";
import { parseQuery } from "./query.ts";
import type { PlannedTerm } from "./query-plan.ts";
import { makeMatcher, scoreChunk, snippetHits, titleTerms } from "./rank.ts";
import { makeSnippet, snippetBudget } from "./snippet.ts";
import { idf } from "./term-stats.ts";
import { isIdentifierLike } from "./terms.ts";

export interface SourceMatch {
  lineStart: number;
  lineEnd: number;
  snippet: string;
}

interface Row {
  title: string;
  body: string;
  line_start: number;
  line_end: number;
}

/** Up to `limit` chunks of the source labelled `label` that hold the query's words, best first. */
export function bestChunksOf(db: Database, label: string, query: string, limit: number, snippetMax: number): SourceMatch[] {
  const q = parseQuery(query);
  if (q.terms.length === 0) return [];
  const rows = db
    .prepare<Row>(
      `SELECT c.title, c.body, c.line_start, c.line_end FROM chunks c JOIN sources s ON s.doc_id = c.doc_id
       WHERE s.label = $label ORDER BY c.seq`,
    )
    .all({ label });
  const stems = q.terms.map(lightStem);
  // Chunks holding each word, and the chunks holding any: one pass of each chunk for all of them.
  const df = new Array<number>(stems.length).fill(0);
  const holding = rows.filter((r) => {
    const found = new Set(findTerms(`${r.title}\n${r.body}`, stems).map((h) => h.term));
    for (const t of found) df[t]!++;
    return found.size > 0;
  });
  const terms: PlannedTerm[] = [];
  q.terms.forEach((word, i) => {
    if (df[i]! > 0) terms.push({ word, forms: [word], df: df[i]!, weight: idf(df[i]!, rows.length), kind: "known" });
  });
  if (terms.length === 0) return [];
  const matcher = makeMatcher(terms, q.fragments.filter(isIdentifierLike));
  return holding
    .map((row) => ({ row, ...scoreChunk(matcher, { title: row.title, body: row.body, fused: 0 }) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ row, bodyHits }, rank) => ({
      lineStart: row.line_start,
      lineEnd: row.line_end,
      snippet: makeSnippet(
        row.body,
        snippetHits(matcher, row.body, bodyHits),
        snippetBudget(rank, snippetMax),
        matcher.weights,
        titleTerms(matcher, row.title),
      ),
    }));
}
