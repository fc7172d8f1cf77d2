import { z } from "zod";
import type { Config } from "../../config/config.ts";
import { CtxError, errorMessage } from "../../errors.ts";
import type { RunResult } from "../../sandbox/run.ts";
import { matchesFor } from "../budget.ts";
import { indexText } from "../indexing.ts";
import { byteLength, quote, searchCall, splitLines, tailLines } from "../format.ts";
import { allowedPath } from "../paths.ts";
import { CAPTURE_CAP, combinedOutput, runStatus, runTimeout } from "../run-output.ts";
import type { ToolContext } from "../context.ts";
import { defineTool, type ToolReply } from "../tool.ts";
import { checkShell } from "./shell-policy.ts";
import { formatBytes } from "../../preview/clip.ts";

const Command = z.union([z.string(), z.object({ label: z.string().optional(), command: z.string() })]);

interface Ran {
  label: string;
  command: string;
  status: string;
  failed: boolean;
  text: string;
  stderr: string;
  totalBytes: number;
}

/** `ctx_batch`: several shell commands and several searches over their output in one call. */
export function batchTool(config: Config) {
  const { execTimeoutMs, execTimeoutMaxMs } = config.budgets;
  return defineTool({
    name: "ctx_batch",
    title: "Run commands (executes them)",
    description: "Run shell commands, index all output, return the parts matching each query " + "(all of it when small). One call instead of many.",
    schema: z.object({
      commands: z.array(Command).min(1).max(50).describe("Commands or {label, command}"),
      queries: z.array(z.string()).max(20).optional().describe("Searches over the output"),
      timeout: z.number().min(1).optional().describe(`ms in all, default ${execTimeoutMs}, max ${execTimeoutMaxMs}`),
      cwd: z.string().optional().describe("Dir inside the project"),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    async run(args, ctx, signal) {
      const commands = args.commands.map((c, i) => {
        const command = typeof c === "string" ? c : c.command;
        const label = (typeof c === "string" ? "" : c.label?.trim()) || `${i + 1}: ${oneLine(command, 60)}`;
        if (command.trim() === "") throw new CtxError("BAD_INPUT", `\`commands.${i}\` is empty; pass a shell command`);
        return { label, command };
      });
      const queries = (args.queries ?? []).map((q) => q.trim()).filter(Boolean);
      const timeoutMs = runTimeout(args.timeout, config.budgets);
      const policy = await ctx.policy();
      // Every command is checked before the first one runs: a denial runs nothing.
      commands.forEach((c, i) => {
        checkShell(policy, c.command, `command ${i + 1}`);
      });
      const cwd = args.cwd === undefined ? ctx.projectDir : await allowedPath(ctx, policy, "cwd", args.cwd, "dir");

      const { runCode } = await import("../../sandbox/run.ts");
      const deadline = performance.now() + timeoutMs;
      const ran: Ran[] = [];
      for (const c of commands) {
        const left = Math.round(deadline - performance.now());
        if (left <= 0 || signal.aborted) {
          const why = signal.aborted ? "cancelled" : "batch timeout used up";
          ran.push({ ...c, status: `skipped (${why})`, failed: true, text: "", stderr: "", totalBytes: 0 });
          continue;
        }
        const result: RunResult = await runCode({
          language: "shell",
          code: c.command,
          cwd,
          env: ctx.config.env,
          timeoutMs: left,
          signal,
          captureCap: CAPTURE_CAP,
        });
        const { status, failed } = runStatus(result, left);
        ran.push({ ...c, status, failed, stderr: result.stderr, ...combinedOutput(result) });
      }
      return replyFor(ctx, ran, queries);
    },
  });
}

/** Small output whole; large output as per-command status lines plus matches per query (or tails). */
async function replyFor(ctx: ToolContext, ran: Ran[], queries: string[]): Promise<ToolReply> {
  const cap = ctx.config.budgets.outputCap;
  const total = ran.reduce((n, r) => n + r.totalBytes, 0);
  const failed = ran.some((r) => r.failed);
  // One failing command (a grep with no match) does not make the batch an error; all failing does.
  const allFailed = ran.every((r) => r.failed);
  const head = `batch · ${ran.length} command${ran.length === 1 ? "" : "s"}${failed ? ` (${ran.filter((r) => r.failed).length} failed)` : ""}`;
  // All output is indexed, one source per command under a shared prefix, so later searches find it.
  const base = ctx.nextLabel("batch");
  let db: Awaited<ReturnType<typeof indexText>>["db"] | undefined;
  let failure = "";
  try {
    for (const [i, r] of ran.entries()) {
      if (r.text.trim()) db = (await indexText(ctx, `${base}/${i + 1}`, `$ ${r.command}\n${r.text}`)).db;
    }
  } catch (err) {
    // An unusable store must not lose the output: the reply falls back to tails.
    db = undefined;
    failure = errorMessage(err);
  }
  const where = failure ? `(not indexed: ${failure})` : `→ indexed as ${quote(base)}`;
  if (total <= cap) {
    const sections = ran.map((r) => `# ${r.label} · ${r.status} · ${formatBytes(r.totalBytes)}\n$ ${oneLine(r.command, 500)}\n${r.text}`.trimEnd());
    const note = db ? `; indexed as ${quote(base)}` : failure ? ` ${where}` : "";
    return { text: `${head} · ${formatBytes(total)}${note}\n${sections.join("\n\n")}`, keptOut: 0, isError: allFailed };
  }
  const parts: string[] = [ran.map((r) => `  ${r.status} · ${formatBytes(r.totalBytes)}  ${r.label}`).join("\n")];
  for (const r of ran.filter((x) => x.failed && x.stderr.trim())) {
    const tail = tailLines(splitLines(r.stderr), Math.floor(cap / 8 / ran.length));
    parts.push(`# ${r.label} stderr (last ${tail.length} lines)\n${tail.join("\n")}`);
  }
  if (queries.length && db) {
    const share = Math.floor(cap / 2 / queries.length);
    for (const q of queries) {
      const found = await matchesFor(ctx, db, base, q, share);
      parts.push(found || `no match for ${quote(q)}`);
    }
  } else {
    // Without queries: the last lines of each command, where summaries and errors usually are.
    const share = Math.floor(cap / 3 / ran.length);
    for (const r of ran) {
      const tail = tailLines(splitLines(r.text), share);
      if (tail.length) parts.push(`# ${r.label} (last ${tail.length} lines)\n${tail.join("\n")}`);
    }
  }
  if (db) parts.push(`more: ${searchCall(base, queries[0])}`);
  const body = parts.join("\n\n");
  const shown = byteLength(body);
  const keptOut = Math.max(0, total - shown);
  const header = `${head} · ${formatBytes(total)} output, ${formatBytes(shown)} shown, ${formatBytes(keptOut)} kept out ${where}`;
  return { text: `${header}\n${body}`, keptOut, isError: allFailed };
}

function oneLine(text: string, max: number): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
