import { statSync } from "node:fs";
import { extname, isAbsolute, join, resolve, sep } from "node:path";
import { isInstructionFile } from "../config/instruction-files.ts";
import { checkCommand, type Policy } from "../sandbox/policy.ts";
import { commandOf, filePaths } from "../session/extract.ts";
import { callText, UNAVAILABLE_NOTE } from "./instructions.ts";
import { classifyShell } from "./shell-routes.ts";
import type { Decision, HookEvent } from "./types.ts";
import { shellQuote } from "../hosts/shell-quote.ts";
import { formatBytes } from "../preview/clip.ts";

/** What routing needs besides the event; each part is computed only when a rule needs it. */
export interface RouteContext {
  /** The caller can make the ctx_* call a deny would name (see session/liveness.ts). */
  canRoute(): boolean;
  /** The user's deny/allow rules (src/sandbox/policy.ts). */
  policy(): Policy;
  /** READ_DENY: a whole-file read above this many bytes is routed. */
  readDeny: number;
  /** Relative paths in tool input are taken from here. */
  baseDir: string;
  home: string;
  /**
   * Bytes behind a Read or a dump's paths; by default the files' sizes now. `ctxmode discover`
   * passes the size of the result the host recorded, for calls long past.
   */
  sizeOf?(paths: string[]): number;
}

type RouteKind = "rule" | "webfetch" | "http" | "build" | "read" | "dump";

interface Route {
  decision: Decision;
  /** Set when a routing rule matched (denied, or passed with a note because tools are unreachable). */
  kind?: RouteKind;
  /** An ordinary call that may carry the one-time nudge. */
  nudge: boolean;
}

