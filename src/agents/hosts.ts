import { join } from "node:path";
import type { HostId } from "../config/host-ids.ts";
import type { HostPaths } from "../config/host-paths.ts";
import { pluginSource } from "./plugins.ts";
import { zcodeHost } from "./zcode.ts";

/** One change setup makes to one file. */
export type FileEdit =
  | { kind: "json"; file: string; set: { at: string[]; value: unknown }[]; hooks: { at: string[]; entry: unknown; marker: string }[] }
  | { kind: "toml"; file: string; table: string; body: string }
  | { kind: "section"; file: string; section: string }
  /** A file ctxmode owns whole (a skill, a plugin module): written as is, deleted on --remove unless the user changed it. */
  | { kind: "file"; file: string; content: string };

export interface SetupContext {
  paths: HostPaths;
  /** The stable path of the installed binary (what the host runs). */
  binary: string;
  /** Write the project's config files (in this directory) instead of the user's. */
  project?: string;
  /** Also write the ctxmode section of the host's instruction file. */
  instructions?: string;
  /** Skill name to SKILL.md text, installed into each host's skills dir. */
  skills?: Record<string, string>;
}

export interface HostSpec {
  id: HostId;
  title: string;
  /** A host counts as installed when one of these exists, or its binary is on PATH. */
  dirs: (p: HostPaths) => string[];
  command: string;
  edits: (ctx: SetupContext) => FileEdit[];
  /** One hook event run with a sample payload to verify the host's hook line. */
  probeEvent?: string;
  /** The host reads plain text from that event's stdout, not JSON. */
  plainReply?: boolean;
  /** Said after setup: a step only the user can take. */
  note?: string;
}

const q = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
const hookLine = (ctx: SetupContext, host: HostId, event: string) => `${q(ctx.binary)} hook ${host} ${event}`;
/** Marks our hook entries: found again on a rerun (replaced if the binary moved) and on --remove. */
const marker = (host: HostId, event: string) => ` hook ${host} ${event}`;

/** Claude-style nested hooks: `{matcher?, hooks:[{type:"command", command, timeout?}]}` per event. */
function nestedHooks(ctx: SetupContext, host: HostId, base: string[], events: [string, string, string | undefined][], timeout?: number) {
  return events.map(([hostEvent, event, matcher]) => ({
    at: [...base, hostEvent],
    entry: { ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: "command", command: hookLine(ctx, host, event), ...(timeout ? { timeout } : {}) }] },
    marker: marker(host, event),
  }));
}

const serve = (ctx: SetupContext) => ({ command: ctx.binary, args: ["serve"] });
const where = (ctx: SetupContext, user: string, project: string) => (ctx.project ? join(ctx.project, project) : user);
const section = (file: string, ctx: SetupContext): FileEdit[] => (ctx.instructions ? [{ kind: "section", file, section: ctx.instructions }] : []);
/**
 * ctxmode's skills as `<dir>/<name>/SKILL.md`, user scope only. The e2e tests check that each
 * runnable host puts them in front of the model from these dirs.
 */
const skills = (dir: string, ctx: SetupContext): FileEdit[] =>
  ctx.project || !ctx.skills ? [] : Object.entries(ctx.skills).map(([name, content]) => ({ kind: "file", file: join(dir, name, "SKILL.md"), content }));

