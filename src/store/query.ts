import { STOPWORDS, words } from "./terms.ts";

/** A user query reduced to plain terms and phrases; nothing in it can be read as FTS5 syntax. */
export interface ParsedQuery {
  /** Distinct lower-case words; stopwords dropped unless the query is nothing but stopwords. */
  terms: string[];
  /** Word lists the user put in double quotes. */
  phrases: string[][];
  /** Identifier-like pieces for the trigram index (`useEff`, `src/app`, `中文字符`). */
  fragments: string[];
}

const FRAGMENT = /[^\s"'`()[\]{}<>,;!?*^~+|=]+/gu;

export function parseQuery(raw: string): ParsedQuery {
  const phrases: string[][] = [];
  for (const m of raw.matchAll(/"([^"]+)"/g)) {
    const ws = words(m[1]!);
    if (ws.length > 1) phrases.push(ws);
  }
  const all = [...new Set(words(raw))];
  const content = all.filter((w) => !STOPWORDS.has(w));
  const terms = content.length ? content : all;
  const fragments = [...new Set((raw.match(FRAGMENT) ?? []).map((f) => f.replace(/^[.:/#@-]+|[.:/#@-]+$/g, "")))].filter(
    (f) => [...f].length >= 3 && !STOPWORDS.has(f.toLowerCase()),
  );
  return { terms, phrases, fragments };
}

const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;

/** FTS5 expression for the porter table: every term ORed (BM25 rewards docs matching more), phrases kept. */
export function wordsExpression(q: ParsedQuery, mode: "or" | "and" | "prefix"): string {
  const parts = q.terms.map((t) => (mode === "prefix" ? `${quote(t)}*` : quote(t)));
  for (const p of q.phrases) parts.push(quote(p.join(" ")));
  return parts.join(mode === "and" ? " AND " : " OR ");
}

/** FTS5 expression for the trigram table; empty when no fragment has 3 characters. */
export function gramsExpression(q: ParsedQuery): string {
  return q.fragments.map(quote).join(" OR ");
}
