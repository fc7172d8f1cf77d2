/**
 * `dist/release/plugins/<host>/`: ctxmode packaged for each host's own plugin manager, each folder
 * installable from a local path (or a clone of the published copy) with the host's own command:
 *
 *   claude-code/   Claude Code marketplace `ctxmode`, plugin `ctxmode` (MCP server, hooks, skills)
 *   codex/         Codex marketplace `ctxmode`, plugin `ctxmode` (MCP server, hooks, skills)
 *   copilot-cli/   Copilot CLI marketplace `ctxmode`, plugin `ctxmode` (MCP server, hooks, skills)
 *   gemini-cli/    Gemini CLI extension `ctxmode` (MCP server, hooks, context file, skills)
 *   qwen-code/     Qwen Code extension `ctxmode` (MCP server, hooks, context file, skills)
 *   zcode/         ZCode marketplace `ctxmode` (src/hosts/zcode.ts)
 *
 * Every hook and MCP entry runs `bin/ctxmode-plugin` (build/plugin-launcher.ts), which finds the
 * installed binary; the events and matchers are the registry's (src/hosts/<host>.ts), so a plugin
 * install hooks exactly what `ctxmode setup` does.
 */
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { SKILLS } from "../src/agents/skills.ts";
import { instructionSection } from "../src/hooks/instructions.ts";
import { claudeCode } from "../src/hosts/claude-code.ts";
import { codex } from "../src/hosts/codex.ts";
import { copilotCli } from "../src/hosts/copilot-cli.ts";
import { geminiCli } from "../src/hosts/gemini-cli.ts";
import { qwenCode } from "../src/hosts/qwen-code.ts";
import { hookedEvents } from "../src/hosts/setup-shapes.ts";
import type { HostEvent } from "../src/hosts/types.ts";
import { marketplaceFiles } from "../src/hosts/zcode.ts";
import { launcherBody, launcherScript, type StartReply } from "./plugin-launcher.ts";

const root = join(import.meta.dir, "..");
const LAUNCHER = join("bin", "ctxmode-plugin");
const DESCRIPTION = "Keeps raw tool output out of the context window: a sandbox, a local full-text index and hooks that route large output to them.";
const AUTHOR = { name: "ctxmode" };
const HOMEPAGE = "https://github.com/ctxmode/ctxmode";
const CONTEXT_FILE = "CTXMODE.md";

export type PluginHost = "claude-code" | "codex" | "copilot-cli" | "gemini-cli" | "qwen-code" | "zcode";
export const PLUGIN_HOSTS: readonly PluginHost[] = ["claude-code", "codex", "copilot-cli", "gemini-cli", "qwen-code", "zcode"];

/** Relative path -> content; `bin/ctxmode-plugin` is written executable. */
type Files = Record<string, string>;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
/** Semver for manifests: a build from source is 0.0.0. */
const version = (v: string) => (/^\d+\.\d+\.\d+/.test(v) ? v : "0.0.0");

/**
 * The shell line of one hook: the launcher through `sh` (installs may drop the execute bit). `|| true`:
 * should the host ever hand a wrong root, dash's "cannot open" exits 2, which these hosts read as "block".
 */
const hookCommand = (rootVar: string, host: string, event: string) => `sh "${rootVar}/${LAUNCHER}" hook ${host} ${event} || true`;

/** Claude-style nested hooks (`{matcher?, hooks:[{type, command, timeout?}]}` per event). */
function nested(events: readonly HostEvent[], host: string, rootVar: string, timeout?: number): Record<string, unknown[]> {
  return Object.fromEntries(
    hookedEvents(events).map((e) => [
      e.name,
      [
        {
          ...(e.matcher !== undefined ? { matcher: e.matcher } : {}),
          hooks: [{ type: "command", command: hookCommand(rootVar, host, e.arg), ...(timeout ? { timeout } : {}) }],
        },
      ],
    ]),
  );
}

/** The MCP server entry: the launcher's `serve`. */
const mcpEntry = (rootVar: string, extra: Record<string, unknown> = {}) => ({ ...extra, command: "sh", args: [`${rootVar}/${LAUNCHER}`, "serve"] });

/** The parts every plugin folder has: the launcher and the skills. */
function common(shape: StartReply, skills: Record<string, string>): Files {
  const files: Files = { [LAUNCHER]: launcherScript(shape) };
  for (const [name, text] of Object.entries(skills)) files[join("skills", name, "SKILL.md")] = text;
  return files;
}

const marketplaceEntry = (v: string, source: string) => ({ name: "ctxmode", source, description: DESCRIPTION, version: version(v) });
const nest = (dir: string, files: Files): Files => Object.fromEntries(Object.entries(files).map(([p, c]) => [join(dir, p), c]));

