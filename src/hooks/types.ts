import type { Host } from "../hosts/index.ts";
import type { HookKind } from "../hosts/types.ts";
import type { McpFormat, ToolName } from "./tool-names.ts";

/** The five moments ctxmode acts on, whatever each host calls them (named in the host registry). */
export type { HookKind };

/** Why a session (re)started: a fresh start, a resumed/forked session, or a restart after compaction. */
export type StartSource = "startup" | "resume" | "compact" | "clear";

/** A tool call as every host reports it, after the adapter has normalised names and fields. */
export interface ToolCall extends ToolName {
  input: Record<string, unknown>;
}

/** One hook invocation in host-neutral form. */
export interface HookEvent {
  host: string;
  kind: HookKind;
  /** The host's session id, or a stable stand-in (see each adapter). */
  session: string;
  /** The directory the host says the agent works in ("" when it gave none). */
  cwd: string;
  tool?: ToolCall;
  /** post-tool: the tool's output as the model would see it, and whether the tool failed. */
  output?: { text: string; failed: boolean };
  prompt?: string;
  source?: StartSource;
  /** The agent type when the caller is a subagent (Claude Code `agent_type`). */
  subagent?: string;
}

/**
 * What ctxmode wants: let the call pass (optionally adding context for the model), deny it with
 * a reason that names the ctx_* call to make instead, or (post-tool) replace the output.
 */
export type Decision = { action: "pass"; context?: string } | { action: "deny"; reason: string } | { action: "replace"; output: string };

/** What the hook process prints and how it exits. */
export interface HostReply {
  stdout: string;
  stderr?: string;
  exitCode: number;
}

/** What a host can do with ctxmode's answers (reference/hosts.md, per host). */
export interface HostCaps {
  /** Pre-tool additionalContext reaches the model. */
  preToolContext: boolean;
  /** The host shows SessionStart context as plain text (then a one-line pointer replaces the state block). */
  plainContext: boolean;
}

/** One host: its event names, how it spells MCP tools, how to read its payload and write its reply. */
export interface HostAdapter {
  name: string;
  /** Host event name, lower-cased -> the moment it stands for. */
  events: Readonly<Record<string, HookKind>>;
  mcpFormat: McpFormat;
  caps: HostCaps;
  /** Builds the neutral event; throws on a payload it cannot use (the caller answers with `reply(kind, pass)`). */
  parse(kind: HookKind, payload: unknown, hostEvent: string): HookEvent;
  /** True when this host lets a post-tool hook replace this tool's output. */
  canReplace(tool: ToolCall): boolean;
  /** The host's exact reply for a decision; `{ action: "pass" }` is the allow / no-op reply. */
  reply(kind: HookKind, decision: Decision, event?: HookEvent, hostEvent?: string): HostReply;
}

/**
 * One reply contract (src/hooks/hosts/<shape>.ts), shared by the hosts that answer alike: the exact
 * reply for a decision, and the payload reading when the common one (common.ts) does not fit.
 */
export interface ReplyContract {
  reply(host: Host, kind: HookKind, decision: Decision, event: HookEvent | undefined, hostEvent: string): HostReply;
  parse?(host: Host, kind: HookKind, payload: unknown, hostEvent: string): HookEvent;
}

/** The reply that changes nothing: exit 0, empty stdout (hosts that require JSON override it). */
export const SILENT: HostReply = { stdout: "", exitCode: 0 };
