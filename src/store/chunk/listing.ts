/**
 * Tool output that lists one entry per line under a few header lines: `dpkg -l`, a JVM's
 * `-XX:+PrintFlagsFinal`, gcc's `--help=optimizers`, `npm ls`, `git log --oneline`. A question
 * names one entry ("which git version is installed", "HeapDumpOnOutOfMemoryError"), and in a
 * window of eighty such lines its name is one word among hundreds, with no title to weigh it.
 * Such text goes in runs of rows whose titles list the rows' names.
 */

import type { LineTable } from "./line-table.ts";

/** Fewest rows that make a listing, and the share of its non-blank lines they must be. */
const ROWS_MIN = 20;
const ROW_SHARE = 0.8;
/** The token positions a row's name may sit at (after a status or a type: `ii  git`, `bool UseG1GC`). */
const NAME_POSITIONS = 4;
/** Share of rows whose token at the name's position must be distinct. */
const DISTINCT_SHARE = 0.9;
/**
 * A name as tool output prints one: letters, digits and `-_.:+@/`, with a letter (not a count, a
 * size or a time), and not a commit's hash (`git log --oneline` is titled by its commits' lines).
 */
const NAME = /^(?![0-9a-f]{7,40}$)[-\w.:+@/]*[A-Za-z][-\w.:+@/]*$/;
/** Longest title a run's names may make, and most rows in a run. */
export const LISTING_TITLE_MAX = 200;
export const LISTING_ROWS_MAX = 24;

export interface Listing {
  /** The line where the rows start (0-based): the lines above are its header. */
  first: number;
  /** Each row's name by line; undefined for a line that is no row (blank, a note). */
  names: (string | undefined)[];
  /**
   * The names of its columns, when a header line gives them (`Name, Version, Architecture,
   * Description` of `dpkg -l`, `NAME, READY, STATUS` of `kubectl get`): they say what every
   * row holds ("which git version is installed"), though only the first run's text has them.
   */
  columns?: string;
}

/** A column's name in a header line: a capitalised or upper-case word. */
const COLUMN = /^[A-Z][A-Za-z]+$/;
/** Fewest column names a header line gives. */
const COLUMNS_MIN = 3;

/**
 * The listing `t` is, if it is one: most of its non-blank lines split into tokens, one position
 * among the first few holding a distinct name on nearly every row. Null for prose (its second
 * word repeats), logs (a time or a number where a name would be) and tables keyed by numbers.
 */
export function findListing(t: LineTable): Listing | null {
  const tokens = t.lines.map((l) => (l.trim() === "" ? undefined : l.trim().split(/\s+/)));
  const rows = tokens.filter((r) => r !== undefined && r.length >= 2).length;
  const nonBlank = tokens.filter((r) => r !== undefined).length;
  if (rows < ROWS_MIN || rows < nonBlank * ROW_SHARE) return null;
  for (let k = 0; k < NAME_POSITIONS; k++) {
    const seen = new Set<string>();
    let named = 0;
    let first = -1;
    tokens.forEach((r, i) => {
      const token = r && r.length >= 2 ? r[k] : undefined;
      if (token === undefined || !NAME.test(token)) return;
      named++;
      seen.add(token);
      // Where the rows start: the first line of a run of named rows, past a header's few lines.
      if (first < 0) first = i;
    });
    if (named < rows * ROW_SHARE || seen.size < named * DISTINCT_SHARE) continue;
    const names = tokens.map((r) => (r && r.length >= 2 && r[k] !== undefined && NAME.test(r[k]!) ? r[k] : undefined));
    const header = columnHeader(tokens, first);
    if (header === undefined) return { first: Math.max(0, first), names };
    // The header line is no row, though its column's name sits where the rows' names do.
    names[header] = undefined;
    return { first: Math.max(0, first), names, columns: tokens[header]!.filter((w) => COLUMN.test(w)).join(", ") };
  }
  return null;
}

/**
 * The header line that names the columns, among the few lines around where the rows start: every
 * token but one (a `||/` marker) a column's name, at least COLUMNS_MIN of them.
 */
function columnHeader(tokens: (string[] | undefined)[], first: number): number | undefined {
  for (let i = Math.max(0, first - 3); i <= first + 1 && i < tokens.length; i++) {
    const line = tokens[i];
    if (!line) continue;
    const named = line.filter((w) => COLUMN.test(w)).length;
    if (named >= COLUMNS_MIN && named >= line.length - 1) return i;
  }
  return undefined;
}
