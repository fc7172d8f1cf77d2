import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULTS, type Budgets } from "./constants.ts";

/** Everything ctxmode reads from the environment, read once and typed. Other modules take a Config. */
export interface Config {
  /** Root of all ctxmode data (`~/.ctxmode`, or CTXMODE_DATA_DIR). */
  dataDir: string;
  /** Directory holding one folder per project database. */
  projectsDir: string;
  /** Budgets and limits, after CTXMODE_* overrides. */
  budgets: Budgets;
  /** Session id given by the host or CTXMODE_SESSION; empty when unknown. */
  session: string;
  home: string;
  /** The agent's project directory: CTXMODE_PROJECT_DIR, else the host's own variable, else cwd. */
  projectDir: string;
  /** The user's environment, for child processes (the sandbox filters it). */
  env: Record<string, string | undefined>;
}

/** Hosts that tell hooks and servers their project through an environment variable. */
const PROJECT_DIR_ENV = ["CTXMODE_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR", "QWEN_PROJECT_DIR", "COPILOT_PROJECT_DIR"];

const BUDGET_ENV: Record<keyof Budgets, string> = {
  outputCap: "CTXMODE_OUTPUT_CAP",
  replaceTrigger: "CTXMODE_REPLACE_TRIGGER",
  readDeny: "CTXMODE_READ_DENY",
  maxChunk: "CTXMODE_MAX_CHUNK",
  snippetMax: "CTXMODE_SNIPPET_MAX",
  rrfK: "CTXMODE_RRF_K",
  stateBudget: "CTXMODE_STATE_BUDGET",
  resumeCap: "CTXMODE_RESUME_CAP",
  execTimeoutMs: "CTXMODE_EXEC_TIMEOUT",
  execTimeoutMaxMs: "CTXMODE_EXEC_TIMEOUT_MAX",
  dbTimeoutMs: "CTXMODE_DB_TIMEOUT",
  hookTimeoutMs: "CTXMODE_HOOK_TIMEOUT",
};

/** Reads the CTXMODE_* variables; bad numbers fall back to the default rather than break a hook. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const home = env.HOME || env.USERPROFILE || homedir();
  const dataDir = resolve(env.CTXMODE_DATA_DIR || join(home, ".ctxmode"));
  const budgets = { ...DEFAULTS } as Budgets;
  for (const key of Object.keys(BUDGET_ENV) as (keyof Budgets)[]) {
    const raw = env[BUDGET_ENV[key]];
    const n = raw === undefined || raw === "" ? Number.NaN : Number(raw);
    if (Number.isFinite(n) && n > 0) budgets[key] = Math.floor(n);
  }
  return {
    dataDir,
    projectsDir: join(dataDir, "projects"),
    budgets,
    session: env.CTXMODE_SESSION ?? "",
    home,
    projectDir: resolve(PROJECT_DIR_ENV.map((k) => env[k]).find((v) => v) ?? process.cwd()),
    env,
  };
}
