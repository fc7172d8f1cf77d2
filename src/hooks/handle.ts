import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config/config.ts";
import { INSTRUCTION_DIRS, INSTRUCTION_FILES } from "../config/instruction-files.ts";
import { loadPolicy, type Policy } from "../sandbox/policy.ts";
import { extractPromptEvents, extractToolEvents, isSyntheticPrompt } from "../session/extract.ts";
import type { EventType, JournalEvent } from "../session/events.ts";
import { hasRows, latestSession, loadState, pruneSessions, recordEvents, saveState, sessionRows } from "../session/journal.ts";
import { promptMatchBlock } from "../session/prompt-match.ts";
import { appendSpool, claimOnce, ingestSpool, onceDir, pruneOnce, spoolDir } from "../session/spool.ts";
import { buildStateBlock } from "../session/state.ts";
import { openStore, type Database } from "../store/db.ts";
import { projectDbPath, resolveProject, type Project } from "../store/project.ts";
import { decideRoute } from "./decide.ts";
import { NUDGE, SESSION_GUIDANCE } from "./instructions.ts";
import { isRegistered, liveDir, serverLive } from "../session/liveness.ts";
import type { Decision, HookEvent, HostAdapter } from "./types.ts";

/** Journals of sessions idle this long are dropped at the next fresh start. */
const SESSION_RETENTION_MS = 30 * 24 * 3600 * 1000;
/** Subagent types known to carry every tool of the parent, MCP included (Claude Code). */
const FULL_TOOL_SUBAGENTS = new Set(["general-purpose"]);

interface HandleOptions {
  config: Config;
  adapter: HostAdapter;
  /** Epoch ms by which the reply must be out (HOOK_TIMEOUT from the hook's start). */
  deadline: number;
}

/**
 * One hook event, start to finish: journal it, decide, and say what the host should do. Opens the
 * project database only when the event needs it and closes it before returning. Throws on any
 * failure; the caller turns that into the host's allow reply.
 */
export async function handleEvent(event: HookEvent, options: HandleOptions): Promise<Decision> {
  const run = new HookRun(event, options);
  try {
    return await run.handle();
  } finally {
    run.close();
  }
}

class HookRun {
  readonly event: HookEvent;
  readonly config: Config;
  readonly adapter: HostAdapter;
  readonly deadline: number;
  readonly projectDir: string;
  #project?: Project;
  #db?: Database;
  #canRoute?: boolean;

  constructor(event: HookEvent, options: HandleOptions) {
    this.event = event;
    this.config = options.config;
    this.adapter = options.adapter;
    this.deadline = options.deadline;
    // A host variable names the project exactly; otherwise the payload's cwd beats the hook's own cwd.
    this.projectDir = this.config.projectDirFromEnv ? this.config.projectDir : event.cwd || this.config.projectDir;
  }

  handle(): Decision | Promise<Decision> {
    switch (this.event.kind) {
      case "pre-tool":
        return this.preTool();
      case "post-tool":
        return this.postTool();
      case "prompt":
        return this.prompt();
      case "pre-compact":
        return this.preCompact();
      case "session-start":
        return this.sessionStart();
    }
  }

