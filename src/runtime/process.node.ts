import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { Readable } from "node:stream";
import type { Child, HostRuntime, RunOptions, RunResult } from "./process.types.ts";

/** The runtime running ctxmode: the npm fallback build runs on Node. */
export const hostRuntime: HostRuntime = { name: "node", version: process.versions.node };

/** The absolute path of `command` on PATH, or null (PATHEXT suffixes on Windows, as Bun.which). */
export function which(command: string): string | null {
  const exts = process.platform === "win32" ? ["", ...(process.env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";").filter(Boolean)] : [""];
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    for (const ext of exts) {
      const file = join(dir, command + ext);
      try {
        if (!statSync(file).isFile()) continue;
        if (process.platform !== "win32") accessSync(file, constants.X_OK);
        return file;
      } catch {
        // not here, or not executable: keep looking
      }
    }
  }
  return null;
}

/** Runs `argv` to completion. */
export function runSync(argv: string[], options: RunOptions = {}): RunResult {
  const r = spawnSync(argv[0]!, argv.slice(1), {
    input: options.stdin,
    stdio: [options.stdin ? "pipe" : "ignore", options.stdout ?? "pipe", options.stderr ?? "pipe"],
    env: options.env,
    cwd: options.cwd,
    timeout: options.timeout,
    maxBuffer: 64 * 1024 * 1024,
    windowsHide: true,
  });
  return { exitCode: r.status, stdout: r.stdout?.toString() ?? "", stderr: r.stderr?.toString() ?? (r.error ? String(r.error) : "") };
}

/** Starts `argv` with stdin and stdout pipes. */
export function startChild(argv: string[], options: { env?: Record<string, string | undefined>; cwd?: string }): Child {
  const proc = spawn(argv[0]!, argv.slice(1), { stdio: ["pipe", "pipe", "ignore"], env: options.env, cwd: options.cwd, windowsHide: true });
  // A child that exits early closes its stdin: the write error is the caller's "closed" answer.
  proc.stdin.on("error", () => {});
  proc.on("error", () => {});
  return {
    write: (text) => void proc.stdin.write(text),
    stdout: Readable.toWeb(proc.stdout) as ReadableStream<Uint8Array>,
    kill: () => void proc.kill(),
  };
}

/** Node has no cheaper stdin than `process.stdin`: the caller reads that. */
export function stdinStream(): ReadableStream<Uint8Array> | undefined {
  return undefined;
}

/** Node collects only when started with --expose-gc; otherwise its own heuristics decide. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** SHA-256 of the text as hex; node:crypto is loaded on first use, so a hook that hashes nothing never loads it. */
export function sha256Hex(text: string): string {
  const { createHash } = process.getBuiltinModule("node:crypto") as typeof import("node:crypto");
  return createHash("sha256").update(text).digest("hex");
}