/** Every host's package, host -> files. */
export function hostPackages(v: string = pkg.version, skills: Record<string, string> = SKILLS): Record<PluginHost, Files> {
  const manifest = { name: "ctxmode", version: version(v), description: DESCRIPTION, author: AUTHOR, homepage: HOMEPAGE, license: "MIT" };
  const context = `${instructionSection()}\n`;

  // Claude Code: ${CLAUDE_PLUGIN_ROOT} is expanded in hook commands and MCP args (hosts.md §1).
  const claude = "${CLAUDE_PLUGIN_ROOT}";
  const claudePlugin: Files = {
    ...common("claude-style", skills),
    [join(".claude-plugin", "plugin.json")]: json(manifest),
    ".mcp.json": json({ mcpServers: { ctxmode: mcpEntry(claude, { type: "stdio" }) } }),
    [join("hooks", "hooks.json")]: json({ description: "ctxmode hooks", hooks: nested(claudeCode.hook.events, "claude-code", claude) }),
  };

  // Codex: a plugin's hooks run with CLAUDE_PLUGIN_ROOT set to the installed plugin folder, but 0.171
  // expands no variable in a Claude-style plugin's MCP entry, so the server runs the launcher inline.
  const codexRoot = "${CLAUDE_PLUGIN_ROOT}";
  const codexPlugin: Files = {
    ...common("codex", skills),
    [join(".codex-plugin", "plugin.json")]: json({ ...manifest, skills: "./skills/", mcpServers: "./.mcp.json", hooks: "./hooks/hooks.json" }),
    ".mcp.json": json({ mcpServers: { ctxmode: { command: "sh", args: ["-c", launcherBody("codex"), "ctxmode-plugin", "serve"] } } }),
    [join("hooks", "hooks.json")]: json({ hooks: nested(codex.hook.events, "codex", codexRoot, 30) }),
  };

  // Copilot CLI: its own flat hook entries (`bash`, `timeoutSec`), camelCase events (hosts.md §5).
  const copilotRoot = "${COPILOT_PLUGIN_ROOT}";
  const copilotHooks = Object.fromEntries(
    hookedEvents(copilotCli.hook.events).map((e) => [e.name, [{ type: "command", bash: hookCommand(copilotRoot, "copilot-cli", e.arg), timeoutSec: 30 }]]),
  );
  const copilotPlugin: Files = {
    ...common("copilot", skills),
    "plugin.json": json({ ...manifest, skills: "skills/", mcpServers: ".mcp.json", hooks: "hooks.json" }),
    ".mcp.json": json({ mcpServers: { ctxmode: mcpEntry(copilotRoot, { type: "local", tools: ["*"] }) } }),
    "hooks.json": json({ version: 1, hooks: copilotHooks }),
  };

  // Gemini CLI and Qwen Code extensions: ${extensionPath} is substituted in the manifest; in
  // hooks/hooks.json Gemini CLI substitutes it too, Qwen Code 0.24 only ${CLAUDE_PLUGIN_ROOT}. Hook timeouts are ms.
  const ext = "${extensionPath}";
  const extension = (host: "gemini-cli" | "qwen-code", manifestFile: string, shape: StartReply, events: readonly HostEvent[], hookRoot: string): Files => ({
    ...common(shape, skills),
    [manifestFile]: json({
      name: "ctxmode",
      version: version(v),
      description: DESCRIPTION,
      contextFileName: CONTEXT_FILE,
      mcpServers: { ctxmode: mcpEntry(ext) },
    }),
    [join("hooks", "hooks.json")]: json({ hooks: nested(events, host, hookRoot, 10_000) }),
    [CONTEXT_FILE]: context,
  });

  return {
    "claude-code": {
      [join(".claude-plugin", "marketplace.json")]: json({
        name: "ctxmode",
        owner: AUTHOR,
        description: "ctxmode for Claude Code",
        plugins: [marketplaceEntry(v, "./plugins/ctxmode")],
      }),
      ...nest(join("plugins", "ctxmode"), claudePlugin),
    },
    codex: {
      [join(".agents", "plugins", "marketplace.json")]: json({
        name: "ctxmode",
        interface: { displayName: "ctxmode" },
        plugins: [
          { name: "ctxmode", source: { source: "local", path: "./plugins/ctxmode" }, policy: { installation: "AVAILABLE" }, category: "Developer Tools" },
        ],
      }),
      ...nest(join("plugins", "ctxmode"), codexPlugin),
    },
    "copilot-cli": {
      [join(".github", "plugin", "marketplace.json")]: json({
        name: "ctxmode",
        owner: AUTHOR,
        metadata: { description: "ctxmode for Copilot CLI", version: version(v) },
        plugins: [marketplaceEntry(v, "./plugins/ctxmode")],
      }),
      ...nest(join("plugins", "ctxmode"), copilotPlugin),
    },
    "gemini-cli": extension("gemini-cli", "gemini-extension.json", "gemini", geminiCli.hook.events, ext),
    "qwen-code": extension("qwen-code", "qwen-extension.json", "claude-style", qwenCode.hook.events, "${CLAUDE_PLUGIN_ROOT}"),
    // ZCode hooks and servers are processes started with args, not shell lines: the launcher runs through `sh`.
    zcode: marketplaceFiles("ctxmode", skills, launcherScript("claude-style")),
  };
}

/** Writes every host package under `outDir/<host>/`, replacing what was there. */
export function writeHostPackages(outDir: string, v: string = pkg.version): string[] {
  rmSync(outDir, { recursive: true, force: true });
  const written: string[] = [];
  for (const [host, files] of Object.entries(hostPackages(v))) {
    for (const [path, content] of Object.entries(files)) {
      const file = join(outDir, host, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
      if (path.endsWith(LAUNCHER)) chmodSync(file, 0o755);
      written.push(file);
    }
  }
  return written;
}

if (import.meta.main) {
  const out = process.argv[2] ?? join(root, "dist", "release", "plugins");
  const files = writeHostPackages(out);
  console.log(`wrote ${files.length} files into ${out}`);
}