  get project(): Project {
    return (this.#project ??= resolveProject(this.projectDir));
  }

  /**
   * The project database, opened on first use with a busy timeout that fits before the deadline;
   * events other hooks spooled are moved into the journal first, so every read sees them.
   */
  get db(): Database {
    if (!this.#db) {
      const left = this.deadline - Date.now() - 750;
      const busyTimeoutMs = Math.max(50, Math.min(this.config.budgets.dbTimeoutMs, left));
      this.#db = openStore(projectDbPath(this.config.projectsDir, this.project), { busyTimeoutMs });
      ingestSpool(this.#db, spoolDir(this.config.projectsDir, this.project.key), this.config.journalCap);
    }
    return this.#db;
  }

  close(): void {
    this.#db?.close();
    this.#db = undefined;
  }

  /** Whether the caller can make a ctx_* call right now (see session/liveness.ts). */
  canRoute(): boolean {
    if (this.#canRoute !== undefined) return this.#canRoute;
    const { routing } = this.config;
    let ok: boolean;
    if (routing !== "auto") ok = routing === "always";
    else if (this.event.subagent && !FULL_TOOL_SUBAGENTS.has(this.event.subagent)) ok = false;
    else ok = this.config.pluginRoute || isRegistered(this.config.dataDir, this.adapter.name) || serverLive(liveDir(this.config.projectsDir, this.projectDir));
    return (this.#canRoute = ok);
  }

  /** Journals events: straight into the database when it is open anyway, else through the spool. */
  record(events: JournalEvent[], resolve?: { type: EventType; key: string }[]): void {
    if (events.length === 0 && !resolve?.length) return;
    const entry = { session: this.event.session, host: this.adapter.name, at: Date.now(), events, resolve };
    if (this.#db) recordEvents(this.#db, entry.session, events, { cap: this.config.journalCap, host: entry.host, now: entry.at, resolve });
    else appendSpool(spoolDir(this.config.projectsDir, this.project.key), entry);
  }

  preTool(): Decision {
    const event = this.event;
    const tool = event.tool!;
    let policy: Policy | undefined;
    const route = decideRoute(event, {
      canRoute: () => this.canRoute(),
      policy: () => (policy ??= loadPolicy({ home: this.config.home, projectDir: this.project.root, dataDir: this.config.dataDir })),
      readDeny: this.config.budgets.readDeny,
      baseDir: event.cwd || this.projectDir,
      home: this.config.home,
    });
    const { events } = extractToolEvents(tool, this.project.root);
    if (route.kind) {
      // The key tells a deny from a pass (tools out of reach); the schema counts both per host and tool.
      const key = route.decision.action === "deny" ? "denied" : "passed";
      events.push({ type: "route", key, data: `${route.kind}: ${tool.name} ${JSON.stringify(tool.input).slice(0, 300)}` });
    }
    this.record(events);
    if (route.decision.action === "pass" && !route.decision.context && route.nudge && this.adapter.caps.preToolContext && this.canRoute()) {
      if (claimOnce(onceDir(this.config.projectsDir, this.project.key), event.session)) return { action: "pass", context: NUDGE };
    }
    return route.decision;
  }

  async postTool(): Promise<Decision> {
    const { tool, output } = this.event;
    if (!tool || !output) return { action: "pass" };
    const { events, resolve } = extractToolEvents({ ...tool, output: output.text, failed: output.failed }, this.project.root);
    this.record(events, resolve);
    const replaceable = !tool.own && this.adapter.canReplace(tool) && Buffer.byteLength(output.text) > this.config.budgets.replaceTrigger;
    if (!replaceable || !this.canRoute()) return { action: "pass" };
    // Indexing and search load the chunkers and the ranker: only here, never on the common path.
    const { replaceOutput } = await import("./replace.ts");
    const replaced = replaceOutput(this.db, {
      text: output.text,
      failed: output.failed,
      tool: tool.name,
      query: `${this.lastPrompt()} ${queryOf(tool.input)}`.trim(),
      session: this.event.session,
      worktree: this.project.worktree,
      budgets: this.config.budgets,
    });
    return replaced === undefined ? { action: "pass" } : { action: "replace", output: replaced };
  }

  prompt(): Decision {
    const prompt = this.event.prompt ?? "";
    // Qwen Code fires again with an empty prompt on tool-result continuations.
    if (!prompt.trim() || isSyntheticPrompt(prompt)) return { action: "pass" };
    this.record(extractPromptEvents(prompt));
    const block = promptMatchBlock(this.db, this.event.session, prompt);
    return block ? { action: "pass", context: block } : { action: "pass" };
  }

  /** Builds and saves the state block; cheap and idempotent, since Gemini CLI fires this every turn. */
  preCompact(): Decision {
    const state = buildStateBlock(sessionRows(this.db, this.event.session), this.config.budgets.stateBudget);
    if (state) saveState(this.db, this.event.session, state);
    return { action: "pass" };
  }

  sessionStart(): Decision {
    const source = this.event.source ?? "startup";
    if (source === "compact" || source === "resume") {
      const state = this.savedState(source);
      if (state) {
        if (this.adapter.caps.plainContext) return { action: "pass", context: "ctxmode: this session has saved state; call ctx_resume() to restore it." };
        return { action: "pass", context: state };
      }
    } else {
      this.recordRules();
      pruneSessions(this.db, SESSION_RETENTION_MS, this.event.session);
      pruneOnce(onceDir(this.config.projectsDir, this.project.key), SESSION_RETENTION_MS);
    }
    return this.canRoute() ? { action: "pass", context: SESSION_GUIDANCE } : { action: "pass" };
  }

  /** This session's state; after a resume that started a new session id, the project's last one. */
  savedState(source: string): string {
    const session = this.event.session;
    const { stateBudget } = this.config.budgets;
    if (hasRows(this.db, session)) return loadState(this.db, session) || buildStateBlock(sessionRows(this.db, session), stateBudget);
    if (source !== "resume") return "";
    const previous = latestSession(this.db);
    if (!previous || previous === session) return "";
    return loadState(this.db, previous) || buildStateBlock(sessionRows(this.db, previous), stateBudget);
  }

  recordRules(): void {
    const root = this.project.root;
    const found = [...INSTRUCTION_FILES, ...INSTRUCTION_DIRS.map((d) => `${d}/`)].filter((f) => existsSync(join(root, ...f.split("/"))));
    void this.db; // opened first, so the rows go straight in
    this.record(found.map((f) => ({ type: "rule" as const, data: f })));
  }

  lastPrompt(): string {
    const row = this.db
      .prepare<{ data: string }>("SELECT data FROM journal WHERE session = $session AND type = 'prompt' ORDER BY at DESC, seq DESC LIMIT 1")
      .get({ session: this.event.session });
    return (row?.data ?? "").slice(0, 200);
  }
}

/** Words of a tool input worth searching the output for (a command, a query, a path). */
function queryOf(input: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const v of Object.values(input)) if (typeof v === "string") parts.push(v);
  return parts.join(" ").slice(0, 300);
}
