/** The hosts whose transcripts `ctxmode discover` reads. */
export const DISCOVER_HOSTS = ["claude-code", "codex", "gemini-cli", "qwen-code", "copilot-cli", "opencode", "pi"] as const;
export type DiscoverHost = (typeof DISCOVER_HOSTS)[number];

/** One tool call and its result, as a host's transcript recorded them. */
export interface RecordedResult {
  /** The host's call id; a result recorded twice under one id counts once. */
  id: string;
  /** The tool's name as the host offered it to the model. */
  tool: string;
  input: Record<string, unknown>;
  /** What reached the model: the result after the host's own truncation and ctxmode's replacement. */
  text: string;
  failed: boolean;
}

/** One session as read from its transcript: what reached the model, before any judgement. */
export interface SessionTrace {
  host: DiscoverHost;
  session: string;
  /** The working directory the host recorded ("" when it recorded none). */
  cwd: string;
  file: string;
  /** Milliseconds since the epoch of the first and last record seen (0 when none had a time). */
  startedAt: number;
  endedAt: number;
  results: Map<string, RecordedResult>;
  /** Text that reached the model outside tool results (user, developer and injected messages), by record id. */
  context: Map<string, string>;
  /** Bytes of ctxmode's tool definitions when the host recorded its tool list. */
  toolListBytes?: number;
  /** The host named ctxmode's tools in this session (offered, deferred or called). */
  ctxOffered: boolean;
  /** Records of a shape this reader does not know, skipped. */
  skipped: number;
}

/** Bytes of one tool's results in a session. */
export interface ToolBytes {
  tool: string;
  calls: number;
  bytes: number;
}

/** Why a call counts as missed, in the hooks' routing terms. */
export type MissedKind = "http" | "build" | "read" | "dump" | "webfetch" | "over-threshold";

/** A result that reached the model whole although ctxmode's rules would have kept most of it out. */
export interface MissedCall {
  tool: string;
  kind: MissedKind;
  /** The command, path or URL, redacted like the index and clipped. */
  what: string;
  bytes: number;
  /** Bytes ctxmode would have put in the context instead (its deny reason, or its replacement's budget). */
  wouldReturn: number;
  /** The first line of what ctxmode would have said instead. */
  instead: string;
}

/** ctxmode's standing cost in a session: what it adds to the context whether or not it saves anything. */
export interface StandingCost {
  /** Bytes of ctxmode's tool definitions; `recorded` when the host's transcript held them. */
  toolList: number;
  toolListRecorded: boolean;
  /** Session-start guidance, per-call nudges, the instruction file section and skill lines. */
  guidance: number;
}

/** What discover reports for one session. */
export interface SessionReport {
  host: DiscoverHost;
  session: string;
  project: string;
  file: string;
  startedAt: number;
  /** ctxmode took part in this session (its tools offered or called, its hooks answered). */
  ctxmode: boolean;
  /** Bytes of every tool result that reached the model. */
  toolBytes: number;
  /** Tool results plus the other recorded context (user, developer and injected messages). */
  contextBytes: number;
  byTool: ToolBytes[];
  /** Results of ctxmode's own tools, hook denials and replaced outputs. */
  through: { calls: number; bytes: number; denied: number; replaced: number };
  /** Bytes ctxmode kept out, and where the figure comes from. */
  keptOut: number;
  keptOutFrom: "ctxmode's record" | "transcript" | "none";
  missed: MissedCall[];
  standing: StandingCost;
  /** keptOut minus the standing cost. */
  net: number;
  skipped: number;
}

/** A whole discover run. */
export interface DiscoverReport {
  sessions: SessionReport[];
  /** Per host: sessions read, and the transcripts or records skipped. */
  hosts: { host: DiscoverHost; sessions: number; files: number; skipped: number; ctxmode: number }[];
  totals: { sessions: number; toolBytes: number; keptOut: number; standing: number; net: number; missed: number; missedBytes: number };
  /** One-line notes: unreadable files, unknown shapes. */
  notes: string[];
  bytesRead: number;
  ms: number;
}
