/** Budgets and limits. Every one can be overridden by the CTXMODE_* variable named beside it (see config.ts). */
export const DEFAULTS = {
  /** CTXMODE_OUTPUT_CAP: most bytes a ctx_execute/ctx_batch reply carries raw. */
  outputCap: 16_384,
  /** CTXMODE_REPLACE_TRIGGER: host tool output above this is indexed and replaced. */
  replaceTrigger: 4_096,
  /** CTXMODE_READ_DENY: a full-file Read above this is routed to the sandbox. */
  readDeny: 16_384,
  /** CTXMODE_MAX_CHUNK: largest chunk in bytes. */
  maxChunk: 4_096,
  /** CTXMODE_SNIPPET_MAX: largest search snippet in bytes (the first hit's; the others get two fifths). */
  snippetMax: 1_600,
  /** CTXMODE_RRF_K: reciprocal rank fusion constant. */
  rrfK: 60,
  /** CTXMODE_STATE_BUDGET: state block after compaction. */
  stateBudget: 2_048,
  /** CTXMODE_RESUME_CAP: one ctx_resume reply. */
  resumeCap: 2_048,
  /** CTXMODE_EXEC_TIMEOUT: default sandbox run time in ms. */
  execTimeoutMs: 120_000,
  /** CTXMODE_EXEC_TIMEOUT_MAX: longest sandbox run a caller may ask for, in ms. */
  execTimeoutMaxMs: 600_000,
  /** CTXMODE_DB_TIMEOUT: SQLite busy timeout in ms. */
  dbTimeoutMs: 5_000,
  /** CTXMODE_HOOK_TIMEOUT: longest a hook works before it answers "allow", in ms. */
  hookTimeoutMs: 5_000,
} as const;

export type Budgets = { -readonly [K in keyof typeof DEFAULTS]: number };

/** Build-time constants; `define`d by build/build.ts, "dev" when running from source. */
declare const CTXMODE_VERSION: string | undefined;
declare const CTXMODE_CHANNEL: string | undefined;
export const VERSION: string = typeof CTXMODE_VERSION === "string" ? CTXMODE_VERSION : "dev";
export const CHANNEL: string = typeof CTXMODE_CHANNEL === "string" ? CTXMODE_CHANNEL : "dev";
