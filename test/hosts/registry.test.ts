import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HOSTS as SETUP_HOSTS } from "../../src/agents/hosts.ts";
import { hostPaths } from "../../src/config/host-paths.ts";
import { INSTRUCTION_DIRS, INSTRUCTION_FILES } from "../../src/config/instruction-files.ts";
import { ADAPTERS, loadHost } from "../../src/hooks/hosts/index.ts";
import type { Decision, HookKind } from "../../src/hooks/types.ts";
import { findHost, HOST_IDS, HOSTS } from "../../src/hosts/index.ts";
import { memoryPlaces } from "../../src/store/memory-files.ts";
import { runCtx } from "../helpers/cli.ts";
import { repoRoot, tempDir } from "../helpers/temp.ts";

const ALL = ["claude-code", "codex", "gemini-cli", "qwen-code", "copilot-cli", "vscode", "cursor", "kiro", "opencode", "pi", "zcode"];
const KINDS: HookKind[] = ["pre-tool", "post-tool", "prompt", "pre-compact", "session-start"];
const SHAPES = ["claude-style", "gemini", "copilot", "cursor", "exit-code", "plugin"];
const paths = hostPaths({}, "/home/u", "/data");

/** The smallest payload each moment needs, with every host's spelling of the session and tool fields. */
function minimalPayload(kind: HookKind, hostEvent: string, shell: string): Record<string, unknown> {
  const base = { session_id: "s", sessionId: "s", conversation_id: "s", cwd: "/p", hook_event_name: hostEvent };
  if (kind === "pre-tool") return { ...base, tool_name: shell, tool_input: { command: "ls" }, command: "ls", file_path: "/p/a" };
  if (kind === "post-tool") return { ...base, tool_name: shell, tool_input: { command: "ls" }, tool_response: "out" };
  if (kind === "prompt") return { ...base, prompt: "hi" };
  if (kind === "session-start") return { ...base, source: "startup" };
  return base;
}

