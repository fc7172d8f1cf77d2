import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { parseJsonc, toValue } from "../../src/agents/jsonc.ts";
import { binary, runCtx } from "../helpers/cli.ts";
import { repoRoot, tempDir } from "../helpers/temp.ts";

/** Realistic user configs: comments, other MCP servers, other hooks, unusual key order. */
function fillHome(home: string): Record<string, string> {
  const files: Record<string, string> = {
    ".claude.json": `{\n  "numStartups": 12,\n  "mcpServers": {\n    "github": { "type": "stdio", "command": "gh-mcp" }\n  },\n  "autoUpdates": false\n}\n`,
    ".claude/settings.json": `{\n  // my hooks\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Edit", "hooks": [{ "type": "command", "command": "lint.sh" }] }\n    ]\n  },\n  "model": "opus",\n}\n`,
    ".codex/config.toml": `# Codex\nmodel = "o3"\n\n[mcp_servers.github]\ncommand = "gh-mcp"\nargs = [\n  "--stdio",\n]\n\n[profiles.fast]\nmodel = "mini"\n`,
    ".gemini/settings.json": `{\n    "security": { "auth": { "selectedType": "gemini-api-key" } },\n    /* servers */\n    "mcpServers": {}\n}\n`,
    ".qwen/settings.json": `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"notify"}]}]},"mcpServers":{"db":{"command":"db-mcp"}}}\n`,
    ".copilot/mcp-config.json": `{\n  "mcpServers": {\n    "playwright": { "type": "local", "command": "npx", "args": ["@playwright/mcp"], "tools": ["*"] }\n  }\n}\n`,
    ".cursor/mcp.json": `{\n  "mcpServers": {\n    "linear": { "url": "https://mcp.linear.app/sse" }\n  }\n}\n`,
    ".kiro/settings/mcp.json": `{ "mcpServers": { "aws": { "command": "uvx", "args": ["aws-mcp"], "disabled": false } } }\n`,
    ".config/opencode/opencode.json": `{\n  "$schema": "https://opencode.ai/config.json",\n  // theme first\n  "theme": "tokyonight",\n  "mcp": { "fs": { "type": "local", "command": ["fs-mcp"] } }\n}\n`,
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(home, rel)), { recursive: true });
    writeFileSync(join(home, rel), text);
  }
  return files;
}

const ALL = "claude-code,codex,gemini-cli,qwen-code,copilot-cli,cursor,kiro,opencode";

function setup(home: string, dataDir: string, args: string[]) {
  return runCtx(["setup", "--yes", "--agents", ALL, ...args], {
    dataDir,
    cwd: home,
    env: { HOME: home, CLAUDE_CONFIG_DIR: "", CODEX_HOME: "", GEMINI_CLI_HOME: "", COPILOT_HOME: "", XDG_CONFIG_HOME: "" },
  });
}

const read = (home: string, rel: string) => readFileSync(join(home, rel), "utf8");
const json = (home: string, rel: string) => toValue(parseJsonc(read(home, rel))) as Record<string, any>;

