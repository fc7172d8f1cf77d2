/**
 * The shape of one host's entry in the registry (src/hosts/<id>.ts). Facts only: data plus the
 * small pure functions that turn paths into file edits. Nothing here touches the file system, so
 * the hook path can load the registry; setup (src/agents/) and the hook adapters (src/hooks/hosts/)
 * interpret it.
 */

import type { HostPaths } from "../config/host-paths.ts";

/** One change setup makes to one file. */
export type FileEdit =
  | { kind: "json"; file: string; set: { at: string[]; value: unknown }[]; hooks: { at: string[]; entry: unknown; marker: string }[] }
  | { kind: "toml"; file: string; table: string; body: string }
  | { kind: "section"; file: string; section: string }
  /** A file ctxmode owns whole (a skill, a plugin module): written as is, deleted on --remove unless the user changed it. */
  | { kind: "file"; file: string; content: string };

/** What setup knows when it builds a host's edits. */
export interface SetupContext {
  /** Every host's config dirs, resolved from the environment in config/host-paths.ts. */
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

/** A host's setup context plus the bundled plugin modules (read by src/agents/, not by the registry). */
export interface HostSetupContext extends SetupContext {
  /** The OpenCode plugin or the Pi extension, calling `ctx.binary`. */
  pluginSource(plugin: "opencode" | "pi"): string;
}

/** The five moments ctxmode acts on, whatever each host calls them. */
export type HookKind = "pre-tool" | "post-tool" | "prompt" | "pre-compact" | "session-start";

/** One hook event as the host spells it. */
export interface HostEvent {
  name: string;
  kind: HookKind;
  /** Setup registers this event; false for events the adapter accepts but setup does not write. */
  hooked: boolean;
  /** The matcher setup writes (tool events); undefined writes none, "" an empty one. */
  matcher?: string;
  /** Claude-style replies: this event's reply may carry `additionalContext` under its name. */
  context: boolean;
}

/** How a host spells an MCP tool: `double` mcp__s__t, `gemini` mcp_s_t, `underscore` s_t, `dash` s-t, `cursor` MCP:t, `kiro` @s/t, `bare` t. */
export type McpFormat = "double" | "gemini" | "underscore" | "dash" | "cursor" | "kiro" | "bare";

/**
 * The reply contracts, one adapter module each in src/hooks/hosts/: `claude-style`
 * (`hookSpecificOutput`), `gemini` (top-level `decision`), `copilot` (flat keys), `cursor`
 * (`permission`), `exit-code` (Kiro: exit 2 + stderr, plain stdout), `plugin` (ctxmode's own
 * reply to the OpenCode plugin and the Pi extension).
 */
export type ReplyShape = "claude-style" | "gemini" | "copilot" | "cursor" | "exit-code" | "plugin";

/** What a host's hooks accept and answer (reference/hosts.md, per host). */
export interface HookFacts {
  /** The host's events, in the order setup writes them. */
  events: readonly HostEvent[];
  reply: ReplyShape;
  /** claude-style: how a post-tool reply replaces output, if the host lets it. */
  replaceAs?: "updated-output" | "decision-block";
  /** claude-style: the deny reason used when ctxmode's is empty (Codex rejects an empty one). */
  denyFallback?: string;
  /** Which tools' output a post-tool reply may replace. */
  replaces: "bash-and-mcp" | "bash" | "none";
  /** Pre-tool additionalContext reaches the model. */
  preToolContext: boolean;
  /** The host shows SessionStart context as plain text (then a one-line pointer replaces the state block). */
  plainContext: boolean;
  /** The host sends no session id (Kiro); its payload must then name its event (`hook_event_name`). */
  sessionless?: boolean;
}

/** How a host names tools. */
export interface ToolFacts {
  mcpFormat: McpFormat;
  /** Host tool names that look like MCP names in `underscore`/`dash` formats. */
  builtins?: readonly string[];
  /** The host's shell tool (doctor's hook round trip sends a call to it). */
  shell: string;
}

/**
 * ctxmode installed through the host's own plugin manager, from the package build/host-plugins.ts
 * writes (the other route beside `ctxmode setup`; README gives the install commands).
 */
export interface PluginRoute {
  /** The host's files that say ctxmode's plugin is installed (any one), and the text in each that says so. */
  marker(paths: HostPaths): { file: string; pattern: RegExp }[];
  /** The host's own commands that update and remove the plugin (remove: the step to take, when the host has no command for it). */
  update: string;
  remove: string;
}

/** One host: everything ctxmode needs to register with it and answer its hooks. */
export interface HostDef<Id extends string = string> {
  id: Id;
  /** As people write it: "Claude Code". */
  title: string;
  /** The host's binary; a host counts as installed when it is on PATH. */
  command: string;
  /** Other names `ctxmode hook` accepts for it (`claude`, `gemini` …). */
  aliases?: readonly string[];
  /**
   * The variables that move the host's config dirs. They are read once, with every other
   * variable, in config/host-paths.ts (the store's memory search needs the dirs too).
   */
  env?: readonly string[];
  /** The host counts as installed when one of these exists. */
  detect(paths: HostPaths): string[];
  /** The MCP entry and hook files setup writes (the instruction section and skills are added from the facts below). */
  setup(ctx: HostSetupContext): FileEdit[];
  /** Said after setup: a step only the user can take. */
  note?: string;
  /** Set when ctxmode ships a package for the host's own plugin manager. */
  plugin?: PluginRoute;
  hook: HookFacts;
  tools: ToolFacts;
  /** Instruction files the host reads from a project, relative to its top level. */
  projectInstructions: readonly string[];
  /** Folders whose every file is an instruction file (Cursor's rules, Kiro's steering). */
  projectInstructionDirs?: readonly string[];
  /** The file `setup --instructions` writes ctxmode's section into: the user's, and the project's (relative). */
  instructionFile?: { user: (paths: HostPaths) => string; project: string };
  /** User-level memory search indexes (files, then folders). */
  memory?: (paths: HostPaths) => { files?: string[]; dirs?: string[] };
  /** Where setup puts ctxmode's skills (`<dir>/<name>/SKILL.md`, user scope only). */
  skillsDir?: (paths: HostPaths) => string;
}

/** Keeps a host's literal id in the type (`HostId` is derived from the registry). */
export function defineHost<const Id extends string>(def: HostDef<Id>): HostDef<Id> {
  return def;
}
