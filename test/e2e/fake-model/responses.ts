import { contentText, type ParsedRequest, type Reply, sse } from "./script.ts";

/** OpenAI Responses API (`POST /v1/responses`), as Codex sends it. */
export function parseResponses(body: any): ParsedRequest {
  const tools: string[] = [];
  for (const t of body.tools ?? []) {
    if (t.type === "namespace") for (const inner of t.tools ?? []) tools.push(`${t.name}.${inner.name}`);
    else tools.push(t.name ?? t.type);
  }
  const toolResults: string[] = [];
  const context: string[] = [contentText(body.instructions)];
  const input = typeof body.input === "string" ? [{ role: "user", content: body.input }] : (body.input ?? []);
  for (const item of input) {
    if (item.type === "function_call_output" || item.type === "custom_tool_call_output") toolResults.push(contentText(item.output));
    else if (item.role === "user" || item.role === "developer" || item.role === "system") context.push(contentText(item.content));
  }
  return { model: body.model ?? "", stream: body.stream === true, tools, toolResults, context: context.join("\n") };
}

/** The reply as a Responses API body, or as its SSE stream (created, item added/done, completed). */
export function renderResponses(reply: Reply, model: string, stream: boolean): { body: string; type: string } {
  const id = `resp_${Date.now()}`;
  const item =
    reply.kind === "tool"
      ? {
          type: "function_call",
          id: `fc_${reply.callId}`,
          call_id: reply.callId,
          name: reply.step.name,
          ...(reply.step.namespace ? { namespace: reply.step.namespace } : {}),
          arguments: JSON.stringify(reply.step.args),
          status: "completed",
        }
      : {
          type: "message",
          id: `msg_${id}`,
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: reply.text, annotations: [] }],
        };
  const usage = {
    input_tokens: 100,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 20,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 120,
  };
  const response = { id, object: "response", created_at: Math.floor(Date.now() / 1000), model, status: "completed", output: [item], usage };
  if (!stream) return { type: "application/json", body: JSON.stringify(response) };
  const events = [
    { event: "response.created", data: { type: "response.created", response: { ...response, status: "in_progress", output: [] } } },
    { event: "response.output_item.added", data: { type: "response.output_item.added", output_index: 0, item } },
    ...(reply.kind === "text"
      ? [
          {
            event: "response.output_text.delta",
            data: { type: "response.output_text.delta", item_id: item.id, output_index: 0, content_index: 0, delta: reply.text },
          },
        ]
      : []),
    { event: "response.output_item.done", data: { type: "response.output_item.done", output_index: 0, item } },
    { event: "response.completed", data: { type: "response.completed", response } },
  ];
  return { type: "text/event-stream", body: sse(events) };
}
