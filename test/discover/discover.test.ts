import { describe, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config/config.ts";
import { hostPaths } from "../../src/config/host-paths.ts";
import { discover, type DiscoverOptions } from "../../src/discover/discover.ts";
import { formatDiscover } from "../../src/discover/format.ts";
import type { DiscoverHost } from "../../src/discover/types.ts";
import { tempDir } from "../helpers/temp.ts";
import { FIXTURE_SESSIONS, fixtureHome } from "./fixture-home.ts";

/**
 * What ctxmode's hooks recorded keeping out in the runs the fixtures come from (tool_calls in each
 * run's database); discover's estimate from the replaced outputs' headers must come within 1%.
 * Qwen Code cannot replace output, so nothing was kept out there.
 */
const RECORDED: Record<DiscoverHost, number> = {
  "claude-code": 17_768,
  codex: 8_983,
  "gemini-cli": 17_118,
  "qwen-code": 0,
  "copilot-cli": 17_808,
  opencode: 9_021,
  pi: 8_980,
};

function run(home: string, options: Partial<DiscoverOptions> = {}) {
  const config = loadConfig({ HOME: home, CTXMODE_DATA_DIR: join(home, ".ctxmode") });
  return discover(config, hostPaths({}, home, config.dataDir), { toolListBytes: 4_000, ...options });
}

describe("the fixture transcripts (trimmed from the e2e runs of each real host)", () => {
  const home = tempDir("ctxmode-discover-");
  fixtureHome(home);
  const report = run(home);

  test("one session per host, each with ctxmode in it, nothing skipped", () => {
    expect(report.sessions.map((s) => s.host as string).sort()).toEqual(Object.keys(FIXTURE_SESSIONS).sort());
    for (const s of report.sessions) {
      expect(s.session).toBe(FIXTURE_SESSIONS[s.host]);
      expect(s.ctxmode).toBe(true);
      expect(s.skipped).toBe(0);
      expect(s.project).toBe("/home/user/proj");
    }
    expect(report.notes).toEqual([]);
  });

  for (const host of Object.keys(FIXTURE_SESSIONS) as DiscoverHost[]) {
    test(`${host}: three tool results, the ctx call, the denied curl and the replaced output; kept out within 1% of ctxmode's record`, () => {
      const s = report.sessions.find((x) => x.host === host)!;
      expect(s.byTool.reduce((n, t) => n + t.calls, 0)).toBe(3);
      // Qwen Code cannot replace output: its big result passed as is, and is no missed call either.
      expect(s.through.calls).toBe(host === "qwen-code" ? 2 : 3);
      expect(s.through.denied).toBe(1);
      expect(s.through.replaced).toBe(host === "qwen-code" ? 0 : 1);
      expect(s.missed).toEqual([]);
      expect(s.keptOutFrom).toBe(host === "qwen-code" ? "none" : "transcript");
      expect(Math.abs(s.keptOut - RECORDED[host])).toBeLessThanOrEqual(RECORDED[host] * 0.01);
      expect(s.net).toBe(s.keptOut - s.standing.toolList - s.standing.guidance);
    });
  }

  test("standing cost: Claude Code records its tool list (ctxmode's tools deferred, by name); the others get ctxmode's own list", () => {
    const claude = report.sessions.find((s) => s.host === "claude-code")!;
    expect(claude.standing.toolListRecorded).toBe(true);
    expect(claude.standing.toolList).toBeGreaterThan(100);
    expect(claude.standing.toolList).toBeLessThan(400);
    const codex = report.sessions.find((s) => s.host === "codex")!;
    expect(codex.standing).toMatchObject({ toolList: 4_000, toolListRecorded: false });
    // The instruction section and the session-start guidance reached Claude Code and Codex.
    expect(claude.standing.guidance).toBeGreaterThan(1_500);
    expect(codex.standing.guidance).toBeGreaterThan(1_500);
  });

  test("the text report names every host and shows bytes beside approximate tokens", () => {
    const text = formatDiscover(report);
    for (const host of Object.keys(FIXTURE_SESSIONS)) expect(text).toContain(`${host}: 1 session(s)`);
    expect(text).toMatch(/kept out by ctxmode: [\d.]+ KB \(≈[\d,]+ tokens\)/);
  });
});

describe("filters", () => {
  const home = tempDir("ctxmode-discover-");
  fixtureHome(home);

  test("--host, --session and --project narrow the sessions; --since leaves out older transcripts", () => {
    expect(run(home, { hosts: ["codex", "pi"] }).sessions.map((s) => s.host)).toEqual(["codex", "pi"]);
    expect(run(home, { session: FIXTURE_SESSIONS.opencode }).sessions.map((s) => s.host)).toEqual(["opencode"]);
    expect(run(home, { session: FIXTURE_SESSIONS["gemini-cli"] }).sessions.map((s) => s.host)).toEqual(["gemini-cli"]);
    expect(run(home, { project: "/home/user/proj" }).sessions).toHaveLength(7);
    expect(run(home, { project: "/home/user/other" }).sessions).toHaveLength(0);
    const old = join(home, ".codex", "sessions", "2026", "12", "01", `rollout-2026-12-01T22-39-39-${FIXTURE_SESSIONS.codex}.jsonl`);
    utimesSync(old, new Date(0), new Date(0));
    const recent = run(home, { since: Date.now() - 3_600_000 }).sessions.map((s) => s.host);
    expect(recent).not.toContain("codex");
    expect(recent).toContain("claude-code");
  });
});

describe("robustness", () => {
  test("unknown and torn records are skipped with a count and a note, never a crash", () => {
    const home = tempDir("ctxmode-discover-");
    const dir = join(home, ".claude", "projects", "-p");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "s1.jsonl");
    writeFileSync(
      file,
      [
        JSON.stringify({ type: "user", sessionId: "s1", cwd: "/p", message: { role: "user", content: "hi" } }),
        JSON.stringify({ type: "user", sessionId: "s1", message: { role: "user", content: { shape: "from a newer version" } } }),
        JSON.stringify({ kind: "no type at all" }),
        "not json",
        "[1,2,3]",
        '{"type":"assistant","message":{"content":[{"type":"tool_use"',
      ].join("\n"),
    );
    appendFileSync(file, "\n\n");
    const report = run(home);
    expect(report.sessions).toHaveLength(1);
    expect(report.sessions[0]!.skipped).toBe(5);
    expect(report.notes.join("\n")).toContain("claude-code: 5 record(s)");
  });

  test("a missed call's command is redacted like the index; routed calls come with what ctxmode would have said", () => {
    const home = tempDir("ctxmode-discover-");
    const dir = join(home, ".claude", "projects", "-p");
    mkdirSync(dir, { recursive: true });
    const token = `ghp_${"a1B2".repeat(9)}`;
    const command = `curl -s -H "Authorization: Bearer ${token}" https://api.example.test/items`;
    const body = "x".repeat(30_000);
    const lines = [
      { type: "assistant", sessionId: "s2", cwd: "/p", message: { content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command } }] } },
      { type: "user", sessionId: "s2", message: { content: [{ type: "tool_result", tool_use_id: "t1", content: body }] } },
      { type: "assistant", sessionId: "s2", message: { content: [{ type: "tool_use", id: "t2", name: "Read", input: { file_path: "/p/big.log" } }] } },
      { type: "user", sessionId: "s2", message: { content: [{ type: "tool_result", tool_use_id: "t2", content: body }] } },
      {
        type: "assistant",
        sessionId: "s2",
        message: { content: [{ type: "tool_use", id: "t3", name: "Read", input: { file_path: "/p/big.log", offset: 1, limit: 10 } }] },
      },
      { type: "user", sessionId: "s2", message: { content: [{ type: "tool_result", tool_use_id: "t3", content: "short" }] } },
    ];
    writeFileSync(join(dir, "s2.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n"));
    const [s] = run(home).sessions;
    expect(s!.ctxmode).toBe(false);
    expect(s!.missed.map((m) => m.kind).sort()).toEqual(["http", "read"]);
    const http = s!.missed.find((m) => m.kind === "http")!;
    expect(http.what).not.toContain(token);
    expect(http.what).toContain("[REDACTED]");
    expect(http.instead).not.toContain(token);
    expect(http.instead).toContain("ctx_execute(");
    expect(http.wouldReturn).toBeLessThan(http.bytes);
    expect(JSON.stringify(s)).not.toContain(token);
    expect(s!.missed.find((m) => m.kind === "read")!.what).toBe("/p/big.log");
  });
});
