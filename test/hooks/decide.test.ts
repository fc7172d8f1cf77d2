import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decideRoute, type RouteContext } from "../../src/hooks/decide.ts";
import { UNAVAILABLE_NOTE } from "../../src/hooks/instructions.ts";
import { resolveToolName, type McpFormat } from "../../src/hooks/tool-names.ts";
import type { HookEvent } from "../../src/hooks/types.ts";
import { createPolicy } from "../../src/sandbox/policy.ts";
import { tempDir } from "../helpers/temp.ts";

const dir = tempDir("ctxmode-decide-");
writeFileSync(join(dir, "big.log"), "x".repeat(20_000));
writeFileSync(join(dir, "small.txt"), "hello");
writeFileSync(join(dir, "shot.png"), "p".repeat(40_000));
writeFileSync(join(dir, "CLAUDE.md"), "r".repeat(40_000));
const home = join(dir, "home");
mkdirSync(join(home, ".claude", "plans"), { recursive: true });
writeFileSync(join(home, ".claude", "plans", "plan.md"), "p".repeat(40_000));
const big = join(dir, "big.log");

function ctx(canRoute = true, deny: string[] = []): RouteContext {
  return { canRoute: () => canRoute, policy: () => createPolicy({ deny }), readDeny: 16_384, baseDir: dir, home };
}

function event(host: string, format: McpFormat, name: string, input: Record<string, unknown>): HookEvent {
  return { host, kind: "pre-tool", session: "s", cwd: dir, tool: { ...resolveToolName(name, format), input } };
}

/** Each host's own spelling of shell, read and fetch calls (reference/hosts.md). */
const HOSTS: {
  host: string;
  format: McpFormat;
  shell: string;
  read: [string, (p: string) => Record<string, unknown>];
  fetch?: [string, (u: string) => Record<string, unknown>];
  ranged: Record<string, unknown>;
}[] = [
  {
    host: "claude-code",
    format: "double",
    shell: "Bash",
    read: ["Read", (p) => ({ file_path: p })],
    fetch: ["WebFetch", (u) => ({ url: u, prompt: "the install steps" })],
    ranged: { offset: 1, limit: 50 },
  },
  { host: "codex", format: "double", shell: "Bash", read: ["Read", (p) => ({ file_path: p })], ranged: { offset: 1 } },
  {
    host: "gemini-cli",
    format: "gemini",
    shell: "run_shell_command",
    read: ["read_file", (p) => ({ file_path: p })],
    fetch: ["web_fetch", (u) => ({ prompt: `summarize ${u} please` })],
    ranged: { start_line: 1, end_line: 40 },
  },
  {
    host: "qwen-code",
    format: "double",
    shell: "run_shell_command",
    read: ["read_file", (p) => ({ absolute_path: p })],
    fetch: ["web_fetch", (u) => ({ url: u, prompt: "x" })],
    ranged: { offset: 0, limit: 10 },
  },
  { host: "copilot-cli", format: "dash", shell: "bash", read: ["view", (p) => ({ path: p })], ranged: { view_range: [1, 20] } },
  {
    host: "vscode",
    format: "gemini",
    shell: "run_in_terminal",
    read: ["read_file", (p) => ({ filePath: p })],
    fetch: ["fetch_webpage", (u) => ({ urls: [u], query: "pricing" })],
    ranged: { startLine: 1, endLine: 9 },
  },
  { host: "cursor", format: "cursor", shell: "Shell", read: ["Read", (p) => ({ file_path: p })], ranged: { offset: 10 } },
  {
    host: "kiro",
    format: "kiro",
    shell: "execute_bash",
    read: ["fs_read", (p) => ({ operations: [{ mode: "Line", path: p }] })],
    ranged: { operations: [{ mode: "Line", path: "x", start_line: 1, end_line: 5 }] },
  },
  {
    host: "opencode",
    format: "underscore",
    shell: "bash",
    read: ["read", (p) => ({ filePath: p })],
    fetch: ["webfetch", (u) => ({ url: u, format: "markdown" })],
    ranged: { offset: 5, limit: 5 },
  },
  { host: "pi", format: "bare", shell: "bash", read: ["read", (p) => ({ path: p })], ranged: { offset: 5 } },
];

