import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseJsonc, toValue } from "../../src/agents/jsonc.ts";
import { binary, runCtx } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";

/** VS Code, Cursor, Kiro, OpenCode (plugin module) and Pi (extension): the hosts whose hooks live in their own files. */
const HOSTS = "vscode,cursor,kiro,opencode,pi";

const USER_FILES: Record<string, string> = {
  ".config/Code/User/mcp.json": `{\n  // mine\n  "servers": {\n    "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/" }\n  },\n  "inputs": []\n}\n`,
  ".cursor/hooks.json": `{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [{ "command": "./format.sh" }],\n    "preToolUse": [{ "command": "./audit.sh", "matcher": "Write" }]\n  }\n}\n`,
  ".kiro/hooks/ctxmode.json": "",
  ".pi/agent/settings.json": `{ "theme": "dark" }\n`,
  ".config/opencode/plugin/notify.js": `export const Notify = async () => ({});\n`,
};

function fill(home: string): void {
  for (const [rel, text] of Object.entries(USER_FILES)) {
    if (!text) continue;
    mkdirSync(dirname(join(home, rel)), { recursive: true });
    writeFileSync(join(home, rel), text);
  }
  mkdirSync(join(home, ".kiro"), { recursive: true });
}

function run(home: string, args: string[]) {
  return runCtx(args, {
    dataDir: join(home, ".ctxmode"),
    cwd: home,
    env: { HOME: home, XDG_CONFIG_HOME: "", PI_CODING_AGENT_DIR: "", COPILOT_HOME: "", CTXMODE_ROUTING: "" },
  });
}

const read = (home: string, rel: string) => readFileSync(join(home, rel), "utf8");
const json = (home: string, rel: string) => toValue(parseJsonc(read(home, rel))) as Record<string, any>;

