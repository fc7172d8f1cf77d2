import { isAbsolute, relative, sep } from "node:path";
import { isInstructionFile } from "../config/instruction-files.ts";
import type { CanonicalTool } from "../config/tool-names.ts";
import { oneLine, type EventType, type JournalEvent } from "./events.ts";

/** A tool call as the journal sees it: canonical name, input, and (after it ran) output. */
interface ToolUse {
  name: string;
  canonical: CanonicalTool;
  input: Record<string, unknown>;
  mcp?: { server: string; tool: string };
  /** Absent before the tool ran. */
  output?: string;
  failed?: boolean;
}

interface Extracted {
  events: JournalEvent[];
  resolve: { type: EventType; key: string }[];
}

/** Besides the instruction files, Claude Code's config folder (not its plans) holds rules. */
const CLAUDE_CONFIG = /[\\/]\.claude[\\/](?!plans[\\/])/i;
const PLAN_FILE = /[\\/]plans?[\\/][^\\/]+\.md$/i;
const GIT_OP =
  /\bgit\s+(?:-C\s+\S+\s+)?(checkout|switch|commit|merge|rebase|stash|push|pull|reset|cherry-pick|tag|branch|worktree|revert|clone|restore|am|apply|init)\b/;
const ENV_CMD =
  /(?:^|[;&|]\s*)(cd\s+\S+|source\s+\S*activate\S*|\.\s+\S*activate\S*|conda\s+activate\s+\S+|nvm\s+use\b[^;&|]*|pyenv\s+(?:shell|local|global)\b[^;&|]*|export\s+[A-Za-z_][A-Za-z0-9_]*=[^;&|]*|(?:npm|pnpm)\s+(?:i|install|ci|add)\b[^;&|]*|yarn\s+(?:add|install)\b[^;&|]*|bun\s+(?:add|install|i)\b[^;&|]*|(?:uv\s+)?pip3?\s+install\b[^;&|]*|uv\s+(?:add|sync)\b[^;&|]*|poetry\s+(?:add|install)\b[^;&|]*|cargo\s+(?:add|install)\b[^;&|]*|go\s+(?:get|install)\b[^;&|]*|gem\s+install\b[^;&|]*|brew\s+install\b[^;&|]*|apt(?:-get)?\s+install\b[^;&|]*)/g;

