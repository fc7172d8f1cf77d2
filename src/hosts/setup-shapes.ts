import { join } from "node:path";
import { shellQuote } from "./shell-quote.ts";
import type { FileEdit, HostEvent, SetupContext } from "./types.ts";

/**
 * The pieces of setup's edits that hosts share: how a hook line is written and marked, the
 * Claude-style nested hook entries, the MCP server command, user vs project files.
 */

/** The shell line a host runs for one event: `<binary> hook <host> <event>`. */
export const hookLine = (ctx: SetupContext, host: string, event: string) => `${shellQuote(ctx.binary)} hook ${host} ${event}`;

/** Marks our hook entries: found again on a rerun (replaced if the binary moved) and on --remove. */
export const marker = (host: string, event: string) => ` hook ${host} ${event}`;

/** The events setup registers, with the lower-cased name the hook line passes. */
export const hookedEvents = (events: readonly HostEvent[]) => events.filter((e) => e.hooked).map((e) => ({ ...e, arg: e.name.toLowerCase() }));

/** Claude-style nested hooks: `{matcher?, hooks:[{type:"command", command, timeout?}]}` per event. */
export function nestedHooks(ctx: SetupContext, host: string, events: readonly HostEvent[], timeout?: number): Extract<FileEdit, { kind: "json" }>["hooks"] {
  return hookedEvents(events).map((e) => ({
    at: ["hooks", e.name],
    entry: {
      ...(e.matcher !== undefined ? { matcher: e.matcher } : {}),
      hooks: [{ type: "command", command: hookLine(ctx, host, e.arg), ...(timeout ? { timeout } : {}) }],
    },
    marker: marker(host, e.arg),
  }));
}

/** The MCP server as most hosts take it. */
export const serve = (ctx: SetupContext) => ({ command: ctx.binary, args: ["serve"] });

/** The user's file, or the project's (`--project`). */
export const where = (ctx: SetupContext, user: string, project: string) => (ctx.project ? join(ctx.project, project) : user);
