/** Hook processes: spawn with a JSON payload on stdin, time the run, read what the reply puts in context. */

export interface HookRun {
  stdout: string;
  exitCode: number;
  ms: number;
}

/** Longest a hook may run here; a host would have given up long before. */
const HOOK_LIMIT_MS = 30_000;

export function runHook(argv: string[], env: Record<string, string>, payload: unknown, cwd?: string): HookRun {
  const stdin = payload === undefined ? new Uint8Array() : Buffer.from(JSON.stringify(payload));
  const t = performance.now();
  const r = Bun.spawnSync(argv, { stdin, env, cwd, stdout: "pipe", stderr: "pipe", timeout: HOOK_LIMIT_MS });
  const ms = performance.now() - t;
  return { stdout: r.stdout.toString(), exitCode: r.exitCode ?? -1, ms };
}

/** What a Claude Code hook reply does to the model's context. */
export interface HookEffect {
  denied: boolean;
  /** Text that replaces the tool's output, when the hook replaced it. */
  replaced?: string;
  /** Bytes the reply adds to the context: a deny reason, additional context, or plain stdout. */
  contextBytes: number;
}

export function hookEffect(stdout: string): HookEffect {
  const text = stdout.trim();
  if (!text) return { denied: false, contextBytes: 0 };
  let reply: Record<string, any>;
  try {
    reply = JSON.parse(text);
  } catch {
    // Plain stdout of SessionStart/UserPromptSubmit is added to the context as it is.
    return { denied: false, contextBytes: Buffer.byteLength(text) };
  }
  const out = (reply.hookSpecificOutput ?? {}) as Record<string, any>;
  const bytes = (s: unknown) => (typeof s === "string" ? Buffer.byteLength(s) : 0);
  const denied = out.permissionDecision === "deny" || reply.decision === "block" || reply.decision === "deny";
  let replaced: string | undefined;
  if (out.updatedToolOutput && typeof out.updatedToolOutput.stdout === "string") replaced = out.updatedToolOutput.stdout;
  if (Array.isArray(out.updatedMCPToolOutput)) replaced = out.updatedMCPToolOutput.map((c: { text?: string }) => c.text ?? "").join("");
  const contextBytes = bytes(out.permissionDecisionReason) + bytes(out.additionalContext) + bytes(reply.reason) + bytes(reply.systemMessage);
  return { denied, replaced, contextBytes };
}
