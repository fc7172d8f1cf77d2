import { contentText, type ParsedRequest, type Reply, sse } from "./script.ts";

/** Gemini `generateContent` / `streamGenerateContent` (`POST /v1beta/models/<m>:<method>`), as Gemini CLI sends it. */
export function parseGemini(body: any, model: string, stream: boolean): ParsedRequest {
  const toolResults: string[] = [];
  const context: string[] = [contentText(body.systemInstruction?.parts ?? body.system_instruction?.parts)];
  for (const c of body.contents ?? []) {
    for (const part of c.parts ?? []) {
      if (part.functionResponse) toolResults.push(contentText(part.functionResponse.response));
      else if (c.role === "user" && typeof part.text === "string") context.push(part.text);
    }
  }
  const tools = (body.tools ?? []).flatMap((t: any) => (t.functionDeclarations ?? []).map((f: any) => f.name));
  return { model, stream, tools, toolResults, context: context.join("\n") };
}

/** The reply as a GenerateContentResponse, or that response as one SSE event. */
export function renderGemini(reply: Reply, model: string, stream: boolean): { body: string; type: string } {
  const part = reply.kind === "tool" ? { functionCall: { name: reply.step.name, args: reply.step.args } } : { text: reply.text };
  const response = {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 },
    modelVersion: model,
  };
  if (!stream) return { type: "application/json", body: JSON.stringify(response) };
  return { type: "text/event-stream", body: sse([{ data: response }]) };
}
