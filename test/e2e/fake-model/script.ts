/** One scripted model turn that calls a tool. `name` is the exact tool name the host offers the model. */
export interface ToolStep {
  name: string;
  args: Record<string, unknown>;
  /** Codex only: MCP tools are offered inside a Responses-API namespace (`mcp__<server>`). */
  namespace?: string;
}

/**
 * A conversation: the model calls each step's tool in order, one per turn, then answers `finalText`.
 * The step is chosen from the number of tool results already in the request, so hosts that send extra
 * requests (titles, classifiers, retries) get a consistent answer without server-side state.
 */
export interface Script {
  steps: ToolStep[];
  finalText: string;
}

/** What the fake read from one model request, in API-neutral terms. */
export interface ParsedRequest {
  model: string;
  stream: boolean;
  /** Names of the tools offered (Codex namespace tools as `<namespace>.<name>`). */
  tools: string[];
  /** Text of every tool result in the conversation, oldest first. */
  toolResults: string[];
  /** System/developer instructions and every user message, joined: where hosts put injected context. */
  context: string;
}

/** The reply the fake sends for one request. */
export type Reply = { kind: "tool"; step: ToolStep; callId: string } | { kind: "text"; text: string };

/** Picks the reply for a request: the next tool step, a plain text for tool-less requests, or the final text. */
export function decideReply(script: Script, req: ParsedRequest, requestNo: number): Reply {
  // Title generation, topic classifiers and summaries come without tools: answer them with text.
  if (req.tools.length === 0) return { kind: "text", text: "Fake title" };
  const step = script.steps[req.toolResults.length];
  if (step === undefined) return { kind: "text", text: script.finalText };
  return { kind: "tool", step, callId: `call_e2e_${requestNo}_${req.toolResults.length}` };
}

/** Flattens MCP/Anthropic/OpenAI content (string, parts array, nested objects) into plain text. */
export function contentText(content: unknown): string {
  if (content == null) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map(contentText).join("\n");
  if (typeof content === "object") {
    const o = content as Record<string, unknown>;
    if (typeof o.text === "string") return o.text;
    if ("content" in o) return contentText(o.content);
    if ("output" in o) return contentText(o.output);
    return JSON.stringify(o);
  }
  return String(content);
}

/** Server-sent events framing, with or without an `event:` line. */
export function sse(events: { event?: string; data: unknown }[]): string {
  return events.map((e) => `${e.event ? `event: ${e.event}\n` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`).join("");
}
