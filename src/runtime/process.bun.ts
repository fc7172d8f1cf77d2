import type { Child, HostRuntime, RunOptions, RunResult } from "./process.types.ts";

/** The runtime running ctxmode: the compiled binary (or `bun run`) is Bun. */
export const hostRuntime: HostRuntime = { name: "bun", version: Bun.version };

/** The absolute path of `command` on PATH, or null. */
export function which(command: string): string | null {
  return Bun.which(command);
}

/** Runs `argv` to completion. */
export function runSync(argv: string[], options: RunOptions = {}): RunResult {
  try {
    const r = Bun.spawnSync(argv, {
      stdin: options.stdin ?? "ignore",
      stdout: options.stdout ?? "pipe",
      stderr: options.stderr ?? "pipe",
      env: options.env as Record<string, string> | undefined,
      cwd: options.cwd,
      timeout: options.timeout,
    });
    return { exitCode: r.exitCode, stdout: r.stdout?.toString() ?? "", stderr: r.stderr?.toString() ?? "" };
  } catch (err) {
    // A missing or non-executable command throws here; Node reports it in the result instead.
    return { exitCode: null, stdout: "", stderr: String(err) };
  }
}

/** Starts `argv` with stdin and stdout pipes. */
export function startChild(argv: string[], options: { env?: Record<string, string | undefined>; cwd?: string }): Child {
  const proc = Bun.spawn(argv, { stdin: "pipe", stdout: "pipe", stderr: "ignore", env: options.env as Record<string, string> | undefined, cwd: options.cwd });
  return {
    write(text) {
      proc.stdin.write(text);
      proc.stdin.flush();
    },
    stdout: proc.stdout,
    kill: () => proc.kill(),
  };
}

/** Stdin as a web stream: under Bun far cheaper to set up than `process.stdin` (~4 ms per hook). */
export function stdinStream(): ReadableStream<Uint8Array> | undefined {
  return Bun.stdin.stream();
}

/** A full, synchronous collection: the heap the last calls left behind goes back before the next one. */
export function collectGarbage(): void {
  Bun.gc(true);
}

/** SHA-256 of the text as hex, by Bun's own hasher: loading node:crypto costs a hook ~4.6 ms. */
export function sha256Hex(text: string): string {
  return new Bun.CryptoHasher("sha256").update(text).digest("hex");
}
