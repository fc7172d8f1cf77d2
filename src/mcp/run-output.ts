import type { Budgets } from "../config/constants.ts";
import { CtxError } from "../errors.ts";
import type { RunResult } from "../sandbox/run.ts";

/**
 * Bytes of each stream a run keeps (head half + tail half). Output up to this size is indexed
 * whole; beyond it the middle is dropped while streaming, so a 1 GB flood costs this much memory
 * and no more. Measured on a 1 GB flood: peak server RSS ~160 MB at 8 MiB, ~250 MB at 16 MiB.
 */
export const CAPTURE_CAP = 8 * 1024 * 1024;

/** The `timeout` a run gets: the one asked for, else the default; over the maximum is refused. */
export function runTimeout(requested: number | undefined, budgets: Pick<Budgets, "execTimeoutMs" | "execTimeoutMaxMs">): number {
  const timeoutMs = requested ?? budgets.execTimeoutMs;
  if (timeoutMs > budgets.execTimeoutMaxMs) {
    throw new CtxError("BAD_INPUT", `\`timeout\` ${timeoutMs} ms is over the maximum of ${budgets.execTimeoutMaxMs} ms; pass a smaller one`);
  }
  return timeoutMs;
}

/** How a run ended, as the first words of a reply: `exit 0`, `timed out after 5.0 s …`, `cancelled …`. */
export function runStatus(result: RunResult, timeoutMs: number): { status: string; failed: boolean } {
  if (result.timedOut) return { status: `timed out after ${(timeoutMs / 1000).toFixed(1)} s (process tree killed)`, failed: true };
  if (result.cancelled) return { status: "cancelled (process tree killed)", failed: true };
  if (result.exitCode === null) return { status: `killed by ${result.signal ?? "a signal"}`, failed: true };
  return { status: `exit ${result.exitCode}`, failed: result.exitCode !== 0 };
}

/** stdout, then stderr after a `[stderr]` line; byte count includes bytes dropped while streaming. */
export function combinedOutput(result: RunResult): { text: string; totalBytes: number } {
  if (!result.stderr) return { text: result.stdout, totalBytes: result.stdoutBytes };
  const marker = `${result.stdout && !result.stdout.endsWith("\n") ? "\n" : ""}[stderr]\n`;
  return { text: result.stdout + marker + result.stderr, totalBytes: result.stdoutBytes + marker.length + result.stderrBytes };
}
