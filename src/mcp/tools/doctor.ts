import { z } from "zod";
import { defineTool } from "../tool.ts";

/** `ctx_doctor`: the same rows as `ctxmode doctor`, for the agent to read and act on. */
export function doctorTool() {
  return defineTool({
    name: "ctx_doctor",
    title: "Check ctxmode",
    description: "Check the install and each agent's config, hook and MCP server.",
    schema: z.object({}),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(_args, ctx) {
      const { runChecks } = await import("../../doctor/checks.ts");
      const checks = await runChecks(ctx.config);
      const failed = checks.filter((c) => c.status === "FAIL").length;
      const warned = checks.filter((c) => c.status === "WARN").length;
      const head = failed
        ? `ctx_doctor: ${failed} FAIL, ${warned} WARN; run each fix shown`
        : `ctx_doctor: all ${checks.length} checks pass${warned ? ` (${warned} WARN)` : ""}`;
      const rows = checks.flatMap((c) => [`${c.status}  ${c.name}: ${c.detail}`, ...(c.fix ? [`      fix: ${c.fix}`] : [])]);
      return { text: [head, ...rows].join("\n"), keptOut: 0, isError: failed > 0 };
    },
  });
}