/** Every host setup knows, with the exact files and shapes from reference/hosts.md. */
export const HOSTS: HostSpec[] = [
  {
    id: "claude-code",
    title: "Claude Code",
    command: "claude",
    dirs: (p) => [p.claudeDir, p.claudeJson],
    probeEvent: "sessionstart",
    edits: (ctx) => [
      { kind: "json", file: where(ctx, ctx.paths.claudeJson, ".mcp.json"), set: [{ at: ["mcpServers", "ctxmode"], value: { type: "stdio", ...serve(ctx) } }], hooks: [] },
      {
        kind: "json",
        file: where(ctx, join(ctx.paths.claudeDir, "settings.json"), join(".claude", "settings.json")),
        set: [],
        hooks: nestedHooks(ctx, "claude-code", ["hooks"], [
          ["PreToolUse", "pretooluse", "Bash|Read|WebFetch|Grep|Glob|Agent|Task|mcp__.*"],
          ["PostToolUse", "posttooluse", ""],
          ["UserPromptSubmit", "userpromptsubmit", undefined],
          ["PreCompact", "precompact", undefined],
          ["SessionStart", "sessionstart", undefined],
        ]),
      },
      ...section(where(ctx, join(ctx.paths.claudeDir, "CLAUDE.md"), "CLAUDE.md"), ctx),
      ...skills(join(ctx.paths.claudeDir, "skills"), ctx),
    ],
  },
  {
    id: "codex",
    title: "Codex CLI",
    command: "codex",
    dirs: (p) => [p.codexHome],
    probeEvent: "sessionstart",
    note: "Codex runs new or changed hooks only once trusted: start `codex` and approve ctxmode's hooks when asked.",
    edits: (ctx) => [
      { kind: "toml", file: where(ctx, join(ctx.paths.codexHome, "config.toml"), join(".codex", "config.toml")), table: "mcp_servers.ctxmode", body: `command = ${JSON.stringify(ctx.binary)}\nargs = ["serve"]\n` },
      {
        kind: "json",
        file: where(ctx, join(ctx.paths.codexHome, "hooks.json"), join(".codex", "hooks.json")),
        set: [],
        hooks: nestedHooks(ctx, "codex", ["hooks"], [
          ["PreToolUse", "pretooluse", "Bash|apply_patch|mcp__.*"],
          ["PostToolUse", "posttooluse", undefined],
          ["UserPromptSubmit", "userpromptsubmit", undefined],
          ["PreCompact", "precompact", undefined],
          ["SessionStart", "sessionstart", undefined],
        ]),
      },
      ...section(where(ctx, join(ctx.paths.codexHome, "AGENTS.md"), "AGENTS.md"), ctx),
      ...skills(join(ctx.paths.codexHome, "skills"), ctx),
    ],
  },
  ...(["gemini-cli", "qwen-code"] as const).map((id): HostSpec => {
    const gemini = id === "gemini-cli";
    const dir = (p: HostPaths) => (gemini ? p.geminiDir : p.qwenDir);
    const events: [string, string, string | undefined][] = gemini
      ? [
          ["BeforeTool", "beforetool", "run_shell_command|read_file|web_fetch|mcp_.*"],
          ["AfterTool", "aftertool", ".*"],
          ["BeforeAgent", "beforeagent", undefined],
          ["PreCompress", "precompress", undefined],
          ["SessionStart", "sessionstart", undefined],
        ]
      : [
          ["PreToolUse", "pretooluse", "run_shell_command|read_file|web_fetch|mcp__.*"],
          ["PostToolUse", "posttooluse", ".*"],
          ["UserPromptSubmit", "userpromptsubmit", undefined],
          ["PreCompact", "precompact", undefined],
          ["SessionStart", "sessionstart", undefined],
        ];
    const rel = gemini ? ".gemini" : ".qwen";
    return {
      id,
      title: gemini ? "Gemini CLI" : "Qwen Code",
      command: gemini ? "gemini" : "qwen",
      dirs: (p) => [dir(p)],
      probeEvent: "sessionstart",
      edits: (ctx) => [
        {
          kind: "json",
          file: where(ctx, join(dir(ctx.paths), "settings.json"), join(rel, "settings.json")),
          set: [{ at: ["mcpServers", "ctxmode"], value: serve(ctx) }],
          // Timeouts are in ms for these two hosts (hosts.md §3, §4).
          hooks: nestedHooks(ctx, id, ["hooks"], events, 10_000),
        },
        ...section(where(ctx, join(dir(ctx.paths), gemini ? "GEMINI.md" : "QWEN.md"), gemini ? "GEMINI.md" : "QWEN.md"), ctx),
        ...skills(join(dir(ctx.paths), "skills"), ctx),
      ],
    };
  }),
  {
    id: "copilot-cli",
    title: "Copilot CLI",
    command: "copilot",
    dirs: (p) => [p.copilotDir],
    probeEvent: "sessionstart",
    note: "Copilot CLI reads hooks only from a repository's .github/hooks/: run `ctxmode setup --agents copilot-cli --project` in each repository.",
    edits: (ctx) => {
      const edits: FileEdit[] = [
        { kind: "json", file: join(ctx.paths.copilotDir, "mcp-config.json"), set: [{ at: ["mcpServers", "ctxmode"], value: { type: "local", ...serve(ctx), tools: ["*"] } }], hooks: [] },
      ];
      if (ctx.project) {
        const events = ["preToolUse", "postToolUse", "userPromptSubmitted", "sessionStart"];
        edits.push({
          kind: "json",
          file: join(ctx.project, ".github", "hooks", "ctxmode.json"),
          set: [{ at: ["version"], value: 1 }],
          hooks: events.map((e) => ({
            at: ["hooks", e],
            entry: { type: "command", bash: hookLine(ctx, "copilot-cli", e.toLowerCase()), timeoutSec: 30 },
            marker: marker("copilot-cli", e.toLowerCase()),
          })),
        });
      }
      return [
        ...edits,
        ...section(where(ctx, join(ctx.paths.copilotDir, "copilot-instructions.md"), join(".github", "copilot-instructions.md")), ctx),
        ...skills(join(ctx.paths.copilotDir, "skills"), ctx),
      ];
    },
  },
  {
    id: "vscode",
    title: "VS Code",
    command: "code",
    dirs: (p) => [p.vscodeUserDir],
    probeEvent: "sessionstart",
    note: "VS Code's agent hooks are a preview feature: they run once `chat.hooks.enabled` (or your VS Code's equivalent) is on.",
    edits: (ctx) => [
      { kind: "json", file: where(ctx, join(ctx.paths.vscodeUserDir, "mcp.json"), join(".vscode", "mcp.json")), set: [{ at: ["servers", "ctxmode"], value: { type: "stdio", ...serve(ctx) } }], hooks: [] },
      // VS Code reads user hook files from ~/.copilot/hooks (hosts.md §6); matchers are ignored there,
      // so every tool call reaches the hook, which filters by tool name itself.
      ...(ctx.project
        ? []
        : [
            {
              kind: "json" as const,
              file: join(ctx.paths.home, ".copilot", "hooks", "ctxmode-vscode.json"),
              set: [],
              hooks: (
                [
                  ["PreToolUse", "pretooluse"],
                  ["PostToolUse", "posttooluse"],
                  ["UserPromptSubmit", "userpromptsubmit"],
                  ["PreCompact", "precompact"],
                  ["SessionStart", "sessionstart"],
                ] as const
              ).map(([hostEvent, event]) => ({
                at: ["hooks", hostEvent],
                entry: { type: "command", command: hookLine(ctx, "vscode", event), timeout: 30 },
                marker: marker("vscode", event),
              })),
            },
          ]),
    ],
  },
  {
    id: "cursor",
    title: "Cursor",
    command: "cursor-agent",
    dirs: (p) => [p.cursorDir],
    probeEvent: "sessionstart",
    edits: (ctx) => {
      const events: [string, string, string | undefined][] = [
        ["preToolUse", "pretooluse", "Shell|Read|Grep|MCP:.*"],
        ["postToolUse", "posttooluse", undefined],
        ["beforeSubmitPrompt", "beforesubmitprompt", undefined],
        ["preCompact", "precompact", undefined],
        ["sessionStart", "sessionstart", undefined],
      ];
      return [
        { kind: "json", file: where(ctx, join(ctx.paths.cursorDir, "mcp.json"), join(".cursor", "mcp.json")), set: [{ at: ["mcpServers", "ctxmode"], value: serve(ctx) }], hooks: [] },
        {
          kind: "json",
          file: where(ctx, join(ctx.paths.cursorDir, "hooks.json"), join(".cursor", "hooks.json")),
          set: [{ at: ["version"], value: 1 }],
          hooks: events.map(([hostEvent, event, matcher]) => ({
            at: ["hooks", hostEvent],
            entry: { command: hookLine(ctx, "cursor", event), ...(matcher ? { matcher } : {}) },
            marker: marker("cursor", event),
          })),
        },
      ];
    },
  },
  {
    id: "kiro",
    title: "Kiro CLI",
    command: "kiro-cli",
    dirs: (p) => [p.kiroDir],
    probeEvent: "agentspawn",
    plainReply: true,
    edits: (ctx) => {
      const events: [string, string, string | undefined][] = [
        ["PreToolUse", "pretooluse", "execute_bash|shell|fs_read|read|@*"],
        ["PostToolUse", "posttooluse", "*"],
        ["UserPromptSubmit", "userpromptsubmit", undefined],
        ["AgentSpawn", "agentspawn", undefined],
      ];
      return [
        { kind: "json", file: where(ctx, join(ctx.paths.kiroDir, "settings", "mcp.json"), join(".kiro", "settings", "mcp.json")), set: [{ at: ["mcpServers", "ctxmode"], value: serve(ctx) }], hooks: [] },
        // Kiro's standalone hook files (hosts.md §8, documented only): one list of named hooks.
        {
          kind: "json",
          file: where(ctx, join(ctx.paths.kiroDir, "hooks", "ctxmode.json"), join(".kiro", "hooks", "ctxmode.json")),
          set: [{ at: ["version"], value: "v1" }],
          hooks: events.map(([trigger, event, matcher]) => ({
            at: ["hooks"],
            entry: { name: `ctxmode ${event}`, trigger, ...(matcher ? { matcher } : {}), action: { type: "command", command: hookLine(ctx, "kiro", event) }, enabled: true },
            marker: marker("kiro", event),
          })),
        },
      ];
    },
  },
  {
    id: "opencode",
    title: "OpenCode",
    command: "opencode",
    dirs: (p) => [p.opencodeDir],
    edits: (ctx) => [
      {
        kind: "json",
        file: where(ctx, join(ctx.paths.opencodeDir, "opencode.json"), "opencode.json"),
        set: [{ at: ["mcp", "ctxmode"], value: { type: "local", command: [ctx.binary, "serve"], enabled: true } }],
        hooks: [],
      },
      // OpenCode loads every module in its plugin folder; the hooks run through this one.
      { kind: "file", file: where(ctx, join(ctx.paths.opencodeDir, "plugin", "ctxmode.js"), join(".opencode", "plugin", "ctxmode.js")), content: pluginSource("opencode", ctx.binary) },
      ...section(where(ctx, join(ctx.paths.opencodeDir, "AGENTS.md"), "AGENTS.md"), ctx),
      ...skills(join(ctx.paths.opencodeDir, "skill"), ctx),
    ],
  },
  {
    id: "pi",
    title: "Pi",
    command: "pi",
    dirs: (p) => [p.piDir],
    // Pi has no MCP: the extension starts `ctxmode serve` itself and registers its tools with Pi.
    edits: (ctx) => [
      { kind: "file", file: where(ctx, join(ctx.paths.piDir, "extensions", "ctxmode.ts"), join(".pi", "extensions", "ctxmode.ts")), content: pluginSource("pi", ctx.binary) },
      // Pi reads AGENTS.md from its agent dir, then from the working directory up.
      ...section(where(ctx, join(ctx.paths.piDir, "AGENTS.md"), "AGENTS.md"), ctx),
      ...skills(join(ctx.paths.piDir, "skills"), ctx),
    ],
  },
  zcodeHost,
];
