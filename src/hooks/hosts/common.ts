import { asObj, isObj, obj, responseText, str, type Obj } from "../payload.ts";
import { resolveToolName, type McpFormat } from "../tool-names.ts";
import type { HookEvent, HookKind, StartSource } from "../types.ts";

/** How one host lays out its payload; the snake_case Claude layout is the default. */
interface PayloadShape {
  format: McpFormat;
  /** Host tool names that look like MCP names in `underscore`/`dash` formats. */
  builtins?: ReadonlySet<string>;
  /** The host sends no session id (Kiro); its payload must then name its event (`hook_event_name`). */
  sessionless?: boolean;
  sessionKeys?: string[];
  toolKeys?: string[];
  inputKeys?: string[];
  responseKeys?: string[];
}

const DEFAULT_SHAPE = {
  sessionKeys: ["session_id", "sessionId", "conversation_id", "conversationId"],
  toolKeys: ["tool_name", "toolName"],
  inputKeys: ["tool_input", "toolArgs", "toolInput", "input", "args"],
  responseKeys: ["tool_response", "toolResult", "tool_output", "toolResponse", "tool_result", "output"],
};

/**
 * The neutral event from a payload laid out like Claude Code's (session_id, cwd, tool_name,
 * tool_input, tool_response, prompt, source), which most hosts copied with small differences.
 * `failedEvent` is true for the hosts' *Failure events (PostToolUseFailure …).
 */
export function parsePayload(host: string, kind: HookKind, raw: unknown, shape: PayloadShape, failedEvent = false): HookEvent {
  const o = asObj(raw);
  const s = { ...DEFAULT_SHAPE, ...shape };
  // A field that is there with the wrong type means the payload is not what we think it is.
  for (const key of [...s.sessionKeys, ...s.toolKeys, "cwd", "prompt", "source", "transcript_path", "agent_type"]) {
    const v = o[key];
    if (v !== undefined && v !== null && typeof v !== "string")
      throw new TypeError(`payload field ${key} is ${Array.isArray(v) ? "an array" : typeof v}, not a string`);
  }
  if (!s.sessionless && !str(o, ...s.sessionKeys)) throw new TypeError(`payload has no session id (${s.sessionKeys.join(" / ")})`);
  if (s.sessionless && !str(o, "hook_event_name")) throw new TypeError("payload has no hook_event_name");
  const event: HookEvent = { host, kind, session: sessionOf(o, s.sessionKeys, host), cwd: cwdOf(o) };
  if (kind === "pre-tool" || kind === "post-tool") {
    const name = str(o, ...s.toolKeys);
    if (!name) throw new TypeError("payload has no tool name");
    const input = obj(o, ...s.inputKeys) ?? {};
    event.tool = { ...resolveToolName(name, s.format, s.builtins), input };
    if (kind === "post-tool") {
      const key = s.responseKeys.find((k) => o[k] !== undefined);
      const response = key === undefined ? (typeof o.error === "string" ? o.error : "") : o[key];
      event.output = { text: responseText(response), failed: failedEvent || looksFailed(o, response) };
    }
  }
  if (kind === "prompt") event.prompt = str(o, "prompt", "user_prompt", "message", "text");
  if (kind === "session-start") event.source = startSource(str(o, "source", "reason", "trigger"));
  const agentType = str(o, "agent_type", "agentType");
  if (agentType && (o.agent_id !== undefined || o.agentId !== undefined)) event.subagent = agentType;
  return event;
}

/** The session id; without one, the transcript file's name, then the parent process (one host process = one session). */
function sessionOf(o: Obj, keys: string[], host: string): string {
  const id = str(o, ...keys);
  if (id) return id.slice(0, 200);
  const transcript = str(o, "transcript_path", "transcriptPath");
  const m = /([^\\/]+?)(?:\.jsonl?)?$/.exec(transcript);
  if (m) return m[1]!.slice(0, 200);
  return `${host}-ppid-${process.ppid}`;
}

function cwdOf(o: Obj): string {
  const cwd = str(o, "cwd", "workspaceFolder", "workspace_folder");
  if (cwd) return cwd;
  const roots = o.workspace_roots ?? o.workspaceRoots;
  return Array.isArray(roots) && typeof roots[0] === "string" ? roots[0] : "";
}

/** Hosts say a tool failed in many ways: flags, a result type, an error field, an exit code. */
function looksFailed(o: Obj, response: unknown): boolean {
  if (o.is_error === true || o.isError === true) return true;
  if (isObj(response)) {
    if (response.is_error === true || response.isError === true || response.interrupted === true) return true;
    if (typeof response.error === "string" ? response.error.trim() !== "" : isObj(response.error)) return true;
    const type = str(response, "resultType", "result_type", "status");
    if (/^(failure|failed|error|denied|rejected)$/i.test(type)) return true;
    const code = response.exit_code ?? response.exitCode ?? response.returncode;
    if (typeof code === "number" && code !== 0) return true;
  }
  const text = typeof response === "string" ? response : "";
  return /(?:^|\n)\s*(?:exit code|exited with code|process exited with code|command failed with exit code)[:\s]+[1-9]\d*\b/i.test(text.slice(-2_000));
}

function startSource(raw: string): StartSource {
  const s = raw.toLowerCase();
  if (s === "compact") return "compact";
  if (s === "resume" || s === "fork" || s === "reload") return "resume";
  if (s === "clear") return "clear";
  return "startup";
}

/** JSON reply on stdout, exit 0. */
export function json(value: unknown): { stdout: string; exitCode: number } {
  return { stdout: JSON.stringify(value), exitCode: 0 };
}
