import { z } from "zod";
import { defineTool } from "../tool.ts";

/** `ctx_resume`: the session's working state after a compaction, or one full journal row. */
export function resumeTool() {
  return defineTool({
    name: "ctx_resume",
    title: "Session state",
    description: "After compaction: last request, open tasks, edited files, errors. seq: one full row.",
    schema: z.object({
      seq: z.number().min(1).optional().describe("Row number from the state"),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(args, ctx) {
      const [{ resumeText }, { ingestSpool, spoolDir }] = await Promise.all([import("../../session/resume.ts"), import("../../session/spool.ts")]);
      const { db, project } = await ctx.store();
      // Hooks spool their events; move them in so the state is current.
      ingestSpool(db, spoolDir(ctx.config.projectsDir, project.key), ctx.config.journalCap);
      // The server does not learn the host's session id; the hooks' latest session is this one.
      const text = resumeText(db, { session: ctx.config.session || undefined, seq: args.seq, cap: ctx.config.budgets.resumeCap });
      return { text, keptOut: 0 };
    },
  });
}
