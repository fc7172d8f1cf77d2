/**
 * The child-process and runtime surface outside the sandbox: finding a command on PATH, running
 * one to completion, talking to a long-lived one. Bun and Node each implement it in one file.
 */

export type Stdio = "pipe" | "inherit" | "ignore";

export interface RunOptions {
  /** Bytes written to the child's stdin, which is then closed; none: stdin is ignored. */
  stdin?: Uint8Array;
  stdout?: Stdio;
  stderr?: Stdio;
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Killed after this many ms; its exit code is then null. */
  timeout?: number;
}

export interface RunResult {
  /** null when it was killed (timeout, signal) or could not start. */
  exitCode: number | null;
  /** What it printed, when that stream was "pipe" ("" otherwise). */
  stdout: string;
  stderr: string;
}

/** A child started with a stdin and stdout pipe (its stderr is ignored). */
export interface Child {
  write(text: string): void;
  stdout: ReadableStream<Uint8Array>;
  kill(): void;
}

/** Which runtime runs ctxmode: the compiled binary is Bun, the npm fallback build Node. */
export interface HostRuntime {
  name: "bun" | "node";
  version: string;
}
