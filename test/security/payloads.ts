import type { HookKind, HostAdapter, HostReply } from "../../src/hooks/types.ts";
import { HOST_CASES } from "../hooks/hosts-table.ts";

/** Kinds of hostile stdin the fuzz tests generate; each generated payload names its kind. */
export const PAYLOAD_KINDS = [
  "random bytes",
  "invalid UTF-8",
  "truncated JSON",
  "wrong types",
  "missing fields",
  "deep nesting",
  "non-object JSON",
  "control characters",
  "huge strings",
  "valid",
] as const;
export type PayloadKind = (typeof PAYLOAD_KINDS)[number];

/** Kinds that can never be a usable payload: the reply must be the host's no-op. (Invalid UTF-8 inside a string decodes to U+FFFD and may leave a usable payload.) */
export const GARBAGE = new Set<PayloadKind>(["random bytes", "truncated JSON", "deep nesting", "non-object JSON"]);

export interface Payload {
  kind: PayloadKind;
  bytes: Uint8Array;
}

/** Every field name any host sends, for hosts without a table entry (a new adapter is fuzzed too). */
const UNION = (cwd: string) => ({
  session_id: "s",
  sessionId: "s",
  conversation_id: "s",
  cwd,
  workspace_roots: [cwd],
  hook_event_name: "x",
  tool_name: "Bash",
  toolName: "bash",
  tool_input: { command: "curl https://x" },
  toolArgs: { command: "ls" },
  tool_response: { stdout: "a\nb" },
  toolResult: { resultType: "success", textResultForLlm: "ok" },
  tool_output: "ok",
  prompt: "hello",
  source: "startup",
});

/** A payload the host would really send for this kind of event (the shape the fuzzer mutates). */
export function validPayload(host: string, kind: HookKind, cwd: string): Record<string, unknown> {
  const h = HOST_CASES.find((c) => c.host === host);
  if (!h) return UNION(cwd);
  switch (kind) {
    case "pre-tool":
      return h.preShell("s", cwd, "curl -s https://api.example.com/items") as Record<string, unknown>;
    case "post-tool":
      return h.postShell("s", cwd, "make", "compiled\n".repeat(20)) as Record<string, unknown>;
    case "prompt":
      return h.promptPayload("s", cwd, "why does the build fail") as Record<string, unknown>;
    case "session-start":
      return h.startPayload("s", cwd, "compact") as Record<string, unknown>;
    default:
      return { session_id: "s", sessionId: "s", cwd };
  }
}

/** A seeded generator of hostile payloads around `valid`. */
export function payloadGenerator(rand: () => number) {
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => int(256));
  const randomValue = (): unknown =>
    pick([
      () => null,
      () => int(1e9) - 5e8,
      () => rand() < 0.5,
      () => [],
      () => ({}),
      () => "x".repeat(int(50)),
      () => [int(9), "a"],
      () => ({ a: { b: null } }),
      () => -0.5,
      () => "",
    ])();

  function mutate(value: unknown, depth: number, how: "retype" | "drop"): unknown {
    if (typeof value !== "object" || value === null) return value;
    const out: Record<string, unknown> = Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...value };
    for (const key of Object.keys(out)) {
      const roll = rand();
      if (how === "retype" && roll < 0.35) out[key] = randomValue();
      else if (how === "drop" && roll < 0.35) delete out[key];
      else if (depth < 3) out[key] = mutate(out[key], depth + 1, how);
    }
    return out;
  }

  const text = (s: string) => Buffer.from(s);
  return function next(valid: Record<string, unknown>, kind = pick(PAYLOAD_KINDS)): Payload {
    const json = JSON.stringify(valid);
    switch (kind) {
      case "random bytes":
        return { kind, bytes: randomBytes(1 + int(8192)) };
      case "invalid UTF-8": {
        const head = text(json.slice(0, int(json.length)));
        const bad = pick([[0xff], [0xfe, 0xff], [0xc3, 0x28], [0xe2, 0x82], [0xf0, 0x28, 0x8c, 0x28], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]);
        return { kind, bytes: Buffer.concat([head, Uint8Array.from(bad), text(json.slice(head.length))]) };
      }
      case "truncated JSON":
        return { kind, bytes: text(json.slice(0, Math.max(1, int(json.length - 1)))) };
      case "wrong types":
        return { kind, bytes: text(JSON.stringify(mutate(valid, 0, "retype"))) };
      case "missing fields":
        return { kind, bytes: text(JSON.stringify(mutate(valid, 0, "drop"))) };
      case "deep nesting": {
        const n = 1_000 + int(200_000);
        return { kind, bytes: text(rand() < 0.5 ? `${"[".repeat(n)}${"]".repeat(n)}` : `${'{"a":'.repeat(n)}1${"}".repeat(n)}`) };
      }
      case "non-object JSON":
        return { kind, bytes: text(pick(["null", "[1,2,3]", '"PreToolUse"', "42", "true", "[]", "-1e999", '[{"session_id":"s"}]'])) };
      case "control characters": {
        const ctl = () => String.fromCharCode(pick([0, 1, 7, 8, 0x1b, 0x7f, 0x2028, 0x2029, 0xfeff, 0xd800]));
        return { kind, bytes: text(json.replace(/"([^"]*)"/g, (_m, s: string) => JSON.stringify(`${ctl()}${s}${ctl()}`))) };
      }
      case "huge strings": {
        const big = "A".repeat(100_000 + int(900_000));
        return { kind, bytes: text(JSON.stringify(mutate(valid, 0, "retype"), (_k, v) => (typeof v === "string" ? big : v))) };
      }
      case "valid":
        return { kind, bytes: text(json) };
    }
  };
}

/**
 * Whether `reply` is one the host accepts for this kind of event: its exit code and, for hosts
 * that read JSON, a JSON object whose top-level fields are among those ctxmode's replies use.
 */
export function validReply(adapter: HostAdapter, kind: HookKind, hostEvent: string, reply: HostReply): boolean {
  const samples = (["pass", "context", "deny", "replace"] as const).map((d) =>
    adapter.reply(
      kind,
      d === "pass"
        ? { action: "pass" }
        : d === "context"
          ? { action: "pass", context: "c" }
          : d === "deny"
            ? { action: "deny", reason: "r" }
            : { action: "replace", output: "o" },
      undefined,
      hostEvent,
    ),
  );
  if (!samples.some((s) => s.exitCode === reply.exitCode)) return false;
  const objects = samples.map((s) => parseObject(s.stdout)).filter((o) => o !== undefined);
  if (reply.stdout === "" || objects.length === 0) return reply.stdout === "" || samples.some((s) => s.stdout !== "" && parseObject(s.stdout) === undefined);
  const got = parseObject(reply.stdout);
  if (!got) return false;
  const known = new Set(objects.flatMap((o) => Object.keys(o)));
  return Object.keys(got).every((k) => known.has(k));
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}
