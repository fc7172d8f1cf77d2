import { errorMessage } from "../errors.ts";
import type { ToolContext } from "./context.ts";
import { previewText } from "../preview/preview.ts";
import { byteLength, quote, searchCall, splitLines, tailLines } from "./format.ts";
import type { ToolReply } from "./tool.ts";
import { indexOutput, sectionsOf, type Section } from "./indexing.ts";
import { formatBytes } from "../preview/clip.ts";

/** What a run produced, as ctx_execute (or a ctx_batch command) hands it to the reply budget. */
interface RunOutput {
  /** Start of the first line: `exit 0`, `exit 2`, `timed out after 5.0 s (process tree killed)` … */
  status: string;
  /** What the program printed, as captured (stdout, then stderr). */
  text: string;
  /** Bytes printed, counting bytes dropped while streaming. */
  totalBytes: number;
  /** Non-zero exit, timeout or cancel: the stderr tail stays visible. */
  failed: boolean;
  stderr: string;
  intent?: string;
  /** Label prefix of the indexed source, e.g. `exec:python`. */
  labelPrefix: string;
  /** Size of the `file` the code processed: reading it instead would have cost this much context. */
  processedBytes?: number;
}

/**
 * Shares of OUTPUT_CAP for the parts of an over-budget reply. A quarter for intent matches keeps
 * a 50 KB dump at ~90% kept out while still showing five 800 B snippets; the preview and outline
 * are smaller because their job is orientation, and ctx_search gets the rest.
 */
const SHARE = { matches: 1 / 4, preview: 1 / 5, outline: 1 / 8, stderr: 1 / 10 } as const;

/**
 * The reply for a run's output. Up to OUTPUT_CAP bytes come back as printed. Anything larger is
 * redacted and indexed whole under a label unique to this call; the reply then carries, with an
 * intent, the chunks that best match it, and without one a preview fitted to the content (a JSON
 * shape, a log's error kinds, a test run's failures, else head and tail) plus the section outline,
 * and always the exact ctx_search call for more. The first line states the byte counts.
 */
export async function budgetOutput(ctx: ToolContext, out: RunOutput): Promise<ToolReply> {
  const cap = ctx.config.budgets.outputCap;
  const processed = out.processedBytes ?? 0;
  if (out.totalBytes <= cap) {
    // With a `file`, the baseline is the bigger of the file (what reading it would have cost) and the output.
    const kept = Math.max(0, processed - out.totalBytes);
    const file = kept > 0 ? `, ${formatBytes(kept)} kept out` : "";
    const body = out.text === "" ? " (no output)" : `\n${out.text}`;
    return { text: `${out.status} · ${formatBytes(out.totalBytes)}${file}${body}`, keptOut: kept };
  }
  let indexed: Awaited<ReturnType<typeof indexOutput>> | undefined;
  let failure = "";
  try {
    indexed = await indexOutput(ctx, out.labelPrefix, out.text);
  } catch (err) {
    // The store is unusable (disk full, locked too long): the preview still beats no answer.
    failure = errorMessage(err);
  }
  const parts: string[] = [];
  if (out.failed && out.stderr.trim()) {
    const tail = tailLines(splitLines(out.stderr), cap * SHARE.stderr);
    parts.push(`stderr (last ${tail.length} lines):\n${tail.join("\n")}`);
  }
  let matched = false;
  if (indexed && out.intent?.trim()) {
    const found = await matchesFor(ctx, indexed.db, indexed.label, out.intent, cap * SHARE.matches);
    matched = found !== "";
    parts.push(matched ? found : `no section matched the intent ${quote(out.intent)}; preview instead:`);
  }
  if (!matched) {
    parts.push(previewText(out.text, Math.floor(cap * SHARE.preview), { failed: out.failed }).text);
    if (indexed) parts.push(outline(sectionsOf(indexed.db, indexed.label), cap * SHARE.outline));
  }
  if (indexed) parts.push(`more: ${searchCall(indexed.label, out.intent)}`);
  const body = parts.filter(Boolean).join("\n\n");
  const shown = byteLength(body);
  const keptOut = Math.max(0, out.totalBytes - shown);
  const dropped = out.totalBytes - byteLength(out.text);
  const lossNote = dropped > 0 ? `; the middle ${formatBytes(dropped)} was dropped while streaming` : "";
  const where = indexed ? `→ indexed as ${quote(indexed.label)}` : `(not indexed: ${failure})`;
  const header =
    `${out.status} · ${formatBytes(out.totalBytes)} output, ${formatBytes(shown)} shown, ` + `${formatBytes(keptOut)} kept out ${where}${lossNote}`;
  return { text: `${header}\n${body}`, keptOut: Math.max(0, Math.max(out.totalBytes, processed) - shown) };
}