/** Journal events of one tool call. `root` makes file paths project-relative. */
export function extractToolEvents(use: ToolUse, root = ""): Extracted {
  const events: JournalEvent[] = [];
  const resolve: Extracted["resolve"] = [];
  const after = use.output !== undefined;
  const input = use.input;
  const rel = (p: string) => relPath(p, root);
  // Before a call runs only a subagent launch is recorded: a call may still be denied.
  if (!after && use.canonical !== "Agent") return { events, resolve };
  switch (use.canonical) {
    case "Read": {
      for (const p of filePaths(input)) {
        if (isInstructionFile(p) || CLAUDE_CONFIG.test(p)) events.push({ type: "rule", data: rel(p) });
        events.push({ type: "file_read", data: rel(p) });
      }
      break;
    }
    case "Edit":
    case "Write": {
      const patch = patchFiles(input);
      const paths = patch.length ? patch : filePaths(input).map((p) => ({ path: p, added: use.canonical === "Write" }));
      for (const { path, added } of paths) {
        events.push({ type: added ? "file_write" : "file_edit", data: rel(path) });
        if (PLAN_FILE.test(path)) events.push({ type: "plan", data: `plan file: ${rel(path)}` });
      }
      break;
    }
    case "Grep":
    case "Glob": {
      const pattern = firstString(input, "pattern", "query", "regex", "glob", "include_pattern");
      const where = firstString(input, "path", "dir_path", "directory", "cwd");
      if (pattern) events.push({ type: "search", data: where ? `${pattern} in ${rel(where)}` : pattern });
      break;
    }
    case "Bash": {
      const command = commandOf(input);
      if (!command) break;
      const key = oneLine(command, 200);
      const git = GIT_OP.exec(command);
      if (git && (!after || !use.failed)) events.push({ type: "git", data: oneLine(command, 200), key: git[1] });
      for (const m of command.matchAll(ENV_CMD)) {
        const change = m[1]!.replace(/(export\s+[A-Za-z_][A-Za-z0-9_]*=).*/, "$1***");
        events.push({ type: "env", data: oneLine(change, 200) });
      }
      if (after && use.failed) events.push({ type: "error", data: `${key} → ${errorTail(use.output ?? "")}`, key });
      else if (after) resolve.push({ type: "error", key });
      break;
    }
    case "WebFetch":
    case "WebSearch": {
      for (const url of urlsIn(JSON.stringify(input))) events.push({ type: "ref", data: url });
      const q = firstString(input, "query");
      if (use.canonical === "WebSearch" && q) events.push({ type: "ref", data: `search: ${oneLine(q, 200)}` });
      break;
    }
    case "Agent": {
      const what = firstString(input, "description", "prompt", "task", "objective", "query");
      const kind = firstString(input, "subagent_type", "agent_type", "agent");
      const label = oneLine(`${kind ? `${kind}: ` : ""}${what}`, 200);
      if (!after) events.push({ type: "subagent", data: `launched ${label}` });
      else if (!use.failed && use.output?.trim()) events.push({ type: "finding", data: `${label} → ${oneLine(use.output, 500)}` });
      break;
    }
    case "Todo":
      events.push(...taskEvents(use));
      for (const key of closedTaskKeys(use)) resolve.push({ type: "task", key });
      break;
    case "Skill": {
      const skill = firstString(input, "skill", "name", "command");
      if (skill) events.push({ type: "skill", data: skill });
      break;
    }
    case "Plan": {
      const plan = firstString(input, "plan");
      events.push({ type: "plan", data: plan ? `plan: ${oneLine(plan, 600)}` : /exit/i.test(use.name) ? "left plan mode" : "entered plan mode" });
      break;
    }
    case "Ask": {
      if (!after) break;
      const q = JSON.stringify(input).match(/"question"\s*:\s*"((?:[^"\\]|\\.)*)"/)?.[1] ?? "";
      events.push({ type: "decision", data: `Q: ${oneLine(q, 150)} → A: ${oneLine(use.output ?? "", 200)}` });
      break;
    }
    case "Mcp": {
      const arg = Object.values(input).find((v): v is string => typeof v === "string") ?? "";
      const tool = use.mcp ? `${use.mcp.server ? `${use.mcp.server}/` : ""}${use.mcp.tool}` : use.name;
      events.push({ type: "mcp", data: arg ? `${tool}: ${oneLine(arg, 100)}` : tool });
      break;
    }
    default:
      break;
  }
  if (after && use.failed && use.canonical !== "Bash") {
    const key = oneLine(`${use.name} ${JSON.stringify(input)}`, 200);
    events.push({ type: "error", data: `${key} → ${errorTail(use.output ?? "")}`, key });
  } else if (after && !use.failed && use.canonical !== "Bash") {
    resolve.push({ type: "error", key: oneLine(`${use.name} ${JSON.stringify(input)}`, 200) });
  }
  return { events, resolve };
}

/** Journal events of a user prompt: the prompt itself, a decision/correction, URLs and issue refs. */
export function extractPromptEvents(prompt: string): JournalEvent[] {
  const events: JournalEvent[] = [{ type: "prompt", data: prompt }];
  if (DECISION.test(prompt)) events.push({ type: "decision", data: oneLine(prompt, 300) });
  const refs = [...urlsIn(prompt), ...issueRefs(prompt)].slice(0, 5);
  for (const ref of refs) events.push({ type: "ref", data: ref });
  return events;
}

/** Words that mark an instruction about how to work rather than a plain request. */
const DECISION =
  /\b(?:don'?t|do not|never|always|instead|rather than|prefer|stop|must not|shouldn'?t|should not|no,|not that|use \S+ (?:instead|over)|switch to|go with|keep using)\b/i;

/** Prompts hosts inject themselves (task notifications, reminders): not the user's words. */
export function isSyntheticPrompt(prompt: string): boolean {
  return /^\s*<(task-notification|system-reminder|context_guidance|tool-result|local-command)/.test(prompt);
}

