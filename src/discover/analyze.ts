import type { Budgets } from "../config/constants.ts";
import { classify } from "./classify.ts";
import { ctxmodeBytes } from "./guidance.ts";
import type { MissedCall, SessionReport, SessionTrace, ToolBytes } from "./types.ts";

/** What analysing a session needs besides its trace. */
export interface AnalyzeContext {
  home: string;
  budgets: Budgets;
  /** Bytes ctxmode's hooks recorded keeping out, per host session id (its own `tool_stats`). */
  recorded: Map<string, number>;
  /** Bytes of ctxmode's tool list as its server offers it, for hosts whose transcript does not record tool lists. */
  toolListBytes: number;
}

/**
 * One session's figures: bytes per tool that reached the model, what went through ctxmode and
 * what it kept out (its own record when it has one, else the replaced outputs' headers and its
 * tools' replies), the calls it missed, and its standing cost, so the saving is shown net.
 */
export function analyzeSession(trace: SessionTrace, ctx: AnalyzeContext): SessionReport {
  const byTool = new Map<string, ToolBytes>();
  const through = { calls: 0, bytes: 0, denied: 0, replaced: 0 };
  const missed: MissedCall[] = [];
  let toolBytes = 0;
  let fromCtxTools = 0;
  let fromReplaced = 0;
  let ctxmode = trace.ctxOffered;
  for (const r of trace.results.values()) {
    const bytes = Buffer.byteLength(r.text);
    toolBytes += bytes;
    const row = byTool.get(r.tool) ?? { tool: r.tool, calls: 0, bytes: 0 };
    row.calls++;
    row.bytes += bytes;
    byTool.set(r.tool, row);
    const verdict = classify(trace.host, r, bytes, { cwd: trace.cwd, home: ctx.home, budgets: ctx.budgets });
    if (verdict.kind === "missed") missed.push(verdict.missed);
    if (verdict.kind === "plain" || verdict.kind === "missed") continue;
    ctxmode = true;
    through.calls++;
    through.bytes += bytes;
    if (verdict.kind === "ctx") fromCtxTools += verdict.keptOut;
    else if (verdict.kind === "denied") through.denied++;
    else {
      through.replaced++;
      fromReplaced += Math.max(0, verdict.originalBytes - bytes);
    }
  }
  let contextBytes = toolBytes;
  let guidance = 0;
  for (const text of trace.context.values()) {
    contextBytes += Buffer.byteLength(text);
    guidance += ctxmodeBytes(text);
  }
  if (guidance) ctxmode = true;
  const recorded = ctx.recorded.get(trace.session);
  // The hooks' own record is exact for replaced outputs; a ctx tool's reply states its own figure
  // (its server records it under a session of its own, which no transcript names).
  const keptOut = fromCtxTools + (recorded ?? fromReplaced);
  const toolList = ctxmode ? (trace.toolListBytes ?? ctx.toolListBytes) : 0;
  const standing = { toolList, toolListRecorded: trace.toolListBytes !== undefined, guidance };
  return {
    host: trace.host,
    session: trace.session,
    project: trace.cwd,
    file: trace.file,
    startedAt: trace.startedAt,
    ctxmode,
    toolBytes,
    contextBytes,
    byTool: [...byTool.values()].sort((a, b) => b.bytes - a.bytes || a.tool.localeCompare(b.tool)),
    through,
    keptOut,
    keptOutFrom: recorded !== undefined ? "ctxmode's record" : keptOut > 0 ? "transcript" : "none",
    missed: missed.sort((a, b) => b.bytes - b.wouldReturn - (a.bytes - a.wouldReturn)),
    standing,
    net: keptOut - toolList - guidance,
    skipped: trace.skipped,
  };
}
