import type { Budgets } from "../config/constants.ts";
import { randomHex } from "../runtime/random.ts";
import { recordCall } from "../store/tool-stats.ts";
import { previewText } from "../preview/preview.ts";
import { redactSecrets } from "../store/redact.ts";
import { detectKind } from "../store/chunk/index.ts";
import type { Database } from "../store/db.ts";
import { indexSource } from "../store/index-source.ts";
import { boundPending } from "../store/pending.ts";
import { bestChunksOf } from "../store/rank-source.ts";
import { callText } from "./instructions.ts";
import { formatBytes } from "../preview/clip.ts";

interface ReplaceInput {
  text: string;
  failed: boolean;
  /** The host's tool name, for the label (`hook:Bash#…`). */
  tool: string;
  /** Words that say what matters: the command or arguments, plus the user's last request. */
  query: string;
  session: string;
  worktree: string;
  budgets: Budgets;
}

/**
 * A host tool's big output, replaced. The whole output is redacted and indexed under a label of
 * its own; the model gets a preview fitted to the content (a JSON shape, a log's error kinds, a
 * test run's failures, else head and tail), the chunks that best match the query and the exact
 * ctx_search call for the rest, within REPLACE_TRIGGER bytes. A failure's preview, weighted to its
 * last lines (where errors are), gets up to OUTPUT_CAP. Returns undefined when the output should
 * pass whole.
 */
export function replaceOutput(db: Database, input: ReplaceInput): string | undefined {
  const { text, budgets } = input;
  const bytes = Buffer.byteLength(text);
  if (bytes <= budgets.replaceTrigger) return undefined;
  // An agent must see its error: failures pass whole up to the cap.
  if (input.failed && bytes <= budgets.outputCap) return undefined;
  const label = `hook:${input.tool.replace(/[^\w.-]+/g, "_").slice(0, 40)}#${Date.now().toString(36)}${randomHex(2)}`;
  const clean = redactSecrets(text);
  indexSource(db, {
    label,
    text: clean,
    redacted: true,
    kind: detectKind(label, clean),
    session: input.session,
    worktree: input.worktree,
    maxChunk: budgets.maxChunk,
    // The full-text rows wait for the server's idle time or the next search (store/pending.ts):
    // writing them here was half of a 256 KB replacement; this output's best parts are ranked in memory.
    deferSearch: true,
  });
  // Unless too much already waits (no server was asked anything for a while): then the oldest now.
  boundPending(db);
  const budget = input.failed ? budgets.outputCap : budgets.replaceTrigger;
  const more = `more: ${callText("ctx_search", { queries: ["…"], source: label })}`;
  // The header's line count is the preview's; it is measured once there.
  const headerFor = (lines: number) =>
    `[ctxmode] ${input.failed ? "failed, " : ""}${formatBytes(bytes)}, ${lines} lines; indexed whole as ${JSON.stringify(label)}.`;
  let room = budget - Buffer.byteLength(headerFor(0)) - 12 - Buffer.byteLength(more) - 8;
  // Without a failure the preview keeps to the share head and tail lines had (at most 1,000 B) and matches get the rest.
  const preview = previewText(clean, input.failed ? room : Math.min(1000, Math.floor((room * 3) / 8)), { failed: input.failed });
  const parts: string[] = [headerFor(preview.lines), preview.text];
  if (!input.failed) {
    room -= Buffer.byteLength(preview.text) + 1;
    // Lines the preview already shows are not repeated as matches (1-based line numbers).
    const matches = bestMatches(db, label, input.query, room - 24, budgets, { headEnd: preview.headEnd, tailStart: preview.tailStart });
    if (matches.length) parts.push("best matching parts:", ...matches);
  }
  parts.push(more);
  const out = parts.join("\n");
  recordCall(db, input.session, `hook:${input.tool}`.slice(0, 60), Buffer.byteLength(out), Math.max(0, bytes - Buffer.byteLength(out)));
  return out;
}

function bestMatches(db: Database, label: string, query: string, room: number, budgets: Budgets, shown: { headEnd: number; tailStart: number }): string[] {
  if (!query.trim() || room < 200) return [];
  const out: string[] = [];
  let used = 0;
  for (const hit of bestChunksOf(db, label, query.slice(0, 300), 6, Math.min(budgets.snippetMax, 700))) {
    if (hit.lineStart <= shown.headEnd || hit.lineEnd >= shown.tailStart) continue;
    const block = `--- lines ${hit.lineStart}-${hit.lineEnd}\n${hit.snippet}`;
    const size = Buffer.byteLength(block) + 1;
    if (used + size > room) break;
    out.push(block);
    used += size;
  }
  return out;
}
