import { contentText, type ParsedRequest, type Reply, sse } from "./script.ts";

/** OpenAI Chat Completions (`POST /v1/chat/completions`), as Qwen Code, Copilot CLI, OpenCode and Pi send it. */
export function parseChat(body: any): ParsedRequest {
  const toolResults: string[] = [];
  const context: string[] = [];
  for (const m of body.messages ?? []) {
    if (m.role === "tool") toolResults.push(contentText(m.content));
    else if (m.role === "user" || m.role === "system" || m.role === "developer") context.push(contentText(m.content));
  }
  return {
    model: body.model ?? "",
    stream: body.stream === true,
    tools: (body.tools ?? []).map((t: any) => t.function?.name ?? t.name),
    toolResults,
    context: context.join("\n"),
  };
}

/** The reply as a chat.completion body, or as chunks ending in `[DONE]`. */
export function renderChat(reply: Reply, model: string, stream: boolean): { body: string; type: string } {
  const id = `chatcmpl_${Date.now()}`;
  const created = Math.floor(Date.now() / 1000);
  const toolCall =
    reply.kind === "tool" ? { id: reply.callId, type: "function", function: { name: reply.step.name, arguments: JSON.stringify(reply.step.args) } } : undefined;
  const finish = reply.kind === "tool" ? "tool_calls" : "stop";
  const usage = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };
  if (!stream) {
    const message = toolCall ? { role: "assistant", content: null, tool_calls: [toolCall] } : { role: "assistant", content: (reply as { text: string }).text };
    return {
      type: "application/json",
      body: JSON.stringify({ id, object: "chat.completion", created, model, choices: [{ index: 0, message, finish_reason: finish }], usage }),
    };
  }
  const chunk = (delta: unknown, finishReason: string | null, extra: object = {}) => ({
    data: { id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra },
  });
  const delta = toolCall
    ? { role: "assistant", content: null, tool_calls: [{ index: 0, ...toolCall }] }
    : { role: "assistant", content: (reply as { text: string }).text };
  const events = [
    chunk(delta, null),
    chunk({}, finish),
    { data: { id, object: "chat.completion.chunk", created, model, choices: [], usage } },
    { data: "[DONE]" },
  ];
  return { type: "text/event-stream", body: sse(events) };
}
