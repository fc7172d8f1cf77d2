import { join } from "node:path";
import { VERSION } from "../config/constants.ts";
import { claudeEvents, event } from "./claude-events.ts";
import { hookedEvents } from "./setup-shapes.ts";
import { defineHost, type FileEdit } from "./types.ts";

/**
 * ZCode's plugin (reference/hosts.md §11; Z.ai's plugin docs, zai-org/zcode-plugins `docs/PLUGIN_DEVELOPMENT.md`).
 * Documented only: ZCode is a desktop app that cannot run here. A plugin is a folder with a
 * manifest `.zcode-plugin/plugin.json`, an MCP `.mcp.json` and an auto-discovered
 * `hooks/hooks.json` in Claude's nesting with `process` handlers (argv, no shell; `timeoutMs`).
 * ZCode loads plugin folders listed in `plugins.dirs` of `<zcode>/cli/config.json` (enabled by
 * default), or plugins installed from a marketplace (`marketplace.json` + `plugins/<name>/`).
 */

/**
 * Hook events ZCode documents and ctxmode uses, with the matcher (tool events) they get. ZCode has
 * no pre-compaction event, so `Stop` (end of every turn) saves the state block instead; its reply
 * carries nothing, since one there could make the model run another round.
 */
const EVENTS = [
  ...claudeEvents(
    { PreToolUse: { matcher: "Bash|Read|WebFetch|Grep|Glob|Agent|Task|mcp__.*" }, PostToolUse: { matcher: "" }, PostToolUseFailure: { matcher: "" } },
    ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure"],
  ),
  event("Stop", "pre-compact"),
];

const DESCRIPTION = "Keeps raw tool output out of the context window: a sandbox, a local full-text index and hooks that route large output to them.";
/** Plugin versions must be semver; a build from source says "dev". */
const pluginVersion = () => (/^\d+\.\d+\.\d+/.test(VERSION) ? VERSION : "0.0.0");
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * How a plugin's hooks and server start ctxmode: the binary itself (setup knows its path), or the
 * package's launcher script (`launcher`: its text), which finds the installed binary and fails open
 * without one, for a package published apart from any binary.
 */
interface Runner {
  command: string;
  args: (rest: string[]) => string[];
  files: Record<string, string>;
}

const LAUNCHER = join("bin", "ctxmode-plugin");

function runner(binary: string, launcher?: string): Runner {
  if (launcher === undefined) return { command: binary, args: (rest) => rest, files: {} };
  // ZCode substitutes ${ZCODE_PLUGIN_ROOT} in hook and server args (hosts.md, ZCode).
  return { command: "sh", args: (rest) => ["${ZCODE_PLUGIN_ROOT}/bin/ctxmode-plugin", ...rest], files: { [LAUNCHER]: launcher } };
}

/** The plugin folder's files, relative path -> content, running `binary` (or the launcher, see Runner). */
function pluginFiles(binary: string, skills: Record<string, string> = {}, launcher?: string): Record<string, string> {
  const run = runner(binary, launcher);
  const hooks = Object.fromEntries(
    hookedEvents(EVENTS).map(({ name, matcher }) => [
      name,
      [
        {
          ...(matcher !== undefined ? { matcher } : {}),
          hooks: [{ type: "process", command: run.command, args: run.args(["hook", "zcode", name]), timeoutMs: 10_000 }],
        },
      ],
    ]),
  );
  const files: Record<string, string> = {
    [join(".zcode-plugin", "plugin.json")]: json({
      name: "ctxmode",
      version: pluginVersion(),
      description: DESCRIPTION,
      author: { name: "ctxmode" },
      homepage: "https://github.com/ctxmode/ctxmode",
      license: "MIT",
      keywords: ["context", "mcp", "hooks", "search"],
    }),
    ".mcp.json": json({ mcpServers: { ctxmode: { type: "stdio", command: run.command, args: run.args(["serve"]), cwd: "${ZCODE_PROJECT_DIR}" } } }),
    [join("hooks", "hooks.json")]: json({ description: "ctxmode hooks", hooks }),
    ...run.files,
  };
  for (const [name, content] of Object.entries(skills)) files[join("skills", name, "SKILL.md")] = content;
  return files;
}

/**
 * A marketplace folder that ZCode can add (Settings → Plugin management → Discover → +) or that
 * can be published as is: `marketplace.json` and `plugins/ctxmode/`. Path -> content.
 */
export function marketplaceFiles(binary: string, skills: Record<string, string> = {}, launcher?: string): Record<string, string> {
  const files: Record<string, string> = {
    "marketplace.json": json({
      name: "ctxmode",
      description: "ctxmode for ZCode",
      owner: { name: "ctxmode" },
      plugins: [
        {
          name: "ctxmode",
          source: "./plugins/ctxmode",
          description: DESCRIPTION,
          version: pluginVersion(),
          category: "developer-tools",
          keywords: ["context", "mcp", "hooks"],
        },
      ],
    }),
  };
  for (const [path, content] of Object.entries(pluginFiles(binary, skills, launcher))) files[join("plugins", "ctxmode", path)] = content;
  return files;
}

/**
 * ZCode, Z.ai's desktop agent (documented only, never run here). Plugin hooks get a Claude-shaped
 * payload (snake_case fields beside camelCase ones) and read `hookSpecificOutput` with
 * `additionalContext`, or `permissionDecision:"deny"` with `permissionDecisionReason` in
 * PreToolUse; ZCode rejects an invalid `hookEventName`. PostToolUse cannot replace a tool's
 * output. A SessionStart with source `compact` injects the state `Stop` saved.
 */
export const zcode = defineHost({
  id: "zcode",
  title: "ZCode",
  command: "zcode",
  env: ["CTXMODE_ZCODE_DIR", "CTXMODE_ZCODE_PLUGIN_DIR"],
  detect: (p) => [p.zcodeDir],
  note: "ZCode takes hooks into new sessions only: start a new session (plugin hooks are snapshotted at session start).",
  // A plugin is user-wide: --project writes the same files. Its skills travel inside the plugin.
  setup: (ctx) => {
    const dir = ctx.paths.zcodePluginDir;
    const files: FileEdit[] = Object.entries(pluginFiles(ctx.binary, ctx.skills)).map(([path, content]) => ({ kind: "file", file: join(dir, path), content }));
    files.push({
      kind: "json",
      file: join(ctx.paths.zcodeDir, "cli", "config.json"),
      set: [],
      hooks: [{ at: ["plugins", "dirs"], entry: dir, marker: JSON.stringify(dir) }],
    });
    return files;
  },
  hook: { events: EVENTS, reply: "claude-style", replaces: "none", preToolContext: true, plainContext: false },
  tools: { mcpFormat: "double", shell: "Bash" },
  projectInstructions: [],
  memory: (p) => ({ files: [join(p.zcodeDir, "AGENTS.md")] }),
});