/** Line-range parameters of each host's read tool, named in the Read deny so the model can retry ranged. */
const RANGE_PARAMS: Record<string, string> = {
  "gemini-cli": "start_line/end_line",
  "copilot-cli": "view_range",
  vscode: "startLine/endLine",
  kiro: "start_line/end_line",
};
/** Inputs that make a read partial: a ranged read always passes. */
const RANGE_KEYS = ["offset", "limit", "start_line", "end_line", "startLine", "endLine", "view_range", "line_range", "lines", "pages", "start", "end"];
/** Files the host renders itself (images, PDFs, notebooks): reading them whole is the point. */
const RENDERED = new Set([".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".ico", ".svg", ".tif", ".tiff", ".heic", ".avif", ".pdf", ".ipynb"]);
/** Agent config folders under home: instructions, plans and settings are read whole on purpose. */
const AGENT_DIRS = [".claude", ".codex", ".gemini", ".qwen", ".copilot", ".cursor", ".kiro", ".pi", join(".config", "opencode")];

/**
 * The host-neutral routing table for a tool call about to run, checked in order: the user's deny
 * rules; WebFetch; curl/wget and inline HTTP; build tools with huge logs; a whole-file Read over
 * READ_DENY; a one-file dump over READ_DENY. A matching rule denies with the exact ctx_* call to
 * make, but only when the caller can make it; otherwise the call passes with a short note.
 */
export function decideRoute(event: HookEvent, rc: RouteContext): Route {
  const tool = event.tool;
  if (!tool || tool.own) return { decision: { action: "pass" }, nudge: false };
  const input = tool.input;

  if (tool.canonical === "Bash") {
    const command = commandOf(input);
    if (!command.trim()) return { decision: { action: "pass" }, nudge: false };
    const policy = rc.policy();
    if (policy.deny.length) {
      const verdict = checkCommand(policy, command);
      if (verdict.decision === "deny") {
        return { kind: "rule", nudge: false, decision: { action: "deny", reason: `ctxmode: blocked by your permission rule ${verdict.rule ?? "(deny)"}.` } };
      }
    }
    const shell = classifyShell(command);
    if (shell?.kind === "http") return routed(rc, "http", httpReason(command));
    if (shell?.kind === "build") return routed(rc, "build", buildReason(shell.tool, command));
    if (shell?.kind === "dump") {
      const bytes = rc.sizeOf ? rc.sizeOf(shell.files) : totalSize(shell.files, rc.baseDir);
      if (bytes > rc.readDeny) return routed(rc, "dump", dumpReason(shell.files[0]!, bytes, command));
    }
    return { decision: { action: "pass" }, nudge: true };
  }

  if (tool.canonical === "WebFetch") {
    const urls = urlsOf(input);
    if (urls.length === 0) return { decision: { action: "pass" }, nudge: false };
    return routed(rc, "webfetch", webFetchReason(urls[0]!, questionOf(input, urls[0]!)));
  }

  if (tool.canonical === "Read") {
    const paths = filePaths(input);
    if (paths.length !== 1 || isRanged(input)) return { decision: { action: "pass" }, nudge: true };
    const path = resolve(rc.baseDir, paths[0]!);
    if (RENDERED.has(extname(path).toLowerCase()) || isInstructionFile(path) || underAgentDir(path, rc.home)) {
      return { decision: { action: "pass" }, nudge: false };
    }
    const bytes = rc.sizeOf ? rc.sizeOf([path]) : totalSize([path], rc.baseDir);
    if (bytes > rc.readDeny) return routed(rc, "read", readReason(paths[0]!, bytes, RANGE_PARAMS[event.host] ?? "offset/limit"));
    return { decision: { action: "pass" }, nudge: true };
  }

  return { decision: { action: "pass" }, nudge: tool.canonical === "Grep" || tool.canonical === "Glob" };
}

/** A deny when the caller can take the named call; otherwise a pass that says why nothing was routed. */
function routed(rc: RouteContext, kind: RouteKind, reason: string): Route {
  if (rc.canRoute()) return { kind, nudge: false, decision: { action: "deny", reason } };
  return { kind, nudge: false, decision: { action: "pass", context: UNAVAILABLE_NOTE } };
}

function httpReason(command: string): string {
  const call = callText("ctx_execute", { language: "shell", code: command, intent: "what you need from the response" });
  return `ctxmode: this fetch would print the whole response into the context. Run it in the sandbox instead: ${call}. The full body is indexed; you get the parts matching intent, and ctx_search finds the rest.`;
}

function buildReason(tool: string, command: string): string {
  const call = callText("ctx_execute", { language: "shell", code: command, intent: "errors, failing tests and the final result" });
  return `ctxmode: ${tool} logs are long. Run it in the sandbox instead: ${call}. You get the exit code and the matching parts; the whole log stays searchable with ctx_search.`;
}

function readReason(path: string, bytes: number, range: string): string {
  const call = callText("ctx_execute", {
    language: "python",
    file: path,
    code: "print(FILE_CONTENT[:2000])  # print only what you need",
    intent: "what you look for",
  });
  return `ctxmode: ${path} is ${formatBytes(bytes)}; reading it whole puts all of it in the context. To analyse it: ${call}. To edit it, read just the part you change (${range}).`;
}

function dumpReason(file: string, bytes: number, command: string): string {
  const call = callText("ctx_execute", { language: "shell", code: command, file, intent: "what you look for" });
  return `ctxmode: this prints ${formatBytes(bytes)} into the context. Process it in the sandbox instead: ${call}, or print a range (sed -n '100,200p').`;
}

function webFetchReason(url: string, question: string): string {
  const source = sourceLabel(url);
  const index = callText("ctx_index", { url, source });
  const search = callText("ctx_search", { queries: [question || "…"], source });
  const fallback = callText("ctx_execute", { language: "shell", code: `curl -sL ${shellQuote(url)}`, intent: question || "what you need from the page" });
  return `ctxmode: fetch the page into the local index instead: ${index}, then ${search}. If ctx_index cannot fetch URLs here: ${fallback}.`;
}

function urlsOf(input: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const key of ["url", "urls", "prompt", "query", "uri"]) {
    const v = input[key];
    const texts = typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
    for (const t of texts) for (const m of t.matchAll(/https?:\/\/[^\s"'<>`]+/g)) found.push(m[0].replace(/[.,;:)\]]+$/, ""));
  }
  return found;
}

/** What the caller wanted from the page (WebFetch `prompt`, VS Code `query`), without the URL. */
function questionOf(input: Record<string, unknown>, url: string): string {
  const raw = [input.prompt, input.query].find((v): v is string => typeof v === "string") ?? "";
  return raw.replace(url, "").replace(/\s+/g, " ").trim().slice(0, 120);
}

function sourceLabel(url: string): string {
  try {
    const u = new URL(url);
    return `web:${u.host}${u.pathname === "/" ? "" : u.pathname}`.slice(0, 80);
  } catch {
    return "web";
  }
}

function isRanged(input: Record<string, unknown>): boolean {
  if (RANGE_KEYS.some((k) => input[k] !== undefined && input[k] !== null)) return true;
  const ops = input.operations;
  return (
    Array.isArray(ops) && ops.some((op) => typeof op === "object" && op !== null && RANGE_KEYS.some((k) => (op as Record<string, unknown>)[k] !== undefined))
  );
}

function underAgentDir(path: string, home: string): boolean {
  if (!home) return false;
  return AGENT_DIRS.some((d) => path.startsWith(join(home, d) + sep));
}

/** Bytes of the regular files among `paths` (missing files count 0). */
function totalSize(paths: string[], baseDir: string): number {
  let bytes = 0;
  for (const p of paths.slice(0, 20)) {
    try {
      const st = statSync(isAbsolute(p) ? p : resolve(baseDir, p));
      if (st.isFile()) bytes += st.size;
    } catch {
      // not there (yet): nothing to route
    }
  }
  return bytes;
}
