/** A lane: one subject with its own HOME, data dir and project, and (while open) its MCP server. */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { hookEffect, runHook, type HookEffect, type HookRun } from "./hook-run.ts";
import { McpSession } from "./mcp.ts";
import type { HookRole, Subject } from "./subjects.ts";
import { HOST_CASES, type HostCase } from "../../test/hooks/hosts-table.ts";

export class Lane {
  session!: McpSession;
  readonly env: Record<string, string>;

  constructor(
    readonly subject: Subject,
    /** This lane's own temp root: home/ and data/ live under it. */
    readonly root: string,
    readonly project: string,
  ) {
    mkdirSync(join(root, "home"), { recursive: true });
    this.env = subject.env(join(root, "home"), join(root, "data"), project);
  }

  async open(): Promise<this> {
    this.session = await McpSession.start(this.subject, this.env, this.project);
    return this;
  }

  async close(): Promise<void> {
    await this.session?.close();
  }

  /** Runs a hook of `host` (a ctxmode host name) for a role; undefined when the subject has no such hook. */
  hook(host: string, role: HookRole, payload: unknown): (HookRun & HookEffect) | undefined {
    const c = hostCase(host);
    const event = { pre: c.pre, post: c.post, prompt: c.prompt, start: c.start, compact: c.compact ?? "" }[role];
    const argv = this.subject.hook(host, role, event);
    if (!argv || !event) return undefined;
    const run = runHook(argv, this.env, payload, this.project);
    return { ...run, ...hookEffect(run.stdout) };
  }
}

export function hostCase(host: string): HostCase {
  const c = HOST_CASES.find((h) => h.host === host);
  if (!c) throw new Error(`unknown host ${host}`);
  return c;
}

/** Claude Code's hook payload: the fields every event carries plus the event's own. */
export function claudePayload(session: string, project: string, event: string, extra: Record<string, unknown>): Record<string, unknown> {
  return { session_id: session, transcript_path: join(project, ".bench-transcripts", `${session}.jsonl`), cwd: project, hook_event_name: event, ...extra };
}
