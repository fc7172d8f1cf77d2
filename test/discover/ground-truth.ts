import type { FakeModel } from "../e2e/fake-model/server.ts";

/** Text of a tool result as the wire carried it: a string, or text parts joined by newlines. */
function wireText(content: unknown): string {
  if (content == null) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map(wireText).join("\n");
  if (typeof content === "object") {
    const o = content as Record<string, unknown>;
    if (typeof o.text === "string") return o.text;
    if ("content" in o) return wireText(o.content);
  }
  return JSON.stringify(content);
}

/** The tool results of one request body, as [call id or name, text] in order, whatever the API. */
function resultsOf(api: string, body: any): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  if (api === "anthropic") {
    for (const m of body.messages ?? [])
      for (const b of Array.isArray(m.content) ? m.content : []) if (b.type === "tool_result") out.push({ name: b.tool_use_id, text: wireText(b.content) });
  } else if (api === "responses") {
    for (const item of Array.isArray(body.input) ? body.input : []) {
      if (item.type === "function_call_output" || item.type === "custom_tool_call_output") out.push({ name: item.call_id, text: wireText(item.output) });
    }
  } else if (api === "chat") {
    for (const m of body.messages ?? []) if (m.role === "tool") out.push({ name: m.tool_call_id, text: wireText(m.content) });
  } else if (api === "gemini") {
    for (const c of body.contents ?? []) {
      for (const p of c.parts ?? []) {
        const r = p.functionResponse?.response;
        if (r) out.push({ name: p.functionResponse.name, text: wireText(r.output ?? r.error ?? r) });
      }
    }
  }
  return out;
}

/**
 * Bytes of tool results per tool that the fake model received: the request that carried the most
 * results holds every one of them (hosts resend the whole conversation). `names` gives the tool
 * of the i-th result (the scripted steps, in order).
 */
export function receivedByTool(fake: FakeModel, names: string[]): Map<string, number> {
  let best: { name: string; text: string }[] = [];
  for (const r of fake.conversation()) {
    const results = resultsOf(r.api, r.body);
    if (results.length > best.length) best = results;
  }
  const out = new Map<string, number>();
  best.forEach((r, i) => {
    const tool = names[i] ?? r.name;
    out.set(tool, (out.get(tool) ?? 0) + Buffer.byteLength(r.text));
  });
  return out;
}

/** Per-tool differences over 1% between what discover counted and what the model received, as lines. */
export function mismatches(counted: Map<string, number>, received: Map<string, number>): string[] {
  const bad: string[] = [];
  for (const tool of new Set([...counted.keys(), ...received.keys()])) {
    const c = counted.get(tool) ?? 0;
    const r = received.get(tool) ?? 0;
    if (Math.abs(c - r) > r * 0.01) bad.push(`${tool}: discover ${c} B, the model received ${r} B`);
  }
  return bad;
}
