/**
 * The session journal's event types and their priorities, in one table so every reader agrees:
 * eviction removes the lowest priority first, the state block lists the highest first.
 * 4 = critical working state, 3 = important context, 2 = useful history, 1 = noise.
 */
export const EVENT_PRIORITY = {
  /** A user prompt (the last one is the "last request"). */
  prompt: 4,
  /** A task/todo item; `resolved` once completed. */
  task: 4,
  /** A file edited or patched. */
  file_edit: 4,
  /** A file created or overwritten. */
  file_write: 4,
  /** A failed command or tool; `resolved` once the same command succeeds. */
  error: 4,
  /** A user decision or correction ("use X instead", "never …"). */
  decision: 4,
  /** A rules file in play (CLAUDE.md, AGENTS.md …). */
  rule: 4,
  /** Plan mode entered, a plan written or approved. */
  plan: 3,
  /** A git operation (commit, checkout, rebase …). */
  git: 3,
  /** An environment change: cwd, virtualenv, installs, exported variables. */
  env: 3,
  /** What a subagent reported back. */
  finding: 3,
  /** An error's fix: the command that succeeded after failing. */
  fix: 3,
  /** A file read. */
  file_read: 2,
  /** A subagent launched. */
  subagent: 2,
  /** An MCP tool used. */
  mcp: 2,
  /** A skill used. */
  skill: 2,
  /** A URL or issue reference. */
  ref: 2,
  /** A search (grep/glob) run. */
  search: 1,
  /** A call ctxmode's hook routed to the sandbox. */
  route: 1,
} as const;

export type EventType = keyof typeof EVENT_PRIORITY;

/** One journal event before it is stored. */
export interface JournalEvent {
  type: EventType;
  data: string;
  /** Groups rows for resolution: the command of an error, the id of a task. */
  key?: string;
  resolved?: boolean;
}

/** Most characters of `data` kept per row; a state block line is shorter and points at the full row. */
export const DATA_MAX = 4_000;

/** `text` on one line, trimmed to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1))}…`;
}
