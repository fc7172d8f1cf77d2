/** Whether a search hit is the gold section of a labelled query (bench/retrieval/README.md). */
import { renderedText } from "../../src/store/chunk/markdown-blocks.ts";

export interface RetrievalQuery {
  id: string;
  kind: "api" | "howto" | "partial" | "typo" | "records" | "parent";
  query: string;
  source: string;
  section?: string[];
  lines?: [number, number];
  answer?: string;
  split: "dev" | "test";
}

export interface JudgedHit {
  source: string;
  title: string;
  lineStart: number;
  lineEnd: number;
  snippet: string;
}

/** Markup (tags, link targets, images), punctuation, backslash escapes and case do not count; whitespace runs are one space. */
export function normalizeHeading(s: string): string {
  // A link counts as its text and an image as nothing, as the chunker titles headings.
  return renderedText(s)
    .replace(/<[^<>]*>/g, "")
    .replace(/[*_`\\]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** A chunk title's heading path: `A > B > C (2)` → [A, B, C]. */
export function headingPath(title: string): string[] {
  return title
    .replace(/ \(\d+\)$/, "")
    .split(" > ")
    .map(normalizeHeading);
}

export function sameFile(hit: JudgedHit, q: RetrievalQuery): boolean {
  return hit.source === q.source;
}

/**
 * Right file, right section (its heading path ends with the gold one, or its lines meet the gold
 * range), and the answer shown; `sectionOnly` leaves the answer out (the right section found,
 * whether or not its snippet shows the fact).
 */
export function isGold(hit: JudgedHit, q: RetrievalQuery, sectionOnly = false): boolean {
  if (!sameFile(hit, q)) return false;
  if (q.section) {
    const path = headingPath(hit.title);
    const gold = q.section.map(normalizeHeading);
    if (gold.length > path.length) return false;
    const tail = path.slice(path.length - gold.length);
    if (!gold.every((g, i) => tail[i] === g)) return false;
  }
  if (q.lines && (hit.lineEnd < q.lines[0] || hit.lineStart > q.lines[1])) return false;
  if (q.answer && !sectionOnly && !`${hit.title}\n${hit.snippet}`.toLowerCase().includes(q.answer.toLowerCase())) return false;
  return true;
}

export interface Scores {
  queries: number;
  hitAt1: number;
  hitAt3: number;
  mrr: number;
  fileHitAt1: number;
  /** hit@1 with the right section alone, the shown fact not checked. */
  sectionHitAt1: number;
}

/** hit@1, hit@3, MRR over the first five hits, and whether the first hit is at least the right file. */
export function score(results: { q: RetrievalQuery; hits: JudgedHit[] }[]): Scores {
  let h1 = 0;
  let h3 = 0;
  let mrr = 0;
  let f1 = 0;
  let s1 = 0;
  for (const { q, hits } of results) {
    const rank = hits.slice(0, 5).findIndex((h) => isGold(h, q));
    if (rank === 0) h1++;
    if (rank >= 0 && rank < 3) h3++;
    if (rank >= 0) mrr += 1 / (rank + 1);
    if (hits[0] && sameFile(hits[0], q)) f1++;
    if (hits[0] && isGold(hits[0], q, true)) s1++;
  }
  const n = Math.max(1, results.length);
  const r = (x: number) => Math.round((x / n) * 1000) / 1000;
  return { queries: results.length, hitAt1: r(h1), hitAt3: r(h3), mrr: r(mrr), fileHitAt1: r(f1), sectionHitAt1: r(s1) };
}
