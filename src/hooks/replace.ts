import { randomBytes } from "node:crypto";
import type { Budgets } from "../config/constants.ts";
import { recordCall } from "../mcp/tool-stats.ts";
import { redactSecrets } from "../sandbox/redact.ts";
import { detectKind } from "../store/chunk/index.ts";
import type { Database } from "../store/db.ts";
import { indexSource } from "../store/index-source.ts";
import { search } from "../store/search.ts";
import { callText } from "./instructions.ts";

export interface ReplaceInput {
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
 * its own; the model gets a head, the chunks that best match the query, a tail and the exact
 * ctx_search call for the rest, within REPLACE_TRIGGER bytes. A failure keeps its last lines
 * (where errors are) up to OUTPUT_CAP. Returns undefined when the output should pass whole.
 */
export function replaceOutput(db: Database, input: ReplaceInput): string | undefined {
  const { text, budgets } = input;
  const bytes = Buffer.byteLength(text);
  if (bytes <= budgets.replaceTrigger) return undefined;
  // An agent must see its error: failures pass whole up to the cap.
  if (input.failed && bytes <= budgets.outputCap) return undefined;
  const label = `hook:${input.tool.replace(/[^\w.-]+/g, "_").slice(0, 40)}#${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
  const clean = redactSecrets(text);
  indexSource(db, { label, text: clean, kind: detectKind(label, clean), session: input.session, worktree: input.worktree, maxChunk: budgets.maxChunk });
  const lines = clean.split("\n");
  const budget = input.failed ? budgets.outputCap : budgets.replaceTrigger;
  const more = `more: ${callText("ctx_search", { queries: ["…"], source: label })}`;
  const header = `[ctxmode] ${input.failed ? "failed, " : ""}${kb(bytes)}, ${lines.length} lines; indexed whole as ${JSON.stringify(label)}.`;
  let room = budget - Buffer.byteLength(header) - Buffer.byteLength(more) - 8;
  const parts: string[] = [header];
  if (input.failed) {
    const tail = takeTail(lines, room - 40);
    parts.push(`last ${tail.length} lines:`, ...tail);
  } else {
    const head = takeHead(lines, Math.min(300, room / 8));
    room -= bytesOf(head) + 40;
    const tail = takeTail(lines.slice(head.length), Math.min(700, room / 4));
    room -= bytesOf(tail) + 40;
    // Lines already shown as head or tail are not repeated as matches (1-based line numbers).
    const shown = { headEnd: head.length, tailStart: lines.length - tail.length + 1 };
    const matches = bestMatches(db, label, input.query, room, budgets, shown);
    parts.push(`first ${head.length} lines:`, ...head);
    if (matches.length) parts.push("best matching parts:", ...matches);
    if (tail.length) parts.push(`last ${tail.length} lines:`, ...tail);
  }
  parts.push(more);
  const out = parts.join("\n");
  recordCall(db, input.session, `hook:${input.tool}`.slice(0, 60), Buffer.byteLength(out), Math.max(0, bytes - Buffer.byteLength(out)));
  return out;
}

function bestMatches(db: Database, label: string, query: string, room: number, budgets: Budgets, shown: { headEnd: number; tailStart: number }): string[] {
  if (!query.trim() || room < 200) return [];
  const result = search(db, query.slice(0, 300), { limit: 6, snippetMax: Math.min(budgets.snippetMax, 700), rrfK: budgets.rrfK, source: label });
  const out: string[] = [];
  let used = 0;
  for (const hit of result.hits) {
    if (hit.lineStart <= shown.headEnd || hit.lineEnd >= shown.tailStart) continue;
    const block = `--- lines ${hit.lineStart}-${hit.lineEnd}\n${hit.snippet}`;
    const size = Buffer.byteLength(block) + 1;
    if (used + size > room) break;
    out.push(block);
    used += size;
  }
  return out;
}

function takeHead(lines: string[], max: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const line of lines) {
    const l = clip(line, 300);
    if (used + Buffer.byteLength(l) + 1 > max) break;
    out.push(l);
    used += Buffer.byteLength(l) + 1;
  }
  return out;
}

function takeTail(lines: string[], max: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = clip(lines[i]!, 300);
    if (used + Buffer.byteLength(l) + 1 > max) break;
    out.unshift(l);
    used += Buffer.byteLength(l) + 1;
  }
  while (out.length && out[0]!.trim() === "") out.shift();
  while (out.length && out[out.length - 1]!.trim() === "") out.pop();
  return out;
}

function clip(line: string, max: number): string {
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

function bytesOf(lines: string[]): number {
  return lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
}

function kb(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