describe("the host registry (src/hosts/)", () => {
  test("ids are unique, in the documented order, and every entry is complete", () => {
    expect(HOSTS.map((h): string => h.id)).toEqual(ALL);
    expect(new Set(HOST_IDS).size).toBe(HOSTS.length);
    const aliases = HOSTS.flatMap((h) => [h.id, ...(h.aliases ?? [])]);
    expect(new Set(aliases).size).toBe(aliases.length);
    for (const h of HOSTS) {
      const where = `${h.id}: `;
      expect(where + typeof h.title).toBe(where + "string");
      expect(h.title.length).toBeGreaterThan(0);
      expect(h.command).toMatch(/^[\w-]+$/);
      expect(h.detect(paths).length).toBeGreaterThan(0);
      expect(h.hook.events.length).toBeGreaterThan(0);
      expect(SHAPES).toContain(h.hook.reply);
      expect(["bash-and-mcp", "bash", "none"]).toContain(h.hook.replaces);
      expect(typeof h.hook.preToolContext).toBe("boolean");
      expect(typeof h.hook.plainContext).toBe("boolean");
      expect(h.tools.shell.length).toBeGreaterThan(0);
      expect(["double", "gemini", "underscore", "dash", "cursor", "kiro", "bare"]).toContain(h.tools.mcpFormat);
      expect(Array.isArray(h.projectInstructions)).toBe(true);
      // Every moment but compaction has an event on every host; names are unique once lower-cased.
      const kinds = new Set(h.hook.events.map((e) => e.kind));
      for (const k of KINDS.filter((k) => k !== "pre-compact")) expect(where + (kinds.has(k) ? k : `no ${k} event`)).toBe(where + k);
      const names = h.hook.events.map((e) => e.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      for (const e of h.hook.events) {
        expect(KINDS).toContain(e.kind);
        expect(typeof e.hooked).toBe("boolean");
        expect(typeof e.context).toBe("boolean");
      }
      // A replacement needs a way to say it.
      if (h.hook.reply === "claude-style" && h.hook.replaces !== "none") expect(where + (h.hook.replaceAs ?? "no replaceAs")).not.toBe(where + "no replaceAs");
      for (const v of h.env ?? []) expect(readFileSync(join(repoRoot, "src/config/host-paths.ts"), "utf8")).toContain(v);
    }
  });

  test("setup's edits for each host: files under its dirs, the probe at a start event it hooks", () => {
    const ctx = { paths, binary: "/bin/ctxmode", instructions: "SECTION", skills: { ctxmode: "SKILL" } };
    for (const spec of SETUP_HOSTS) {
      const edits = spec.edits(ctx);
      expect(edits.length).toBeGreaterThan(0);
      if (spec.host.instructionFile) expect(edits.some((e) => e.kind === "section")).toBe(true);
      if (spec.host.skillsDir) expect(edits.some((e) => e.kind === "file" && e.file === join(spec.host.skillsDir!(paths), "ctxmode", "SKILL.md"))).toBe(true);
      if (spec.probeEvent)
        expect(spec.host.hook.events.some((e) => e.hooked && e.kind === "session-start" && e.name.toLowerCase() === spec.probeEvent)).toBe(true);
    }
  });

  test("each host's adapter answers a minimal payload for each of its events", async () => {
    const decisions: Decision[] = [{ action: "pass" }, { action: "pass", context: "C" }, { action: "deny", reason: "R" }, { action: "replace", output: "O" }];
    for (const h of HOSTS) {
      const adapter = (await loadHost(h.id))!;
      expect(adapter.name).toBe(h.id);
      for (const e of h.hook.events) {
        const hostEvent = e.name.toLowerCase();
        expect(adapter.events[hostEvent]).toBe(e.kind);
        const event = adapter.parse(e.kind, minimalPayload(e.kind, e.name, h.tools.shell), hostEvent);
        expect(event.kind).toBe(e.kind);
        expect(event.session.length).toBeGreaterThan(0);
        // The shell tool, or what a dedicated event maps to (Cursor: beforeReadFile is a Read).
        if (e.kind === "pre-tool" || e.kind === "post-tool") expect(event.tool?.canonical).not.toBe("Other");
        for (const d of decisions) {
          const r = adapter.reply(e.kind, d, event, hostEvent);
          expect([0, 2]).toContain(r.exitCode);
          if (r.stdout && h.hook.reply !== "exit-code") expect(() => JSON.parse(r.stdout)).not.toThrow();
        }
      }
    }
  });

  test("the project instruction files and memory places agree with config and the store", () => {
    expect([...new Set(HOSTS.flatMap((h) => h.projectInstructions))]).toEqual([...INSTRUCTION_FILES]);
    expect([...new Set(HOSTS.flatMap((h) => h.projectInstructionDirs ?? []))]).toEqual([...INSTRUCTION_DIRS]);
    const user = memoryPlaces("/w", paths).filter((p) => !p.path.startsWith("/w"));
    const registry = HOSTS.flatMap((h) => h.memory?.(paths).files ?? []).map((path) => ({ path, dir: false }));
    registry.push(...HOSTS.flatMap((h) => h.memory?.(paths).dirs ?? []).map((path) => ({ path, dir: true })));
    expect(user.map((p) => ({ path: p.path, dir: p.dir }))).toEqual(registry);
  });
});

describe("every host id, everywhere hosts are listed", () => {
  test("setup and the hook command know the registry's hosts", () => {
    expect(SETUP_HOSTS.map((h): string => h.id)).toEqual(ALL);
    expect(Object.keys(ADAPTERS)).toEqual(ALL);
  });

  test("a name that is no host, even one every object has, loads no adapter", async () => {
    for (const name of ["constructor", "toString", "__proto__", "nope"]) expect(await loadHost(name)).toBeUndefined();
    for (const [alias, id] of [
      ["claude", "claude-code"],
      ["GEMINI", "gemini-cli"],
      ["vs-code", "vscode"],
      ["kiro-cli", "kiro"],
    ])
      expect(findHost(alias!)?.id).toBe(id as never);
  });

  test("`setup --help` names exactly the registry's hosts for --agents", () => {
    const r = runCtx(["setup", "--help"], { dataDir: tempDir() });
    const line = r.stdout.split("\n").find((l) => l.includes("--agents")) ?? "";
    expect(
      line
        .slice(line.indexOf("):") + 2)
        .trim()
        .split(", "),
    ).toEqual([...HOST_IDS]);
  });

  test("`ctxmode hook` without an event names exactly the registry's hosts in its usage line", () => {
    const r = runCtx(["hook"], { dataDir: tempDir() });
    expect(r.code).toBe(0);
    const listed = /\(hosts: ([^;]+);/.exec(r.stderr)?.[1]?.split(", ");
    expect(listed).toEqual([...HOST_IDS]);
  });
});
