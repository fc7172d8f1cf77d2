/**
 * Textual edits of one `[table]` in a TOML file (Codex's config.toml). Setup owns the whole
 * `[mcp_servers.ctxmode]` table, so it never needs to understand the rest of the file: it finds the
 * table's header line, replaces the lines up to the next header, and leaves every other byte alone.
 */

/** A TOML file setup cannot safely edit: where, so the user can fix it. */
export class TomlShapeError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} at line ${line}`);
  }
}

const HEADER = /^\s*\[\[?\s*([^\]]*?)\s*\]\]?\s*(#.*)?$/;

/** The [start, end) line range of `table` (header included), or undefined. Rejects broken headers. */
function findTable(lines: string[], table: string): [number, number] | undefined {
  let start = -1;
  let inMultiline: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Skip the inside of multi-line strings, where a "[" line is text, not a header.
    const quotes = line.match(/"""|'''/g) ?? [];
    for (const qs of quotes) inMultiline = inMultiline === qs ? undefined : inMultiline ?? qs;
    if (inMultiline && quotes.length === 0) continue;
    if (!/^\s*\[/.test(line) || inMultiline) continue;
    const m = HEADER.exec(line);
    if (!m) {
      // An array value continued on its own line, e.g. `args = [\n  ["a"],`, is not a header.
      if (i > 0 && /[[,]\s*$/.test(lines[i - 1]!)) continue;
      throw new TomlShapeError("a table header is not closed", i + 1);
    }
    if (start >= 0) return [start, i];
    if (m[1]!.replace(/\s*\.\s*/g, ".").replace(/"/g, "") === table) start = i;
  }
  return start >= 0 ? [start, lines.length] : undefined;
}

/** Sets `table` to exactly `body` (key lines ending in "\n"); adds it at the end when missing. */
export function setTable(text: string, table: string, body: string): string {
  const lines = text.split("\n");
  const range = findTable(lines, table);
  const block = `[${table}]\n${body}`;
  if (!range) {
    const sep = text === "" ? "" : text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
    return text + sep + block;
  }
  const [start, end] = range;
  // Keep the blank lines that separate this table from the next one.
  let last = end;
  while (last > start + 1 && lines[last - 1]!.trim() === "") last--;
  const rest = lines.slice(last);
  return [...lines.slice(0, start), block.replace(/\n$/, ""), ...(rest.length ? rest : [""])].join("\n");
}

/** The body lines of `table`, or undefined when the file has no such table. */
export function getTable(text: string, table: string): string | undefined {
  const lines = text.split("\n");
  const range = findTable(lines, table);
  if (!range) return undefined;
  let last = range[1];
  while (last > range[0] + 1 && lines[last - 1]!.trim() === "") last--;
  return lines.slice(range[0] + 1, last).join("\n") + "\n";
}

/** Removes `table` and the blank line setup put before it. */
export function removeTable(text: string, table: string): string {
  const lines = text.split("\n");
  const range = findTable(lines, table);
  if (!range) return text;
  let [start, end] = range;
  if (end === lines.length) {
    while (start > 0 && lines[start - 1]!.trim() === "") start--;
    const head = lines.slice(0, start).join("\n");
    return head === "" ? "" : head + "\n";
  }
  return [...lines.slice(0, start), ...lines.slice(end)].join("\n");
}

/** Checks the whole file's headers, so a broken file is reported before anything is written. */
export function checkToml(text: string): void {
  findTable(text.split("\n"), "\u0000");
}
