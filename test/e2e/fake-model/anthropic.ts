import { contentText, type ParsedRequest, type Reply, sse } from "./script.ts";

/** Anthropic Messages API (`POST /v1/messages`), as Claude Code sends it. */
export function parseAnthropic(body: any): ParsedRequest {
  const messages: any[] = body.messages ?? [];
  const toolResults: string[] = [];
  const userText: string[] = [];
  for (const m of messages) {
    // Claude Code also sends mid-conversation `system` turns (environment, deferred tool names).
    if (m.role === "assistant") continue;
    if (typeof m.content === "string") {
      userText.push(m.content);
      continue;
    }
    for (const block of m.content ?? []) {
      if (block.type === "tool_result") toolResults.push(contentText(block.content));
      else if (block.type === "text") userText.push(block.text);
    }
  }
  return {
    model: body.model ?? "",
    stream: body.stream === true,
    tools: (body.tools ?? []).map((t: any) => t.name),
    toolResults,
    context: [contentText(body.system), ...userText].join("\n"),
  };
}

/** The reply as a Messages API body, or as its SSE stream. */
export function renderAnthropic(reply: Reply, model: string, stream: boolean): { body: string; type: string } {
  const block =
    reply.kind === "tool"
      ? { type: "tool_use", id: `toolu_${reply.callId}`, name: reply.step.name, input: reply.step.args }
      : { type: "text", text: reply.text };
  const stopReason = reply.kind === "tool" ? "tool_use" : "end_turn";
  const usage = { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const message = { id: `msg_${Date.now()}`, type: "message", role: "assistant", model, stop_sequence: null };
  if (!stream) {
    return { type: "application/json", body: JSON.stringify({ ...message, content: [block], stop_reason: stopReason, usage }) };
  }
  const delta =
    block.type === "tool_use"
      ? { type: "input_json_delta", partial_json: JSON.stringify(block.input) }
      : { type: "text_delta", text: (block as { text: string }).text };
  const start = block.type === "tool_use" ? { ...block, input: {} } : { type: "text", text: "" };
  const events = [
    { event: "message_start", data: { type: "message_start", message: { ...message, content: [], stop_reason: null, usage } } },
    { event: "content_block_start", data: { type: "content_block_start", index: 0, content_block: start } },
    { event: "content_block_delta", data: { type: "content_block_delta", index: 0, delta } },
    { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
    { event: "message_delta", data: { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 20 } } },
    { event: "message_stop", data: { type: "message_stop" } },
  ];
  return { type: "text/event-stream", body: sse(events) };
}
