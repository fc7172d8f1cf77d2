/**
 * Validates setup's textual TOML edits with a real parser before anything is written: Codex stops
 * loading its whole config over one redefined table, so an edit that does not parse back to what
 * was meant is refused instead.
 */
import { parse, TomlError } from "smol-toml";
import { tableLine, TomlShapeError } from "./toml-table.ts";

type Table = Record<string, unknown>;

/** The parsed file; a file that is not TOML is reported at the parser's line. */
function parseToml(text: string, what = "not valid TOML"): Table {
  try {
    return parse(text, { integersAsBigInt: "asNeeded" }) as Table;
  } catch (err) {
    if (err instanceof TomlError) throw new TomlShapeError(`${what}: ${err.message.split("\n")[0]!.replace(/^Invalid TOML document: /, "")}`, err.line);
    throw err;
  }
}

/** A JSON-like rendering with sorted keys, for comparing parsed documents. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === "bigint") return `${v}n`;
    if (v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date))
      return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)));
    return v;
  });
}

/** The value at a dotted table path, if any. */
function valueAt(doc: Table, table: string): unknown {
  return table.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Table)[k] : undefined), doc);
}

/** `doc` without the entry at `table`, and without parents that held only it. */
function without(doc: Table, table: string): Table {
  const copy = structuredClone(doc);
  const keys = table.split(".");
  const chain: Table[] = [copy];
  for (const k of keys.slice(0, -1)) {
    const next = chain[chain.length - 1]![k];
    if (!next || typeof next !== "object") return copy;
    chain.push(next as Table);
  }
  delete chain[chain.length - 1]![keys[keys.length - 1]!];
  for (let d = chain.length - 1; d > 0 && Object.keys(chain[d]!).length === 0; d--) delete chain[d - 1]![keys[d - 1]!];
  return copy;
}

/** Whether the parsed `table` in `text` holds exactly the keys and values of `body`. */
export function holdsBody(text: string, table: string, body: string): boolean {
  return canonical(valueAt(parseToml(text), table)) === canonical(parseToml(body));
}

/**
 * Throws TomlShapeError unless `after` parses, holds `body`'s values at `table` (no entry there
 * when `body` is undefined, a removal), and leaves every other value of `before` as it was.
 */
export function checkTomlEdit(before: string, after: string, table: string, body: string | undefined): void {
  const old = parseToml(before);
  let next: Table;
  try {
    next = parseToml(after, "setup's change would not be valid TOML");
  } catch (err) {
    // The parser's line is in the changed text; the user's own line that conflicts is more useful.
    const at = tableLine(before, table);
    throw at && err instanceof TomlShapeError ? new TomlShapeError(err.message.replace(/ at line \d+$/, ""), at) : err;
  }
  const line = tableLine(before, table) ?? tableLine(after, table) ?? 1;
  const entry = valueAt(next, table) as Table | undefined;
  const wanted = body === undefined ? undefined : parseToml(body);
  const holds = wanted === undefined ? entry === undefined : !!entry && Object.entries(wanted).every(([k, v]) => canonical(entry[k]) === canonical(v));
  if (!holds || canonical(without(old, table)) !== canonical(without(next, table))) {
    throw new TomlShapeError(`setup cannot change \`${table}\` as this file defines it without changing its meaning`, line);
  }
}
