import { describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config/config.ts";
import { ADAPTERS } from "../../src/hooks/hosts/index.ts";
import { noopReply, respond } from "../../src/hooks/respond.ts";
import type { HookKind, HostAdapter } from "../../src/hooks/types.ts";
import { figure } from "../helpers/figures.ts";
import { hookEnv, hookLogLines, hookSandbox, runHook, seeded } from "../hooks/helpers.ts";
import { GARBAGE, payloadGenerator, validPayload, validReply, type PayloadKind } from "./payloads.ts";

/**
 * Garbage in, allow out, for every adapter and every event name it answers: seeded hostile
 * payloads (random bytes, invalid UTF-8, truncated JSON, wrong types, missing fields, deep
 * nesting, control characters, huge strings) through the same respond() the hook binary runs,
 * then a seeded sample of them, 100 MB of stdin and deep nesting through the binary itself.
 */
const HOOK_TIMEOUT_MS = 5_000;
const IN_PROCESS_PER_EVENT = 50;
const BINARY_PER_HOST = 50;
const STDIN_CAP = 32 * 1024 * 1024;

async function adapters(): Promise<[string, HostAdapter][]> {
  return Promise.all(Object.entries(ADAPTERS).map(async ([name, load]) => [name, await load()] as [string, HostAdapter]));
}

/** Each distinct event name of a host with its kind. */
function eventsOf(adapter: HostAdapter): [string, HookKind][] {
  return Object.entries(adapter.events);
}

describe("hook input fuzzing", () => {
  test(`every adapter, every event, ${IN_PROCESS_PER_EVENT} seeded payloads each, in-process: a valid reply for the host within HOOK_TIMEOUT`, async () => {
    const box = hookSandbox("ctxmode-fuzz-");
    const config = loadConfig(hookEnv(box, { CTXMODE_ROUTING: "always" }));
    const next = payloadGenerator(seeded(0x5eed));
    const byKind = new Map<PayloadKind, number>();
    const codes = new Map<string, number>();
    const bad: unknown[] = [];
    let tried = 0;
    for (const [name, adapter] of await adapters()) {
      for (const [hostEvent, kind] of eventsOf(adapter)) {
        const valid = validPayload(name, kind, box.project);
        const noop = noopReply(adapter, hostEvent);
        for (let i = 0; i < IN_PROCESS_PER_EVENT; i++) {
          const payload = next(valid);
          const t = performance.now();
          const reply = await respond(
            { text: Buffer.from(payload.bytes).toString("utf8"), overflow: false, cutShort: false },
            {
              config,
              adapter,
              hostEvent,
              deadline: Date.now() + HOOK_TIMEOUT_MS,
              stdinCap: STDIN_CAP,
              fail: (code) => codes.set(code, (codes.get(code) ?? 0) + 1),
            },
          );
          const ms = performance.now() - t;
          tried++;
          byKind.set(payload.kind, (byKind.get(payload.kind) ?? 0) + 1);
          const ok = validReply(adapter, kind, hostEvent, reply) && (!GARBAGE.has(payload.kind) || reply.stdout === noop.stdout) && ms < HOOK_TIMEOUT_MS;
          if (!ok) bad.push({ host: name, hostEvent, kind: payload.kind, i, ms, reply });
        }
      }
    }
    console.log(`payload kinds: ${[...byKind].map(([k, n]) => `${k} ${n}`).join(", ")}`);
    console.log(`logged codes: ${[...codes].map(([k, n]) => `${k} ${n}`).join(", ")}`);
    expect(bad.slice(0, 5)).toEqual([]);
    // A payload of the wrong shape is refused as bad input, never by tripping over it.
    expect(codes.get("HOOK_ERROR") ?? 0).toBe(0);
    figure("fuzz.in_process_payloads", tried);
  }, 120_000);

  test(`through the binary: ${BINARY_PER_HOST} seeded payloads per adapter exit 0 in time with a valid reply; garbage gets the no-op`, async () => {
    const box = hookSandbox("ctxmode-fuzz-bin-");
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    const rand = seeded(0xb1a5);
    const next = payloadGenerator(rand);
    const bad: unknown[] = [];
    let tried = 0;
    for (const [name, adapter] of await adapters()) {
      const events = eventsOf(adapter);
      for (let i = 0; i < BINARY_PER_HOST; i++) {
        const [hostEvent, kind] = events[Math.floor(rand() * events.length)]!;
        const payload = next(validPayload(name, kind, box.project));
        const before = hookLogLines(box.dataDir);
        const r = runHook(name, hostEvent, payload.bytes, env);
        tried++;
        const reply = { stdout: r.stdout, stderr: r.stderr, exitCode: r.code };
        const garbage = GARBAGE.has(payload.kind);
        // Garbage is answered with the no-op and leaves exactly one line in hook-errors.log.
        const logged = hookLogLines(box.dataDir) - before;
        const ok =
          validReply(adapter, kind, hostEvent, reply) &&
          (!garbage || (r.stdout === noopReply(adapter, hostEvent).stdout && logged === 1)) &&
          logged <= 1 &&
          r.ms < HOOK_TIMEOUT_MS;
        if (!ok) bad.push({ host: name, hostEvent, kind: payload.kind, i, ms: r.ms, logged, reply });
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
    figure("fuzz.binary_payloads", tried);
  }, 120_000);

  test("through the binary: 100 MB of stdin and 200,000-deep JSON get the no-op reply in time, for every adapter", async () => {
    const box = hookSandbox("ctxmode-fuzz-big-");
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    // A syntactically valid payload that is simply too big: the hook must not try to parse it.
    const head = Buffer.from('{"session_id":"s","tool_name":"Bash","tool_input":{"command":"');
    const big = Buffer.alloc(100 * 1024 * 1024, 0x61);
    head.copy(big);
    const deep = Buffer.from(`${'{"a":'.repeat(200_000)}1${"}".repeat(200_000)}`);
    let tried = 0;
    for (const [name, adapter] of await adapters()) {
      const [hostEvent] = eventsOf(adapter).find(([, kind]) => kind === "pre-tool") ?? eventsOf(adapter)[0]!;
      const expected = noopReply(adapter, hostEvent).stdout;
      for (const [what, input] of [
        ["100 MB", big],
        ["deep", deep],
      ] as const) {
        const r = runHook(name, hostEvent, input, env);
        tried++;
        expect({ host: name, what, code: r.code, stdout: r.stdout, slow: r.ms > HOOK_TIMEOUT_MS }).toEqual({
          host: name,
          what,
          code: 0,
          stdout: expected,
          slow: false,
        });
      }
    }
    figure("fuzz.binary_extreme_payloads", tried);
  }, 120_000);
});
