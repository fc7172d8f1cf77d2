import { phraseWords } from "./synonyms.ts";
import { STOPWORDS, words } from "./terms.ts";

/** A user query reduced to plain terms and phrases; nothing in it can be read as FTS5 syntax. */
export interface ParsedQuery {
  /** Distinct lower-case words outside quotes; stopwords dropped unless nothing else is left. */
  terms: string[];
  /** Word lists the user put in double quotes: each must occur as written. */
  phrases: string[][];
  /** Identifier-like pieces for the trigram index (`useEff`, `src/app`, `中文字符`). */
  fragments: string[];
  /** Options and commands as typed, their dashes or slash and their case kept (`--delete`, `-V`, `/quit`): found as written. */
  flags: string[];
}

const FRAGMENT = /[^\s"'`()[\]{}<>,;!?*^~+|=]+/gu;

/** A version with `~` or `+` in it (`1.46.6~rc1-1.1`, `1:3.80+3.81.b3-1`), which FRAGMENT would split. */
const VERSION_WITH_TILDE = /(?<![\w.~+:-])(?:\d+:)?\d+(?:\.\d+)+[\w.-]*[~+][\w.~+-]*[\w]/g;

const FLAG = /^(?:--?|\/)[A-Za-z](?:[\w-]*[A-Za-z0-9])?$/;

export function parseQuery(raw: string): ParsedQuery {
  const phrases: string[][] = [];
  for (const m of raw.matchAll(/"([^"]+)"/g)) {
    const ws = words(m[1]!);
    if (ws.length > 1) phrases.push(ws);
  }
  const unquoted = phrases.length ? raw.replace(/"[^"]+"/g, " ") : raw;
  const typed = words(unquoted);
  // "turn off" is "disable": the word a phrase stands for joins the terms.
  const all = [...new Set([...typed, ...phraseWords(typed)])];
  const pieces = unquoted.match(FRAGMENT) ?? [];
  // As typed: `-v` and `-V` are different options.
  const flags = [...new Set(pieces.map((f) => f.replace(/[.:,]+$/, "")).filter((f) => FLAG.test(f)))];
  // A word inside a dotted or joined name (`sync.Once`, `process.on`) or an option
  // (`--after-date`) is part of the name, never a stopword.
  const named = namedWords(unquoted);
  for (const f of flags) for (const w of words(f)) named.add(w);
  const content = all.filter((w) => !STOPWORDS.has(w) || named.has(w));
  const terms = content.length ? content : all;
  // A version with `~` or `+` in it (`1.46.6~rc1-1.1`) is one fragment, though both split others.
  const versions = [...unquoted.matchAll(VERSION_WITH_TILDE)].map((m) => m[0]);
  const fragments = [...new Set([...pieces.map((f) => f.replace(/^[.:/#@-]+|[.:/#@-]+$/g, "")), ...versions])].filter(
    (f) => [...f].length >= 3 && !STOPWORDS.has(f.toLowerCase()),
  );
  return { terms, phrases, fragments, flags };
}

/** The words of the query's dotted, slashed or joined names (`sync.Once`, `fs/promises`, `os::Once`). */
function namedWords(raw: string): Set<string> {
  const out = new Set<string>();
  for (const m of raw.matchAll(/[\p{L}\p{N}_$]+(?:(?:\.|::|\/|#)[\p{L}\p{N}_$]+)+/gu)) for (const w of words(m[0])) out.add(w);
  return out;
}

/** A string as one FTS5 string token: never read as FTS5 syntax. */
export const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;

/** FTS5 expression for the trigram table over `fragments` (all of the query's by default); empty when none has 3 characters. */
export function gramsExpression(q: ParsedQuery, fragments = q.fragments): string {
  return fragments.map(quote).join(" OR ");
}