describe("ctxmode setup for VS Code, Cursor, Kiro, OpenCode and Pi", () => {
  test("writes MCP entries, hook files and plugin modules; a rerun changes nothing; --remove restores every byte", async () => {
    const home = tempDir();
    fill(home);
    const first = run(home, ["setup", "--yes", "--agents", HOSTS]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);

    // VS Code: key `servers`, comments kept; hooks in ~/.copilot/hooks, flat entries (matchers are ignored there).
    const vscode = json(home, ".config/Code/User/mcp.json");
    expect(Object.keys(vscode.servers)).toEqual(["github", "ctxmode"]);
    expect(vscode.servers.ctxmode).toEqual({ type: "stdio", command: binary, args: ["serve"] });
    expect(read(home, ".config/Code/User/mcp.json")).toContain("// mine");
    const vsHooks = json(home, ".copilot/hooks/ctxmode-vscode.json").hooks;
    expect(Object.keys(vsHooks)).toEqual(["PreToolUse", "PostToolUse", "UserPromptSubmit", "PreCompact", "SessionStart"]);
    expect(vsHooks.PreToolUse).toEqual([{ type: "command", command: `${binary} hook vscode pretooluse`, timeout: 30 }]);

    // Cursor: the user's hooks stay first; ours are added per event.
    const cursor = json(home, ".cursor/hooks.json");
    expect(cursor.version).toBe(1);
    expect(cursor.hooks.preToolUse.map((h: any) => h.command)).toEqual(["./audit.sh", `${binary} hook cursor pretooluse`]);
    expect(cursor.hooks.afterFileEdit).toEqual([{ command: "./format.sh" }]);
    expect(json(home, ".cursor/mcp.json").mcpServers.ctxmode).toEqual({ command: binary, args: ["serve"] });

    // Kiro: one standalone hook file with named hooks.
    const kiro = json(home, ".kiro/hooks/ctxmode.json");
    expect(kiro.version).toBe("v1");
    expect(kiro.hooks.map((h: any) => [h.trigger, h.action.command])).toEqual([
      ["PreToolUse", `${binary} hook kiro pretooluse`],
      ["PostToolUse", `${binary} hook kiro posttooluse`],
      ["UserPromptSubmit", `${binary} hook kiro userpromptsubmit`],
      ["AgentSpawn", `${binary} hook kiro agentspawn`],
    ]);

    // OpenCode and Pi: self-contained modules that call this binary; loading them needs nothing from this repo.
    const opencodeFile = join(home, ".config/opencode/plugin/ctxmode.js");
    const piFile = join(home, ".pi/agent/extensions/ctxmode.ts");
    for (const file of [opencodeFile, piFile]) {
      const text = readFileSync(file, "utf8");
      expect(text).toContain(`command: [${JSON.stringify(binary)}]`);
      expect(text).not.toContain("__CTXMODE_BINARY__");
      expect(text).not.toMatch(/from ["']\.{1,2}\//);
    }
    const opencode = await import(opencodeFile);
    expect(Object.keys(opencode)).toEqual(["CtxmodePlugin"]);
    const hooks = await opencode.CtxmodePlugin({ directory: home });
    expect(typeof hooks["tool.execute.before"]).toBe("function");
    const pi = await import(piFile);
    expect(typeof pi.default).toBe("function");
    expect(read(home, ".config/opencode/plugin/notify.js")).toBe(USER_FILES[".config/opencode/plugin/notify.js"]!);

    const again = run(home, ["setup", "--yes", "--agents", HOSTS]);
    expect(again.code).toBe(0);
    for (const id of HOSTS.split(",")) expect(again.stdout).toMatch(new RegExp(`UNCHANGED\\s+${id}\\s`));

    const doctor = run(home, ["doctor", "--json", "--agents", HOSTS]);
    expect(doctor.code).toBe(0);
    const rows = JSON.parse(doctor.stdout).checks as { name: string; status: string }[];
    for (const id of HOSTS.split(",")) {
      expect(rows.find((r) => r.name === `${id}/config`)?.status).toBe("PASS");
      expect(rows.find((r) => r.name === `${id}/hook`)?.status).toBe("PASS");
    }

    const removed = run(home, ["setup", "--yes", "--remove", "--agents", HOSTS]);
    expect(removed.code).toBe(0);
    for (const [rel, text] of Object.entries(USER_FILES)) {
      if (text) expect(read(home, rel)).toBe(text);
      else expect(existsSync(join(home, rel))).toBe(false);
    }
    for (const rel of [".copilot/hooks/ctxmode-vscode.json", ".cursor/mcp.json", ".config/opencode/plugin/ctxmode.js", ".pi/agent/extensions/ctxmode.ts"]) {
      expect(existsSync(join(home, rel))).toBe(false);
    }
  }, 60_000);

  test("a CRLF mcp.json (VS Code on Windows) stays CRLF; a file of only comments is set up, comments kept", () => {
    const home = tempDir();
    const vscodeFile = ".config/Code/User/mcp.json";
    const crlf = USER_FILES[vscodeFile]!.replace(/\n/g, "\r\n");
    const onlyComments = "// Cursor MCP servers\n/* added by hand */\n";
    for (const [rel, text] of [
      [vscodeFile, crlf],
      [".cursor/mcp.json", onlyComments],
    ] as const) {
      mkdirSync(dirname(join(home, rel)), { recursive: true });
      writeFileSync(join(home, rel), text);
    }
    const r = run(home, ["setup", "--yes", "--agents", "vscode,cursor"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const vscode = read(home, vscodeFile);
    expect(vscode.replace(/\r\n/g, "")).not.toContain("\n");
    expect(json(home, vscodeFile).servers.ctxmode.command).toBe(binary);
    const cursor = read(home, ".cursor/mcp.json");
    expect(cursor.startsWith(onlyComments)).toBe(true);
    expect(json(home, ".cursor/mcp.json").mcpServers.ctxmode).toEqual({ command: binary, args: ["serve"] });
    expect(run(home, ["setup", "--yes", "--remove", "--agents", "vscode,cursor"]).code).toBe(0);
    expect(read(home, vscodeFile)).toBe(crlf);
    expect(read(home, ".cursor/mcp.json")).toBe(onlyComments);
  }, 60_000);

  test("--project writes the workspace files: .vscode/mcp.json, .cursor/hooks.json, .kiro/hooks, .opencode/plugin, .pi/extensions", () => {
    const home = tempDir();
    const project = join(home, "repo");
    mkdirSync(project, { recursive: true });
    const r = runCtx(["setup", "--yes", "--project", "--agents", HOSTS], {
      dataDir: join(home, ".ctxmode"),
      cwd: project,
      env: { HOME: home, XDG_CONFIG_HOME: "", PI_CODING_AGENT_DIR: "", COPILOT_HOME: "", CTXMODE_ROUTING: "" },
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(json(project, ".vscode/mcp.json").servers.ctxmode.command).toBe(binary);
    expect(json(project, ".cursor/hooks.json").hooks.sessionStart[0].command).toBe(`${binary} hook cursor sessionstart`);
    expect(json(project, ".kiro/hooks/ctxmode.json").hooks).toHaveLength(4);
    expect(readFileSync(join(project, ".opencode/plugin/ctxmode.js"), "utf8")).toContain(JSON.stringify(binary));
    expect(readFileSync(join(project, ".pi/extensions/ctxmode.ts"), "utf8")).toContain(JSON.stringify(binary));
    // Nothing in the user's home.
    expect(existsSync(join(home, ".copilot"))).toBe(false);
    expect(existsSync(join(home, ".config"))).toBe(false);
  }, 60_000);
});
