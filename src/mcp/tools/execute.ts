import { statSync } from "node:fs";
import { z } from "zod";
import type { Config } from "../../config/config.ts";
import { CtxError } from "../../errors.ts";
import { LANGUAGE_IDS, type LanguageId } from "../../sandbox/languages.ts";
import { budgetOutput } from "../budget.ts";
import { allowedPath } from "../paths.ts";
import { CAPTURE_CAP, combinedOutput, runStatus, runTimeout } from "../run-output.ts";
import { defineTool } from "../tool.ts";
import { checkShell } from "./shell-policy.ts";

/** The language ids as the schema lists them: the four common ones by their short alias (both are accepted). */
const SHORT: Partial<Record<LanguageId, string>> = { javascript: "js", typescript: "ts", python: "py", shell: "sh" };
const LANGUAGE_LIST = LANGUAGE_IDS.map((id) => SHORT[id] ?? id).join(", ");

/** `ctx_execute`: run code in the sandbox; only what it prints (within budget) reaches the context. */
export function executeTool(config: Config) {
  const { execTimeoutMs, execTimeoutMaxMs } = config.budgets;
  return defineTool({
    name: "ctx_execute",
    title: "Run code (executes it)",
    description:
      "Run code in the project dir; only what it prints comes back. Process data here, not in context: " +
      "big output is indexed and previewed, or matched to `intent`.",
    schema: z.object({
      language: z.string().describe(LANGUAGE_LIST),
      code: z.string().describe("Code to run; print only what you need"),
      file: z.string().optional().describe("Its path is FILE_PATH, its text FILE_CONTENT"),
      intent: z.string().optional().describe("What you look for in big output"),
      timeout: z.number().min(1).optional().describe(`ms, default ${execTimeoutMs}, max ${execTimeoutMaxMs}`),
      cwd: z.string().optional().describe("Dir inside the project"),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    async run(args, ctx, signal) {
      const { resolveLanguage } = await import("../../sandbox/languages.ts");
      const language = resolveLanguage(args.language);
      if (args.code.trim() === "") throw new CtxError("BAD_INPUT", "`code` is empty; pass the code to run");
      const timeoutMs = runTimeout(args.timeout, config.budgets);
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
