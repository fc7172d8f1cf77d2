import { z } from "zod";
import { readStats, summarizeStats, type ToolStat } from "../../store/tool-stats.ts";
import { defineTool } from "../tool.ts";
import { formatBytes } from "../../preview/clip.ts";

/** `ctx_stats`: bytes that reached the context vs bytes kept out, per tool, this session and all time. */
export function statsTool() {
  return defineTool({
    name: "ctx_stats",
    title: "Context savings",
    description: "Bytes kept out of context vs returned, per tool, session and all time.",
    schema: z.object({}),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(_args, ctx) {
      const { db } = await ctx.store();
      await ctx.writeKeptCalls();
      const session = readStats(db, ctx.session);
      const all = readStats(db);
      const lines = [`ctx_stats: ${percent(session)} kept out this session, ${percent(all)} all time`];
      lines.push("", `this session (${ctx.session})`, ...table(session), "", "all time (this project)", ...table(all));
      return { text: lines.join("\n"), keptOut: 0 };
    },
  });
}

function percent(rows: ToolStat[]): string {
  return `${summarizeStats("", rows).keptOutPercent.toFixed(1)}%`;
}

function table(rows: ToolStat[]): string[] {
  if (rows.length === 0) return ["  no calls yet"];
  const { calls, returned, keptOut } = summarizeStats("total", rows);
  const total: ToolStat = { tool: "total", calls, returned, keptOut };
  const cells = [
    ["tool", "calls", "returned", "kept out"],
    ...[...rows, total].map((r) => [r.tool, String(r.calls), formatBytes(r.returned), formatBytes(r.keptOut)]),
  ];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((c) => c[i]!.length)));
  return cells.map((c) => `  ${c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ")}`);
}
