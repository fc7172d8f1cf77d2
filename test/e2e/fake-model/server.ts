import { parseAnthropic, renderAnthropic } from "./anthropic.ts";
import { parseChat, renderChat } from "./chat.ts";
import { parseGemini, renderGemini } from "./gemini.ts";
import { parseResponses, renderResponses } from "./responses.ts";
import { decideReply, type ParsedRequest, type Reply, type Script } from "./script.ts";

export type { Script, ToolStep } from "./script.ts";

export type Api = "anthropic" | "responses" | "chat" | "gemini";

/** One model request the host made, as the fake parsed it, and what the fake answered. */
export interface ModelRequest {
  api: Api;
  path: string;
  body: unknown;
  parsed: ParsedRequest;
  reply: Reply;
}

/** A scripted model on 127.0.0.1 speaking the Anthropic, OpenAI (Responses, Chat) and Gemini APIs. */
export interface FakeModel {
  /** `http://127.0.0.1:<port>`, without a path. */
  url: string;
  port: number;
  /** Every model request so far, in arrival order. */
  requests: ModelRequest[];
  /** Requests to paths the fake does not model (kept so a failing test can show what the host wanted). */
  other: string[];
  /** Replaces the script; the recorded requests are kept. */
  setScript(script: Script): void;
  /** Requests whose reply was a tool call or the final text (not titles or classifiers). */
  conversation(): ModelRequest[];
  stop(): void;
}

/** Starts the fake on a random port. Extra GET routes serve fixed text (e.g. `/page` for a curl step). */
export function startFakeModel(script: Script, pages: Record<string, string> = {}): FakeModel {
  let current = script;
  const requests: ModelRequest[] = [];
  const other: string[] = [];

  const answer = (api: Api, path: string, body: unknown, parsed: ParsedRequest): Response => {
    const reply = decideReply(current, parsed, requests.length);
    requests.push({ api, path, body, parsed, reply });
    const render = { anthropic: renderAnthropic, responses: renderResponses, chat: renderChat, gemini: renderGemini }[api];
    const out = render(reply, parsed.model || "fake-model", parsed.stream);
    return new Response(out.body, { headers: { "content-type": out.type, "cache-control": "no-cache" } });
  };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const path = url.pathname;
      if (request.method === "GET" && pages[path] !== undefined) return new Response(pages[path]);
      if (request.method === "HEAD" || (request.method === "GET" && path === "/")) return new Response("ok");
      if (request.method === "GET" && /\/models\/?$/.test(path)) {
        return Response.json({ object: "list", data: [{ id: "fake-model", object: "model", created: 0, owned_by: "fake" }] });
      }
      const body: any = request.method === "POST" ? await request.json().catch(() => ({})) : {};
      if (path.endsWith("/messages/count_tokens")) return Response.json({ input_tokens: 100 });
      if (path.endsWith("/messages")) return answer("anthropic", path, body, parseAnthropic(body));
      if (path.endsWith("/responses")) return answer("responses", path, body, parseResponses(body));
      if (path.endsWith("/chat/completions")) return answer("chat", path, body, parseChat(body));
      const gemini = /\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/.exec(path);
      if (gemini) {
        if (gemini[2] === "countTokens") return Response.json({ totalTokens: 100 });
        const stream = gemini[2] === "streamGenerateContent";
        return answer("gemini", path, body, parseGemini(body, gemini[1]!, stream));
      }
      other.push(`${request.method} ${path}`);
      return new Response("not modelled by the fake", { status: 404 });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port!,
    requests,
    other,
    setScript: (s) => {
      current = s;
    },
    conversation: () => requests.filter((r) => r.parsed.tools.length > 0),
    stop: () => server.stop(true),
  };
}
