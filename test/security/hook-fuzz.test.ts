import { describe, expect, test } from "bun:test";
import { HOSTS } from "../../src/hooks/hosts/index.ts";
import type { HookKind, HostAdapter } from "../../src/hooks/types.ts";
import { hookEnv, hookSandbox, runHook, seeded } from "./helpers.ts";
import { HOST_CASES } from "./hosts-table.ts";

/**
 * Garbage in, allow out: for every adapter and every event kind, seeded hostile stdin must end in
 * exit 0 with the host's no-op reply within HOOK_TIMEOUT (5,000 ms).
 */
const rand = seeded(0x5eed);
const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));

function cases(valid: string): [string, string | Uint8Array][] {
  const cut = Math.max(1, Math.floor(rand() * (valid.length - 1)));
  return [
    ["empty", ""],
    ["whitespace", " \n\t "],
    ["random bytes", bytes(4096)],
    ["invalid UTF-8", Uint8Array.from([0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x3a, 0xe2, 0x82, 0x7d])],
    ["truncated JSON", valid.slice(0, cut)],
    ["JSON null", "null"],
    ["JSON array", "[1,2,3]"],
    ["JSON string", '"PreToolUse"'],
    ["wrong types", JSON.stringify({ session_id: { a: 1 }, sessionId: 7, cwd: 42, tool_name: ["Bash"], toolName: null, tool_input: "curl https://x", toolArgs: 5, tool_response: 12, prompt: { text: 1 }, source: [] })],
    ["deep nesting", `${"[".repeat(200_000)}${"]".repeat(200_000)}`],
    ["deep object", `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`],
    ["NUL bytes", `{"session_id":"s\u0000","tool_name":"Bash\u0000","tool_input":{"command":"\u0000"}}`],
  ];
}

async function noop(host: string, kind: HookKind, event: string): Promise<string> {
  const adapter: HostAdapter = await HOSTS[host]!();
  return adapter.reply(kind, { action: "pass" }, undefined, event.toLowerCase()).stdout;
}

describe("fuzzed stdin for every adapter", () => {
  for (const h of HOST_CASES) {
    test(`${h.host}: every hostile payload on every event -> exit 0, the no-op reply, in time`, async () => {
      const box = hookSandbox("ctxmode-fuzz-");
      const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
      const events: [HookKind, string, string][] = [
        ["pre-tool", h.pre, JSON.stringify(h.preShell("s", box.project, "curl https://x"))],
        ["post-tool", h.post, JSON.stringify(h.postShell("s", box.project, "ls", "a\nb"))],
        ["prompt", h.prompt, JSON.stringify(h.promptPayload("s", box.project, "hello"))],
        ["session-start", h.start, JSON.stringify(h.startPayload("s", box.project, "compact"))],
      ];
      if (h.compact) events.push(["pre-compact", h.compact, JSON.stringify({ session_id: "s", cwd: box.project })]);
      for (const [kind, event, valid] of events) {
        const expected = await noop(h.host, kind, event);
        for (const [name, input] of cases(valid)) {
          const r = runHook(h.host, event, input, env);
          expect({ host: h.host, event, name, code: r.code, stdout: r.stdout, slow: r.ms > 5_000 }).toEqual({ host: h.host, event, name, code: 0, stdout: expected, slow: false });
        }
      }
    });
  }

  test("100 MB of stdin: drained, answered with the no-op reply, in time, for every adapter", async () => {
    const box = hookSandbox("ctxmode-fuzz-big-");
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    // A syntactically valid payload that is simply too big: the hook must not try to parse it.
    const head = Buffer.from('{"session_id":"s","tool_name":"Bash","tool_input":{"command":"');
    const big = Buffer.alloc(100 * 1024 * 1024, 0x61);
    head.copy(big);
    for (const h of HOST_CASES) {
      const r = runHook(h.host, h.pre, big, env);
      const expected = await noop(h.host, "pre-tool", h.pre);
      expect({ host: h.host, code: r.code, stdout: r.stdout, slow: r.ms > 5_000 }).toEqual({ host: h.host, code: 0, stdout: expected, slow: false });
    }
  }, 120_000);
});
