import { statSync } from "node:fs";
import { z } from "zod";
import type { Config } from "../../config/config.ts";
import { CtxError } from "../../errors.ts";
import { LANGUAGE_IDS } from "../../sandbox/languages.ts";
import { budgetOutput } from "../budget.ts";
import { allowedPath } from "../paths.ts";
import { CAPTURE_CAP, combinedOutput, runStatus } from "../run-output.ts";
import { defineTool } from "../tool.ts";
import { checkShell } from "./shell-policy.ts";

/** `ctx_execute`: run code in the sandbox; only what it prints (within budget) reaches the context. */
export function executeTool(config: Config) {
  const { execTimeoutMs, execTimeoutMaxMs } = config.budgets;
  return defineTool({
    name: "ctx_execute",
    title: "Run code (executes it on this machine)",
    description:
      "Run code in the project dir; only what it prints returns. Process data here instead of reading it: " +
      "big output is indexed and you get a preview, or the parts matching `intent`.",
    schema: z.object({
      language: z.string().describe(`${LANGUAGE_IDS.join("|")} (js, ts, py, sh accepted)`),
      code: z.string().describe("Code to run; print only what you need"),
      file: z.string().optional().describe("File for the code: path in FILE_PATH, text in FILE_CONTENT"),
      intent: z.string().optional().describe("What you look for; big output returns matching parts"),
      timeout: z.number().positive().optional().describe(`ms, default ${execTimeoutMs}, max ${execTimeoutMaxMs}`),
      cwd: z.string().optional().describe("Working dir inside the project"),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    async run(args, ctx, signal) {
      const { resolveLanguage } = await import("../../sandbox/languages.ts");
      const language = resolveLanguage(args.language);
      if (args.code.trim() === "") throw new CtxError("BAD_INPUT", "`code` is empty; pass the code to run");
      const timeoutMs = args.timeout ?? execTimeoutMs;
      if (timeoutMs > execTimeoutMaxMs) {
        throw new CtxError("BAD_INPUT", `\`timeout\` ${timeoutMs} ms is over the maximum of ${execTimeoutMaxMs} ms; pass a smaller one`);
      }
      const policy = await ctx.policy();
      if (language === "shell") checkShell(policy, args.code);
      const filePath = args.file === undefined ? undefined : await allowedPath(ctx, policy, "file", args.file, "file");
      const cwd = args.cwd === undefined ? ctx.projectDir : await allowedPath(ctx, policy, "cwd", args.cwd, "dir");
      const processedBytes = filePath === undefined ? 0 : statSync(filePath).size;
      const { runCode } = await import("../../sandbox/run.ts");
      const result = await runCode({
        language,
        code: args.code,
        cwd,
        env: ctx.config.env,
        timeoutMs,
        signal,
        filePath,
        captureCap: CAPTURE_CAP,
      });
      const { status, failed } = runStatus(result, timeoutMs);
      const { text, totalBytes } = combinedOutput(result);
      const reply = await budgetOutput(ctx, {
        status,
        text,
        totalBytes,
        failed,
        stderr: result.stderr,
        intent: args.intent,
        labelPrefix: `exec:${language}`,
        processedBytes,
      });
      return { ...reply, isError: failed };
    },
  });
}
