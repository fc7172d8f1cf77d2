/** Scores search results against bench/qrels.json: hit@1, hit@3 and MRR@5. */
/** The parts of a search hit that relevance is judged on (a store SearchHit, or one parsed from a reply). */
export interface JudgedHit {
  source: string;
  title: string;
  snippet: string;
}

export interface Relevant {
  source?: string;
  title?: string;
  contains?: string[];
}
export interface QrelQuery {
  id: string;
  query: string;
  relevant: Relevant[];
}

/** A hit is relevant when every field of some entry is found, case-insensitively, in the hit. */
export function isRelevant(hit: JudgedHit, relevant: Relevant[]): boolean {
  const text = `${hit.title}\n${hit.snippet}`.toLowerCase();
  return relevant.some(
    (r) =>
      (!r.source || hit.source.toLowerCase().includes(r.source.toLowerCase())) &&
      (!r.title || hit.title.toLowerCase().includes(r.title.toLowerCase())) &&
      (!r.contains || r.contains.every((c) => text.includes(c.toLowerCase()))),
  );
}

export function scoreQrels(results: { q: QrelQuery; hits: JudgedHit[] }[]) {
  let hit1 = 0;
  let hit3 = 0;
  let mrr = 0;
  const misses: string[] = [];
  for (const { q, hits } of results) {
    const rank = hits.slice(0, 5).findIndex((h) => isRelevant(h, q.relevant));
    if (rank === 0) hit1++;
    if (rank >= 0 && rank < 3) hit3++;
    if (rank >= 0) mrr += 1 / (rank + 1);
    if (rank !== 0) misses.push(`${q.id} "${q.query}" -> rank ${rank < 0 ? "none" : rank + 1}; top: [${hits[0]?.source}] ${hits[0]?.title}`);
  }
  const n = results.length;
  return { queries: n, hitAt1: hit1 / n, hitAt3: hit3 / n, mrr: mrr / n, misses };
}
