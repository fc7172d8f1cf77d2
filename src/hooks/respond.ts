import type { Config } from "../config/config.ts";
import { errorMessage } from "../errors.ts";
import { handleEvent } from "./handle.ts";
import type { StdinText } from "./stdin.ts";
import type { HookKind, HostAdapter, HostReply } from "./types.ts";

interface RespondOptions {
  config: Config;
  adapter: HostAdapter;
  /** The host's event name, lower-cased. */
  hostEvent: string;
  /** The event name as the host spelled it, for the log line of an unknown one. */
  eventName?: string;
  /** Epoch ms by which the reply must be out. */
  deadline: number;
  /** Most stdin bytes kept (named in the log line of an overflow). */
  stdinCap: number;
  /** Called once with the error code and cause when the answer falls back to the no-op reply. */
  fail(code: string, err: unknown): void;
}

/**
 * What `ctxmode hook` prints for one stdin: parse the payload, handle the event, format the host's
 * reply. Never throws: any failure is reported through `fail` and answered with the host's
 * allow/no-op reply. The hook command and the in-process fuzz tests share this one path.
 */
export async function respond(input: StdinText, options: RespondOptions): Promise<HostReply> {
  const { adapter: host, hostEvent } = options;
  const kind: HookKind | undefined = host.events[hostEvent];
  try {
    if (!kind)
      throw new HookInputError(
        `unknown event ${JSON.stringify(options.eventName ?? hostEvent)} for ${host.name}; known: ${Object.keys(host.events).join(", ")}`,
      );
    if (input.overflow) throw new HookInputError(`stdin over ${options.stdinCap / 1024 / 1024} MB`);
    if (input.text.trim() === "") throw new HookInputError(input.cutShort ? "no payload on stdin in time (idle or HOOK_TIMEOUT)" : "empty stdin");
    const payload: unknown = JSON.parse(input.text);
    const event = parse(host, kind, payload, hostEvent);
    const decision = await handleEvent(event, { config: options.config, adapter: host, deadline: options.deadline });
    return host.reply(kind, decision, event, hostEvent);
  } catch (err) {
    options.fail(err instanceof HookInputError ? "BAD_INPUT" : codeOf(err), err);
    return noopReply(host, hostEvent);
  }
}

/** The host's allow/no-op reply for an event (the pre-tool one when the event is unknown). */
export function noopReply(host: HostAdapter, hostEvent: string): HostReply {
  return host.reply(host.events[hostEvent] ?? "pre-tool", { action: "pass" }, undefined, hostEvent);
}

class HookInputError extends Error {}

/** The adapter's parse; what it refuses (a field of the wrong type, no session id) is bad input, not a failure of ours. */
function parse(host: HostAdapter, kind: HookKind, payload: unknown, hostEvent: string) {
  try {
    return host.parse(kind, payload, hostEvent);
  } catch (err) {
    throw new HookInputError(errorMessage(err), { cause: err });
  }
}

/** Error codes in the log: SQLite's busy/full/readonly errors by name, everything else generic. */
function codeOf(err: unknown): string {
  if (err instanceof SyntaxError) return "BAD_INPUT";
  const msg = errorMessage(err);
  if (/database is locked|SQLITE_BUSY/i.test(msg)) return "DB_LOCKED";
  if (/disk is full|SQLITE_FULL|ENOSPC/i.test(msg)) return "DISK_FULL";
  if (/SQLITE|database/i.test(msg)) return "DB_ERROR";
  return (err as { code?: unknown })?.code && typeof (err as { code: unknown }).code === "string" ? String((err as { code: string }).code) : "HOOK_ERROR";
}
