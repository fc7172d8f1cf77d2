/**
 * Textual edits of one table in a TOML file (Codex's config.toml). Setup owns the whole
 * `mcp_servers.ctxmode` entry, so it never needs to understand the rest of the file: it finds where
 * the entry is defined (a `[table]`, an inline table or dotted keys), rewrites those lines in the
 * same shape, and leaves every other byte alone. `toml-check.ts` validates each result.
 */
import { CtxError } from "../errors.ts";

/** A TOML file setup cannot safely edit: where, so the user can fix it. */
export class TomlShapeError extends CtxError {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super("BAD_INPUT", `${message} at line ${line}`);
  }
}

const HEADER = /^\s*\[\[?\s*([^\]]*?)\s*\]\]?\s*(#.*)?$/;
const KEY_PART = /[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'/g;
const KEY = /^(\s*)((?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'))*)\s*=/;

/** A key as its parts, quotes removed; `raw` keeps them as written. */
function keyParts(text: string): { parts: string[]; raw: string[] } {
  const raw = text.match(KEY_PART) ?? [];
  return { raw, parts: raw.map((p) => (p.startsWith('"') ? (JSON.parse(p) as string) : p.replace(/^'|'$/g, ""))) };
}

type Item =
  | { kind: "header"; path: string[]; line: number }
  /** A `key = value` spanning lines [start, end); `tail` is the comment after the value. */
  | { kind: "key"; path: string[]; table: number; indent: string; raw: string[]; start: number; end: number; tail: string };

/**
 * Where a value starting at `lines[i][from]` ends: the line after it and the comment that follows.
 * Strings (all four kinds) and brackets are followed, so a `[` inside a value is never a header.
 */
function valueEnd(lines: string[], i: number, from: number): { end: number; tail: string } {
  let depth = 0;
  let quote = "";
  for (let l = i; l < lines.length; l++) {
    const line = lines[l]!;
    for (let c = l === i ? from : 0; c < line.length; c++) {
      const ch = line[c]!;
      if (quote) {
        if (ch === "\\" && (quote === '"' || quote === '"""')) c++;
        else if (line.startsWith(quote, c)) (c += quote.length - 1), (quote = "");
      } else if (line.startsWith('"""', c) || line.startsWith("'''", c)) (quote = line.slice(c, c + 3)), (c += 2);
      else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === "[" || ch === "{") depth++;
      else if (ch === "]" || ch === "}") depth--;
      else if (ch === "#") {
        if (depth <= 0) return { end: l + 1, tail: line.slice(line.slice(0, c).trimEnd().length) };
        break;
      }
    }
    // A single-line string left open ends with its line; the parser reports it.
    if (quote.length === 1) quote = "";
    if (depth <= 0 && !quote) return { end: l + 1, tail: "" };
  }
  return { end: lines.length, tail: "" };
}

/** Headers and key/value lines of the file, each key with its full path. Rejects broken headers. */
function scan(lines: string[]): Item[] {
  const items: Item[] = [];
  let table: string[] = [];
  let tableItem = -1;
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!.replace(/\r$/, "");
    if (/^\s*\[/.test(line)) {
      const m = HEADER.exec(line);
      if (!m) throw new TomlShapeError("a table header is not closed", i + 1);
      table = keyParts(m[1]!).parts;
      tableItem = items.push({ kind: "header", path: table, line: i }) - 1;
      i++;
      continue;
    }
    const k = KEY.exec(line);
    if (!k) {
      i++;
      continue;
    }
    const { parts, raw } = keyParts(k[2]!);
    const { end, tail } = valueEnd(lines, i, k[0].length);
    items.push({ kind: "key", path: [...table, ...parts], table: tableItem, indent: k[1]!, raw, start: i, end, tail: tail.replace(/\r$/, "") });
    i = end;
  }
  return items;
}

type Definition =
  | { form: "table"; start: number; end: number }
  | { form: "inline"; item: Item & { kind: "key" } }
  | { form: "dotted"; items: (Item & { kind: "key" })[] };

const startsWith = (path: string[], prefix: string[]) => prefix.every((p, i) => path[i] === p);

/** How and where `table` is defined, if it is. */
function findDefinition(lines: string[], table: string): Definition | undefined {
  const want = table.split(".");
  const items = scan(lines);
  const header = items.findIndex((it) => it.kind === "header" && it.path.join("\0") === want.join("\0"));
  if (header >= 0) {
    const next = items.slice(header + 1).find((it) => it.kind === "header");
    return { form: "table", start: (items[header] as { line: number }).line, end: next?.kind === "header" ? next.line : lines.length };
  }
  const keys = items.filter(
    (it): it is Item & { kind: "key" } => it.kind === "key" && startsWith(it.path, want) && it.path.length - it.raw.length < want.length,
  );
  const inline = keys.find((k) => k.path.length === want.length);
  if (inline) return { form: "inline", item: inline };
  return keys.length ? { form: "dotted", items: keys } : undefined;
}

/**
 * The line (1-based) that defines `table`, else the key holding a parent of it as one value
 * (`mcp_servers = { … }`, which no [table] can extend), for messages.
 */
export function tableLine(text: string, table: string): number | undefined {
  const lines = text.split("\n");
  const def = findDefinition(lines, table);
  if (def) return 1 + (def.form === "table" ? def.start : def.form === "inline" ? def.item.start : def.items[0]!.start);
  const want = table.split(".");
  const holder = scan(lines).find((it) => it.kind === "key" && it.path.length < want.length && startsWith(want, it.path));
  return holder?.kind === "key" ? holder.start + 1 : undefined;
}

const eolOf = (text: string) => (text.includes("\r\n") ? "\r\n" : "\n");

/**
 * Sets `table` to exactly `body` (key lines ending in "\n"), in the shape the file already defines
 * it in; adds a `[table]` at the end when it is not defined. Lines are added in the file's line ending.
 */
export function setTable(text: string, table: string, body: string): string {
  const eol = eolOf(text);
  const lines = text.split("\n");
  const cr = eol === "\r\n" ? "\r" : "";
  const bodyLines = body.replace(/\n$/, "").split("\n");
  const def = findDefinition(lines, table);
  if (!def) {
    const sep = text === "" ? "" : text.endsWith(`${eol}${eol}`) ? "" : text.endsWith("\n") ? eol : eol + eol;
    return text + sep + [`[${table}]`, ...bodyLines, ""].join(eol);
  }
  if (def.form === "table") {
    const { start, end } = def;
    // Keep the blank lines that separate this table from the next one.
    let last = end;
    while (last > start + 1 && lines[last - 1]!.trim() === "") last--;
    const rest = lines.slice(last);
    return [...lines.slice(0, start), ...[`[${table}]`, ...bodyLines].map((l) => l + cr), ...(rest.length ? rest : [""])].join("\n");
  }
  if (def.form === "inline") {
    // `key = { … }` stays an inline table: a [table] cannot follow root keys or sit inside [mcp_servers].
    const { item } = def;
    const line = `${item.indent}${item.raw.join(".")} = { ${bodyLines.join(", ")} }${item.tail}${cr}`;
    return [...lines.slice(0, item.start), line, ...lines.slice(item.end)].join("\n");
  }
  // Dotted keys stay dotted keys, written where the first one was; the others go.
  const [first] = def.items;
  const prefix = first!.raw.slice(0, table.split(".").length - (first!.path.length - first!.raw.length)).join(".");
  const block = bodyLines.map((l) => `${first!.indent}${prefix}.${l}${cr}`);
  const drop = new Set(def.items.flatMap((it) => Array.from({ length: it.end - it.start }, (_, k) => it.start + k)));
  return lines.flatMap((l, i) => (i === first!.start ? block : drop.has(i) ? [] : [l])).join("\n");
}

/** The body lines of a `[table]`, or undefined when the file has no such table header. */
export function getTable(text: string, table: string): string | undefined {
  const lines = text.split("\n");
  const def = findDefinition(lines, table);
  if (def?.form !== "table") return undefined;
  let last = def.end;
  while (last > def.start + 1 && lines[last - 1]!.trim() === "") last--;
  return lines.slice(def.start + 1, last).join("\n") + "\n";
}

/** Removes `table`'s definition (and the blank line setup put before an appended table). */
export function removeTable(text: string, table: string): string {
  const lines = text.split("\n");
  const def = findDefinition(lines, table);
  if (!def) return text;
  if (def.form !== "table") {
    const ranges = def.form === "inline" ? [def.item] : def.items;
    const drop = new Set(ranges.flatMap((it) => Array.from({ length: it.end - it.start }, (_, k) => it.start + k)));
    return lines.filter((_, i) => !drop.has(i)).join("\n");
  }
  let { start } = def;
  if (def.end === lines.length) {
    while (start > 0 && lines[start - 1]!.trim() === "") start--;
    const head = lines.slice(0, start).join("\n");
    return head === "" ? "" : head + "\n";
  }
  return [...lines.slice(0, start), ...lines.slice(def.end)].join("\n");
}

/** Checks the whole file's headers, so a broken file is reported before anything is written. */
export function checkToml(text: string): void {
  scan(text.split("\n"));
}