function taskEvents(use: ToolUse): JournalEvent[] {
  const input = use.input;
  const list = [input.todos, input.plan, input.items, input.tasks].find(Array.isArray) as unknown[] | undefined;
  if (list) {
    const out: JournalEvent[] = [];
    for (const item of list.slice(0, 100)) {
      if (typeof item !== "object" || item === null) continue;
      const o = item as Record<string, unknown>;
      const text = firstString(o, "content", "description", "step", "subject", "title", "task", "text");
      if (!text) continue;
      const status = firstString(o, "status", "state");
      out.push({
        type: "task",
        data: oneLine(text, 300),
        key: firstString(o, "id") || oneLine(text, 300),
        resolved: /complete|done|cancel|delete/i.test(status),
      });
    }
    return out;
  }
  const subject = firstString(input, "subject", "title", "content", "description");
  const id = firstString(input, "taskId", "task_id", "id");
  const status = firstString(input, "status", "state");
  const done = /complete|done|cancel|delete|fail/i.test(status);
  if (/create/i.test(use.name) && subject) {
    if (use.output === undefined) return [];
    const created = /(?:task|id)\D{0,12}(\d+)/i.exec(use.output)?.[1];
    return [{ type: "task", data: oneLine(subject, 300), key: created ?? oneLine(subject, 300) }];
  }
  if (/update/i.test(use.name) && use.output !== undefined) {
    if (subject) return [{ type: "task", data: oneLine(subject, 300), key: id || oneLine(subject, 300), resolved: done }];
    return [];
  }
  return [];
}

/** Task ids an update closes (TaskUpdate without a subject): resolved by key. */
function closedTaskKeys(use: ToolUse): string[] {
  if (use.canonical !== "Todo" || !/update/i.test(use.name) || use.output === undefined) return [];
  const id = firstString(use.input, "taskId", "task_id", "id");
  const status = firstString(use.input, "status", "state");
  return id && /complete|done|cancel|delete/i.test(status) ? [id] : [];
}

/** File paths in a tool input, in the field names hosts use (Kiro nests them in `operations`). */
export function filePaths(input: Record<string, unknown>): string[] {
  const out: string[] = [];
  const one = firstString(input, "file_path", "filePath", "path", "absolute_path", "target_file", "file", "notebook_path", "filename");
  if (one) out.push(one);
  for (const key of ["paths", "files", "file_paths", "absolute_paths"]) {
    const list = input[key];
    if (Array.isArray(list)) for (const p of list.slice(0, 50)) if (typeof p === "string") out.push(p);
  }
  const ops = input.operations;
  if (Array.isArray(ops)) {
    for (const op of ops.slice(0, 50)) {
      if (typeof op === "object" && op !== null) {
        const p = firstString(op as Record<string, unknown>, "path", "file_path");
        if (p) out.push(p);
      }
    }
  }
  return [...new Set(out)];
}

/** Files named in an `apply_patch` body (`*** Update File: x`), with whether each was added. */
function patchFiles(input: Record<string, unknown>): { path: string; added: boolean }[] {
  const text = firstString(input, "input", "patch", "command");
  if (!text.includes("*** ")) return [];
  const out: { path: string; added: boolean }[] = [];
  for (const m of text.matchAll(/^\*\*\* (Update|Add|Delete) File: (.+)$/gm)) out.push({ path: m[2]!.trim(), added: m[1] === "Add" });
  return out;
}

/** The shell command of a Bash-like call (`command`, `cmd`, or an argv array). */
export function commandOf(input: Record<string, unknown>): string {
  const v = input.command ?? input.cmd ?? input.script;
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.filter((x) => typeof x === "string").join(" ");
  return "";
}

function firstString(o: Record<string, unknown>, ...keys: string[]): string {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === "string" && v.trim()) return v;
  }
  return "";
}

function relPath(path: string, root: string): string {
  if (!root || !isAbsolute(path)) return path;
  const r = relative(root, path);
  return r && !r.startsWith("..") && !isAbsolute(r) ? r.split(sep).join("/") : path;
}

/** The last lines of a failure that say what went wrong (error lines preferred), on one line. */
function errorTail(output: string): string {
  const lines = output
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const errs = lines.filter((l) => /error|fail|exception|not found|denied|cannot|fatal|traceback|exit code/i.test(l));
  const pick = (errs.length ? errs : lines).slice(-3).join(" | ");
  return oneLine(pick, 300);
}

function urlsIn(text: string): string[] {
  return [...new Set([...text.matchAll(/https?:\/\/[^\s"'<>`)\]}\\]+/g)].map((m) => m[0].replace(/[.,;:]+$/, "")))].slice(0, 5);
}

function issueRefs(text: string): string[] {
  return [...new Set([...text.matchAll(/(?:^|[\s(])((?:[\w.-]+\/[\w.-]+)?#\d{1,6}|GH-\d{1,6}|[A-Z][A-Z0-9]{1,9}-\d{1,6})\b/g)].map((m) => m[1]!))];
}