describe("ctxmode setup", () => {
  test("adds ctxmode to every host, keeps everything else, is idempotent, and --remove restores the originals", () => {
    const home = tempDir();
    const dataDir = join(home, ".ctxmode");
    const originals = fillHome(home);

    const first = setup(home, dataDir, []);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/CONFIGURED\s+claude-code/);

    expect(json(home, ".claude.json").mcpServers).toEqual({
      github: { type: "stdio", command: "gh-mcp" },
      ctxmode: { type: "stdio", command: binary, args: ["serve"] },
    });
    expect(read(home, ".claude/settings.json")).toContain("// my hooks");
    const claudeHooks = json(home, ".claude/settings.json").hooks;
    expect(claudeHooks.PreToolUse.map((h: any) => h.hooks[0].command)).toEqual(["lint.sh", `${binary} hook claude-code pretooluse`]);
    expect(Object.keys(claudeHooks)).toEqual(["PreToolUse", "PostToolUse", "UserPromptSubmit", "PreCompact", "SessionStart"]);
    const toml = read(home, ".codex/config.toml");
    expect(toml.startsWith(originals[".codex/config.toml"]!)).toBe(true);
    expect(toml).toContain(`[mcp_servers.ctxmode]\ncommand = ${JSON.stringify(binary)}\nargs = ["serve"]\n`);
    expect(json(home, ".codex/hooks.json").hooks.SessionStart[0].hooks[0].command).toBe(`${binary} hook codex sessionstart`);
    expect(json(home, ".gemini/settings.json").hooks.BeforeTool[0].hooks[0].timeout).toBe(10_000);
    expect(Object.keys(json(home, ".qwen/settings.json").mcpServers)).toEqual(["db", "ctxmode"]);
    expect(json(home, ".qwen/settings.json").hooks.Stop[0].hooks[0].command).toBe("notify");
    expect(json(home, ".copilot/mcp-config.json").mcpServers.ctxmode).toEqual({ type: "local", command: binary, args: ["serve"], tools: ["*"] });
    // Copilot CLI loads ~/.copilot/hooks/*.json in every repository: no per-repository step.
    expect(json(home, ".copilot/hooks/ctxmode.json").hooks.preToolUse).toEqual([
      { type: "command", bash: `${binary} hook copilot-cli pretooluse`, timeoutSec: 30 },
    ]);
    expect(Object.keys(json(home, ".cursor/mcp.json").mcpServers)).toEqual(["linear", "ctxmode"]);
    expect(json(home, ".kiro/settings/mcp.json").mcpServers.aws.disabled).toBe(false);
    expect(json(home, ".config/opencode/opencode.json").mcp.ctxmode).toEqual({ type: "local", command: [binary, "serve"], enabled: true });
    expect(read(home, ".config/opencode/opencode.json")).toContain("// theme first");
    for (const id of ALL.split(",")) expect(existsSync(join(dataDir, "registered", id))).toBe(true);
    const skill = readFileSync(join(repoRoot, "skills", "ctx-doctor", "SKILL.md"), "utf8");
    for (const dir of [".claude/skills", ".codex/skills", ".gemini/skills", ".qwen/skills", ".copilot/skills", ".config/opencode/skill"]) {
      expect(read(home, `${dir}/ctx-doctor/SKILL.md`)).toBe(skill);
      expect(readdirSync(join(home, dir)).sort()).toEqual(["ctx-doctor", "ctx-stats", "ctx-upgrade", "ctxmode"]);
    }

    // Second run: nothing to do, every byte the same.
    const snapshot = Object.fromEntries(Object.keys(originals).map((rel) => [rel, read(home, rel)]));
    const second = setup(home, dataDir, []);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/UNCHANGED\s+codex/);
    for (const rel of Object.keys(originals)) expect(read(home, rel)).toBe(snapshot[rel]!);

    const removed = setup(home, dataDir, ["--remove"]);
    expect(removed.code).toBe(0);
    for (const [rel, text] of Object.entries(originals)) expect(read(home, rel)).toBe(text);
    expect(existsSync(join(home, ".codex/hooks.json"))).toBe(false);
    expect(existsSync(join(home, ".claude/skills"))).toBe(false);
    expect(existsSync(join(dataDir, "registered", "claude-code"))).toBe(false);
  }, 60_000);

  test("--remove after the user edited a file takes out only ctxmode's entries", () => {
    const home = tempDir();
    const dataDir = join(home, ".ctxmode");
    fillHome(home);
    expect(setup(home, dataDir, ["--agents", "cursor"]).code).toBe(0);
    const edited = read(home, ".cursor/mcp.json").replace(`"linear": {`, `"notion": { "command": "notion-mcp" },\n    "linear": {`);
    writeFileSync(join(home, ".cursor/mcp.json"), edited);
    expect(setup(home, dataDir, ["--agents", "cursor", "--remove"]).code).toBe(0);
    expect(Object.keys(json(home, ".cursor/mcp.json").mcpServers)).toEqual(["notion", "linear"]);
  }, 30_000);

  test("a malformed config is reported with path and line, left untouched, and other hosts still get set up", () => {
    const home = tempDir();
    const dataDir = join(home, ".ctxmode");
    fillHome(home);
    const broken = `{\n  "theme": "dark"\n  "mcpServers": {}\n}\n`;
    writeFileSync(join(home, ".gemini/settings.json"), broken);
    writeFileSync(join(home, ".codex/config.toml"), `model = "o3"\n[mcp_servers.github\n`);
    const r = setup(home, dataDir, ["--agents", "gemini-cli,codex,cursor"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${join(home, ".gemini/settings.json")}: expected ',' or '}' at line 3`);
    expect(r.stdout).toContain(`${join(home, ".codex/config.toml")}: a table header is not closed at line 2`);
    expect(read(home, ".gemini/settings.json")).toBe(broken);
    expect(json(home, ".cursor/mcp.json").mcpServers.ctxmode).toMatchObject({ args: ["serve"] });
  }, 30_000);

  test("Codex: a ctxmode server already defined inline is replaced in place; an edit that would not load is refused", () => {
    const home = tempDir();
    const dataDir = join(home, ".ctxmode");
    mkdirSync(join(home, ".codex"), { recursive: true });
    const inline = `model = "o3"\nmcp_servers.ctxmode = { command = "old" }\n\n[profiles.fast]\nmodel = "mini"\n`;
    writeFileSync(join(home, ".codex/config.toml"), inline);
    const r = setup(home, dataDir, ["--agents", "codex"]);
    expect(r.stdout).toMatch(/CONFIGURED\s+codex/);
    const toml = read(home, ".codex/config.toml");
    expect(toml).toBe(inline.replace(`{ command = "old" }`, `{ command = ${JSON.stringify(binary)}, args = ["serve"] }`));
    expect((parseToml(toml) as any).mcp_servers.ctxmode).toEqual({ command: binary, args: ["serve"] });

    const whole = `model = "o3"\nmcp_servers = { github = { command = "gh" } }\n`;
    writeFileSync(join(home, ".codex/config.toml"), whole);
    const refused = setup(home, dataDir, ["--agents", "codex"]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`${join(home, ".codex/config.toml")}: `);
    expect(refused.stdout).toMatch(/at line 2; fix or move the file/);
    expect(read(home, ".codex/config.toml")).toBe(whole);
  }, 30_000);

  test("a failure mid-apply rolls back every file of that host", () => {
    const home = tempDir();
    const dataDir = join(home, ".ctxmode");
    const originals = fillHome(home);
    // ~/.claude is a file: .claude.json gets written first, then settings.json cannot be.
    rmSync(join(home, ".claude"), { recursive: true });
    writeFileSync(join(home, ".claude"), "not a directory");
    const r = setup(home, dataDir, ["--agents", "claude-code,cursor"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAILED\s+claude-code .*restored/);
    expect(read(home, ".claude.json")).toBe(originals[".claude.json"]!);
    expect(existsSync(join(dataDir, "registered", "claude-code"))).toBe(false);
    expect(json(home, ".cursor/mcp.json").mcpServers.ctxmode).toMatchObject({ args: ["serve"] });
  }, 30_000);

  test("--dry-run prints the plan and writes nothing; --instructions writes one section, never two", () => {
    const home = tempDir();
    const dataDir = join(home, ".ctxmode");
    const originals = fillHome(home);
    const dry = setup(home, dataDir, ["--agents", "codex", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`codex: update ${join(home, ".codex/config.toml")} ([mcp_servers.ctxmode])`);
    expect(read(home, ".codex/config.toml")).toBe(originals[".codex/config.toml"]!);
    writeFileSync(join(home, ".codex/AGENTS.md"), "# My rules\n\nBe brief.\n");
    expect(setup(home, dataDir, ["--agents", "codex", "--instructions"]).code).toBe(0);
    expect(setup(home, dataDir, ["--agents", "codex", "--instructions"]).code).toBe(0);
    const agents = read(home, ".codex/AGENTS.md");
    expect(agents.startsWith("# My rules\n\nBe brief.\n\n<!-- ctxmode:start -->")).toBe(true);
    expect(agents.split("<!-- ctxmode:start -->")).toHaveLength(2);
    expect(setup(home, dataDir, ["--agents", "codex", "--remove"]).code).toBe(0);
    expect(read(home, ".codex/AGENTS.md")).toBe("# My rules\n\nBe brief.\n");
  }, 30_000);

  test("--project writes the project's files: Claude's .mcp.json and settings, Copilot's repo hooks; no skills", () => {
    const home = tempDir();
    const dataDir = join(home, ".ctxmode");
    const project = join(home, "repo");
    mkdirSync(join(project, ".git"), { recursive: true });
    const r = setup(home, dataDir, ["--agents", "claude-code,copilot-cli", "--project", project]);
    expect(r.code).toBe(0);
    expect(json(project, ".mcp.json").mcpServers.ctxmode).toEqual({ type: "stdio", command: binary, args: ["serve"] });
    expect(json(project, ".claude/settings.json").hooks.SessionStart[0].hooks[0].command).toBe(`${binary} hook claude-code sessionstart`);
    const copilot = json(project, ".github/hooks/ctxmode.json");
    expect(copilot.version).toBe(1);
    expect(copilot.hooks.preToolUse[0]).toEqual({ type: "command", bash: `${binary} hook copilot-cli pretooluse`, timeoutSec: 30 });
    expect(existsSync(join(project, ".claude", "skills"))).toBe(false);
    expect(existsSync(join(home, ".claude.json"))).toBe(false);
  }, 30_000);
});
