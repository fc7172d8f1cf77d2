/**
 * The two tools the suite measures, behind one shape: how to start each one's MCP server and hook
 * processes, and which of its tools answers each kind of call. Both are driven by the same harness
 * (the MCP SDK client over stdio, process spawns with the same JSON on stdin).
 */
import { join } from "node:path";

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
}

/** One search hit, parsed out of a reply's text. */
export interface Hit {
  source: string;
  title: string;
  snippet: string;
}

/** Hook events by role; each host spells them its own way. */
export type HookRole = "pre" | "post" | "prompt" | "start" | "compact";

export interface Subject {
  /** "ctxmode" or "context-mode@1.0.169". */
  name: string;
  runtime: string;
  server: { command: string; args: string[] };
  /** Environment for its server and hooks: `home` and `data` are this subject's own temp dirs. */
  env(home: string, data: string, project: string): Record<string, string>;
  /** Hook argv for a host event as the host's config registers it, or undefined when the host has no process hook. */
  hook(host: string, role: HookRole, hostEvent: string): string[] | undefined;
  /** A bare process start of the runtime its hooks run on: the floor under every hook row. */
  floor: string[];
  executeFile(file: string, language: string, code: string): ToolCall;
  execute(language: string, code: string, intent?: string): ToolCall;
  indexPath(path: string, source?: string): ToolCall;
  indexUrl(url: string, source?: string): ToolCall;
  search(queries: string[], limit?: number): ToolCall;
  batch(commands: { label: string; command: string }[], queries: string[]): ToolCall;
  parseHits(reply: string): Hit[];
}

const basePath = () => process.env.PATH ?? "/usr/bin:/bin";

/** ctxmode's compiled binary; `floor` is a do-nothing program compiled the same way. */
export function ctxmodeSubject(binary: string, bareBinary: string, version: string): Subject {
  return {
    name: "ctxmode",
    runtime: `${version} (bun ${Bun.version}, compiled)`,
    server: { command: binary, args: ["serve"] },
    env: (home, data, project) => ({ PATH: basePath(), HOME: home, CTXMODE_DATA_DIR: data, CTXMODE_PROJECT_DIR: project }),
    hook: (host, _role, hostEvent) => [binary, "hook", host, hostEvent],
    floor: [bareBinary],
    executeFile: (file, language, code) => ({ name: "ctx_execute", args: { language, code, file } }),
    execute: (language, code, intent) => ({ name: "ctx_execute", args: { language, code, ...(intent ? { intent } : {}) } }),
    indexPath: (path, source) => ({ name: "ctx_index", args: { path, ...(source ? { source } : {}) } }),
    indexUrl: (url, source) => ({ name: "ctx_index", args: { url, ...(source ? { source } : {}) } }),
    search: (queries, limit) => ({ name: "ctx_search", args: { queries, ...(limit ? { limit } : {}) } }),
    batch: (commands, queries) => ({ name: "ctx_batch", args: { commands, queries } }),
    parseHits: parseCtxmodeHits,
  };
}

/** ctxmode: `[source] lines a-b · title` then the snippet, per hit. */
export function parseCtxmodeHits(reply: string): Hit[] {
  const hits: Hit[] = [];
  for (const line of reply.split("\n")) {
    const m = /^\[([^\]]+)\] lines \d+-\d+(?: · (.*))?$/.exec(line);
    if (m) hits.push({ source: m[1]!, title: m[2] ?? "", snippet: "" });
    else if (hits.length && !line.startsWith("## ")) hits[hits.length - 1]!.snippet += `${line}\n`;
  }
  return hits;
}

/**
 * How the reference's own setup registers each host's hooks (its adapters' generateHookConfig):
 * a hook script run by node directly, or its CLI dispatcher `context-mode hook <platform> <event>`.
 * It has no process hooks for OpenCode and Pi (in-process plugins).
 */
const REFERENCE_HOOKS: Record<string, { script: string } | { cli: string }> = {
  "claude-code": { script: "hooks" },
  "qwen-code": { script: "hooks" },
  "gemini-cli": { script: "hooks/gemini-cli" },
  kiro: { script: "hooks/kiro" },
  codex: { cli: "codex" },
  cursor: { cli: "cursor" },
  vscode: { cli: "vscode-copilot" },
  "copilot-cli": { cli: "copilot-cli" },
};

/**
 * context-mode from npm on its own Node 24. Its MCP server is the package bin with no arguments
 * (what `npx context-mode` and its host configs run); hooks run as its setup registers them.
 * Its search throttle (after 3 calls a minute 1 hit per query, after 8 blocked) is turned off
 * through its own env knob so that both tools answer every query in full.
 */
export function referenceSubject(pkgDir: string, node: string, version: string, nodeVersion: string): Subject {
  const cli = join(pkgDir, "cli.bundle.mjs");
  const nodeBin = join(node, "..");
  return {
    name: `context-mode@${version}`,
    runtime: `node ${nodeVersion}`,
    server: { command: node, args: [cli] },
    env: (home, _data, project) => ({
      PATH: `${nodeBin}:${basePath()}`,
      HOME: home,
      CLAUDE_PROJECT_DIR: project,
      CONTEXT_MODE_PROJECT_DIR: project,
      CONTEXT_MODE_SEARCH_WINDOW_MS: "1",
    }),
    hook(host, _role, hostEvent) {
      const how = REFERENCE_HOOKS[host];
      const event = hostEvent.toLowerCase();
      if (!how) return undefined;
      return "script" in how ? [node, join(pkgDir, how.script, `${event}.mjs`)] : [node, cli, "hook", how.cli, event];
    },
    floor: [node, "-e", ""],
    executeFile: (file, language, code) => ({
      name: "ctx_execute_file",
      // Its shell scripts get the file's path as $FILE_CONTENT_PATH (ctxmode: $FILE_PATH).
      args: { path: file, language, code: language === "shell" ? code.replaceAll("$FILE_PATH", "$FILE_CONTENT_PATH") : code },
    }),
    execute: (language, code, intent) => ({ name: "ctx_execute", args: { language, code, ...(intent ? { intent } : {}) } }),
    indexPath: (path, source) => ({ name: "ctx_index", args: { path, maxFiles: 5000, ...(source ? { source } : {}) } }),
    indexUrl: (url, source) => ({ name: "ctx_fetch_and_index", args: { url, ...(source ? { source } : {}) } }),
    search: (queries, limit) => ({ name: "ctx_search", args: { queries, ...(limit ? { limit } : {}) } }),
    batch: (commands, queries) => ({ name: "ctx_batch_execute", args: { commands, queries } }),
    parseHits: parseReferenceHits,
  };
}

/** context-mode: `--- [origin | time | source] ---`, `### title`, then the snippet, per hit. */
export function parseReferenceHits(reply: string): Hit[] {
  const hits: Hit[] = [];
  let titleNext = false;
  for (const line of reply.split("\n")) {
    const m = /^--- \[(.*)\] ---$/.exec(line);
    if (m) {
      hits.push({ source: m[1]!.split(" | ").pop()!.trim(), title: "", snippet: "" });
      titleNext = true;
    } else if (hits.length && titleNext && line.startsWith("### ")) {
      hits[hits.length - 1]!.title = line.slice(4);
      titleNext = false;
    } else if (hits.length && !line.startsWith("## ") && line !== "---") {
      hits[hits.length - 1]!.snippet += `${line}\n`;
    }
  }
  return hits;
}
