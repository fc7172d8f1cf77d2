import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULTS, type Budgets } from "./constants.ts";
import { DEFAULT_RELEASE_URL } from "./release.ts";

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
  /** True when projectDir came from a variable (hooks otherwise prefer the `cwd` of the host's payload). */
  projectDirFromEnv: boolean;
  /** CTXMODE_JOURNAL_CAP: most session journal rows kept per session (lowest priority evicted first). */
  journalCap: number;
  /**
   * CTXMODE_ROUTING: `auto` (default) denies a wasteful call only when ctxmode's tools are reachable
   * (registered for the host or a live server for the project); `always` assumes they are; `off` never denies.
   */
  routing: "auto" | "always" | "off";
  /**
   * CTXMODE_ROUTE=plugin: this process was started by a host package's launcher (build/plugin-launcher.ts),
   * whose plugin registers ctxmode's MCP server beside its hooks, so the ctx_* tools are there.
   */
  pluginRoute: boolean;
  /** COPILOT_CLI=1: the hook runs under Copilot CLI, which sets it in every hook's environment (hosts.md §5). */
  underCopilotCli: boolean;
  /** The user's environment, for child processes (the sandbox filters it). */
  env: Record<string, string | undefined>;
  /** Web fetches (`ctx_index` url, `ctxmode index <url>`). */
  fetch: FetchConfig;
  /** CTXMODE_RELEASE_URL, else the GitHub releases: where upgrade and doctor look for releases (no trailing `/`). */
  releaseUrl: string;
  /** CTXMODE_DEBUG set: the server says on stderr why it stopped and which messages it dropped. */
  debug: boolean;
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
  const projectFromEnv = PROJECT_DIR_ENV.map((k) => env[k]).find((v) => v);
  const cap = Number(env.CTXMODE_JOURNAL_CAP);
  const routing = env.CTXMODE_ROUTING;
  return {
    dataDir,
    projectsDir: join(dataDir, "projects"),
    budgets,
    session: env.CTXMODE_SESSION ?? "",
    home,
    projectDir: resolve(projectFromEnv ?? process.cwd()),
    projectDirFromEnv: projectFromEnv !== undefined,
    journalCap: Number.isFinite(cap) && cap >= 10 ? Math.floor(cap) : 1_000,
    routing: routing === "always" || routing === "off" ? routing : "auto",
    pluginRoute: env.CTXMODE_ROUTE === "plugin",
    underCopilotCli: env.COPILOT_CLI === "1",
    env,
    fetch: loadFetchConfig(env),
    releaseUrl: (env.CTXMODE_RELEASE_URL || DEFAULT_RELEASE_URL).replace(/\/$/, ""),
    debug: Boolean(env.CTXMODE_DEBUG),
  };
}

/** Address policy, proxies, cache and limits of web fetches. */
export interface FetchConfig {
  /** CTXMODE_FETCH_ALLOW_PRIVATE=1: private ranges (10/8, 172.16/12, 192.168/16, fc00::/7) may be fetched. */
  allowPrivate: boolean;
  /** CTXMODE_FETCH_STRICT=1: loopback is refused as well. */
  strict: boolean;
  /** Proxies from HTTP(S)_PROXY/ALL_PROXY/NO_PROXY; read only with CTXMODE_FETCH_ALLOW_PROXY=1, otherwise ignored. */
  proxy?: ProxyConfig;
  /** CTXMODE_FETCH_TTL: ms a fetched URL is answered from the index instead of refetched (default 24 h). */
  ttlMs: number;
  /** CTXMODE_FETCH_RETENTION_DAYS: fetched pages not refreshed for this many days are deleted (default 14; 0 keeps them). */
  retentionDays: number;
  /** Whole fetch, redirects and body included. */
  timeoutMs: number;
  /** Largest body, counted while it streams (after decompression). */
  maxBytes: number;
  maxRedirects: number;
}

export interface ProxyConfig {
  http?: string;
  https?: string;
  /** NO_PROXY entries: host names, `.suffix`es, `host:port`, or `*`. */
  noProxy: string[];
}

function loadFetchConfig(env: Record<string, string | undefined>): FetchConfig {
  const on = (name: string) => /^(?:1|true|yes|on)$/i.test(env[name] ?? "");
  const count = (name: string, fallback: number) => {
    const n = Number(env[name] ?? Number.NaN);
    return env[name] !== "" && Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
  };
  const pick = (...names: string[]) => names.map((n) => env[n]).find((v) => v);
  const proxy = on("CTXMODE_FETCH_ALLOW_PROXY")
    ? {
        http: pick("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"),
        https: pick("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"),
        noProxy: (pick("no_proxy", "NO_PROXY") ?? "").split(/[\s,]+/).filter(Boolean),
      }
    : undefined;
  return {
    allowPrivate: on("CTXMODE_FETCH_ALLOW_PRIVATE"),
    strict: on("CTXMODE_FETCH_STRICT"),
    proxy,
    ttlMs: count("CTXMODE_FETCH_TTL", 24 * 60 * 60 * 1000),
    retentionDays: count("CTXMODE_FETCH_RETENTION_DAYS", 14),
    timeoutMs: 30_000,
    maxBytes: 50 * 1024 * 1024,
    maxRedirects: 5,
  };
}