/** Best-matching parts of one source for a query, within `budget` bytes; "" when nothing matched. */
export async function matchesFor(ctx: ToolContext, db: Parameters<typeof sectionsOf>[0], label: string, query: string, budget: number): Promise<string> {
  const { search } = await import("../store/search.ts");
  const { snippetMax, rrfK } = ctx.config.budgets;
  const result = search(db, query, { limit: 8, snippetMax, rrfK, source: label });
  const blocks: string[] = [];
  let used = 0;
  for (const hit of result.hits) {
    const title = shortTitle(hit.title, hit.lineStart, hit.lineEnd);
    const block = `--- lines ${hit.lineStart}-${hit.lineEnd}${title ? ` · ${title}` : ""}\n${hit.snippet}`;
    const size = byteLength(block) + 1;
    if (used + size > budget && blocks.length > 0) break;
    blocks.push(block);
    used += size;
  }
  if (blocks.length === 0) return "";
  const more = result.hits.length > blocks.length ? `, ${result.hits.length - blocks.length} more not shown` : "";
  return `matches for ${quote(result.corrected ?? query)} (${blocks.length}${more}):\n${blocks.join("\n")}`;
}

/** The chunk titles with their line ranges, as many as fit in `budget`. */
function outline(sections: Section[], budget: number): string {
  if (sections.length === 0) return "";
  const rows: string[] = [];
  let used = 0;
  for (const s of sections) {
    const title = shortTitle(s.title, s.lineStart, s.lineEnd);
    const row = `  ${s.lineStart}-${s.lineEnd}${title ? `  ${title}` : ""}`;
    const size = byteLength(row) + 1;
    if (used + size > budget) break;
    rows.push(row);
    used += size;
  }
  const rest = sections.length - rows.length;
  if (rest > 0) rows.push(`  … ${rest} more, up to line ${sections[sections.length - 1]!.lineEnd}`);
  return `sections (${sections.length}, lines and title):\n${rows.join("\n")}`;
}

/** Longest title shown with a hit. */
const TITLE_MAX = 160;

/**
 * Chunk titles of plain text read `<label> lines 40-80: <first line>`; the label may be another
 * source's (identical text is stored once), so the prefix is dropped whenever its range matches.
 * A heading path too long to show loses headings from its middle, never its own (the last):
 * `Stream > … > Class: stream.Readable > readable.destroy([error])`.
 */
export function shortTitle(title: string, lineStart: number, lineEnd: number): string {
  const m = /^(.*?) ?lines (\d+)-(\d+):? ?/.exec(title);
  const rest = (m && Number(m[2]) === lineStart && Number(m[3]) === lineEnd ? title.slice(m[0].length) : title).trim();
  if (rest.length <= TITLE_MAX) return rest;
  const parts = rest.split(" > ");
  while (parts.length > 2 && parts.join(" > ").length > TITLE_MAX) parts.splice(1, parts[1] === "…" ? 2 : 1, "…");
  const short = parts.join(" > ");
  return short.length <= TITLE_MAX ? short : `${short.slice(0, TITLE_MAX - 1)}…`;
}
