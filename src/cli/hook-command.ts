import { writeSync } from "node:fs";
import { loadConfig } from "../config/config.ts";
import { errorMessage } from "../errors.ts";
import { logHookError } from "../hooks/error-log.ts";
import { loadHost } from "../hooks/hosts/index.ts";
import { noopReply, respond } from "../hooks/respond.ts";
import { readStdin } from "../hooks/stdin.ts";
import type { HostAdapter, HostReply } from "../hooks/types.ts";
import { HOSTS } from "../hosts/index.ts";

/** Payloads above this are drained and answered with the no-op reply (nothing useful is that big). */
const STDIN_CAP = 32 * 1024 * 1024;
/** A host that leaves stdin open gets its answer after this much silence. */
const STDIN_IDLE_MS = 1_500;
/** Kept free before HOOK_TIMEOUT for writing the reply and exiting. */
const EXIT_MARGIN_MS = 250;

/**
 * `ctxmode hook <host> <event>`: read the host's JSON payload on stdin, act, print the host's
 * exact reply and exit. Never breaks the host: any failure (unknown host or event, bad or huge
 * stdin, a locked or full database, a bug) prints the host's allow/no-op reply, exits 0 and adds
 * one line to `hook-errors.log`; a watchdog answers the same way if HOOK_TIMEOUT is near.
 */
export async function hookCommand(args: string[]): Promise<never> {
  const config = loadConfig();
  const started = Date.now();
  const deadline = started + config.budgets.hookTimeoutMs - EXIT_MARGIN_MS;
  const hostName = args[0] ?? "";
  const hostEvent = (args[1] ?? "").toLowerCase();
  const fail = (code: string, err: unknown) => logHookError(config.dataDir, { host: hostName, event: hostEvent, code, message: errorMessage(err) });

  let adapter: HostAdapter | undefined;
  try {
    adapter = await loadHost(hostName);
  } catch (err) {
    fail("HOOK_ERROR", err);
  }
  if (!adapter) {
    if (args.length < 2)
      process.stderr.write(
        `usage: ctxmode hook <host> <event>  (hosts: ${HOSTS.map((h) => h.id).join(", ")}; ${HOSTS.filter((h) => h.hook.reply === "plugin")
          .map((h) => h.title)
          .join(" and ")} call it from their plugin)\n`,
      );
    else fail("BAD_INPUT", `unknown host ${JSON.stringify(hostName)}`);
    return exit({ stdout: "", exitCode: 0 });
  }
  const host = adapter;
  const noop = (): HostReply => noopReply(host, hostEvent);

  const watchdog = setTimeout(
    () => {
      fail("HOOK_TIMEOUT", `no answer within ${config.budgets.hookTimeoutMs} ms; answered allow`);
      exit(noop());
    },
    Math.max(0, deadline - Date.now()),
  );

  // Stdin gives up a little before the watchdog, so the ordinary path answers and logs why.
  const input = await readStdin({ cap: STDIN_CAP, idleMs: STDIN_IDLE_MS, deadline: deadline - 100 });
  // Copilot CLI loads every file in ~/.copilot/hooks, VS Code's ctxmode file too: there its own file
  // answers, so VS Code's lines stand aside (else every Copilot CLI event ran twice, seen with 1.0.102).
  if (host.name === "vscode" && config.underCopilotCli) {
    clearTimeout(watchdog);
    return exit(noop());
  }
  const reply = await respond(input, { config, adapter: host, hostEvent, eventName: args[1] ?? "", deadline, stdinCap: STDIN_CAP, fail });
  clearTimeout(watchdog);
  return exit(reply);
}

/** Writes the reply synchronously (nothing is lost to an async pipe at exit) and ends the process. */
function exit(reply: HostReply): never {
  writeAll(1, reply.stdout);
  if (reply.stderr) writeAll(2, reply.stderr);
  process.exit(reply.exitCode);
}

function writeAll(fd: number, text: string): void {
  if (!text) return;
  const buf = Buffer.from(text);
  let off = 0;
  let spins = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
    } catch (err) {
      // A non-blocking pipe that is momentarily full; anything else (EPIPE: the host left) ends it.
      if ((err as NodeJS.ErrnoException).code !== "EAGAIN" || ++spins > 10_000) return;
    }
  }
}