describe("routing table, per host tool name", () => {
  for (const h of HOSTS) {
    test(`${h.host}: curl, build tools and big reads are denied with the exact ctx_* call`, () => {
      const curl = decideRoute(event(h.host, h.format, h.shell, { command: "curl -s https://api.example.com/v1/items" }), ctx());
      expect(curl.kind).toBe("http");
      expect(curl.decision).toMatchObject({ action: "deny" });
      expect((curl.decision as { reason: string }).reason).toContain('ctx_execute(language: "shell", code: "curl -s https://api.example.com/v1/items"');

      const gradle = decideRoute(event(h.host, h.format, h.shell, { command: "./gradlew test" }), ctx());
      expect(gradle).toMatchObject({ kind: "build", decision: { action: "deny" } });
      expect((gradle.decision as { reason: string }).reason).toContain('intent: "errors, failing tests and the final result"');

      const [readName, readInput] = h.read;
      const read = decideRoute(event(h.host, h.format, readName, readInput(big)), ctx());
      expect(read).toMatchObject({ kind: "read", decision: { action: "deny" } });
      expect((read.decision as { reason: string }).reason).toContain(`ctx_execute(language: "python", file: ${JSON.stringify(big)}`);

      expect(decideRoute(event(h.host, h.format, readName, readInput(join(dir, "small.txt"))), ctx()).decision).toEqual({ action: "pass" });
      expect(decideRoute(event(h.host, h.format, readName, { ...readInput(big), ...h.ranged }), ctx()).decision).toEqual({ action: "pass" });
      expect(decideRoute(event(h.host, h.format, h.shell, { command: "git status" }), ctx())).toEqual({ decision: { action: "pass" }, nudge: true });
      expect(decideRoute(event(h.host, h.format, h.shell, { command: "cat big.log" }), ctx())).toMatchObject({ kind: "dump", decision: { action: "deny" } });
      expect(decideRoute(event(h.host, h.format, h.shell, { command: "cat small.txt" }), ctx()).decision).toEqual({ action: "pass" });
    });

    if (h.fetch) {
      const [fetchName, fetchInput] = h.fetch;
      test(`${h.host}: ${fetchName} goes to ctx_index(url) then ctx_search`, () => {
        const r = decideRoute(event(h.host, h.format, fetchName, fetchInput("https://docs.example.com/guide/install")), ctx());
        expect(r.kind).toBe("webfetch");
        const reason = (r.decision as { reason: string }).reason;
        expect(reason).toContain('ctx_index(url: "https://docs.example.com/guide/install", source: "web:docs.example.com/guide/install")');
        expect(reason).toContain("ctx_search(queries: [");
        expect(reason).toContain("curl -sL https://docs.example.com/guide/install");
      });
    }
  }

  test("every format: ctxmode's own tools and other MCP tools pass, without a nudge", () => {
    const cases: [McpFormat, string][] = [
      ["double", "mcp__ctxmode__ctx_execute"],
      ["gemini", "mcp_ctxmode_ctx_execute"],
      ["underscore", "ctxmode_ctx_execute"],
      ["dash", "ctxmode-ctx_execute"],
      ["cursor", "MCP:ctx_execute"],
      ["kiro", "@ctxmode/ctx_execute"],
      ["double", "mcp__github__search_code"],
    ];
    for (const [format, name] of cases) {
      const r = decideRoute(event("x", format, name, { language: "shell", code: "curl https://x" }), ctx());
      expect({ name, r }).toEqual({ name, r: { decision: { action: "pass" }, nudge: false } });
    }
  });

  test("without reachable ctx tools every rule passes with a short note: never a dead end", () => {
    for (const command of ["curl https://x", "mvn package", "cat big.log"]) {
      expect(decideRoute(event("claude-code", "double", "Bash", { command }), ctx(false)).decision).toEqual({ action: "pass", context: UNAVAILABLE_NOTE });
    }
    expect(decideRoute(event("claude-code", "double", "Read", { file_path: big }), ctx(false)).decision).toEqual({ action: "pass", context: UNAVAILABLE_NOTE });
  });

  test("the user's deny rules come first, per command segment, whether or not tools are reachable", () => {
    const r = decideRoute(event("gemini-cli", "gemini", "run_shell_command", { command: "echo ok && sudo rm -rf /tmp/x" }), ctx(false, ["Bash(sudo:*)"]));
    expect(r).toMatchObject({ kind: "rule", decision: { action: "deny", reason: "ctxmode: blocked by your permission rule Bash(sudo:*)." } });
  });

  test("images, PDFs, instruction files and agent config files are read whole", () => {
    for (const p of [join(dir, "shot.png"), join(dir, "CLAUDE.md"), join(home, ".claude", "plans", "plan.md")]) {
      expect(decideRoute(event("claude-code", "double", "Read", { file_path: p }), ctx()).decision).toEqual({ action: "pass" });
    }
  });

  test("relative paths resolve from the payload's cwd; a missing file passes", () => {
    expect(decideRoute(event("claude-code", "double", "Read", { file_path: "big.log" }), ctx()).kind).toBe("read");
    expect(decideRoute(event("claude-code", "double", "Read", { file_path: "nope.log" }), ctx()).decision).toEqual({ action: "pass" });
  });
});
