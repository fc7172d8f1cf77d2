import { spawn, type ChildProcess } from "node:child_process";
import { CtxError } from "../errors.ts";
import { HeadTailCapture } from "./capture.ts";
import { killProcessTree } from "./process-group.ts";

/** What one finished (or killed) process produced. Byte counts include bytes not kept. */
export interface ProcessOutcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  cancelled: boolean;
  stdoutBytes: number;
  stderrBytes: number;
  truncated: boolean;
  durationMs: number;
}

/** One process to run: an absolute command, its arguments, and limits. */
interface SpawnRequest {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  shell?: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Bytes kept per stream: half from the start, half from the end. */
  captureCap: number;
}

/** After the child exits, how long grandchildren may keep its pipes open before the group is killed. */
const EXIT_GRACE_MS = 200;
/** After a SIGKILL, how long to wait for the pipes to close before giving up on them. */
const KILL_GRACE_MS = 1_000;

/**
 * Runs one process in its own process group with stdin closed, capturing stdout/stderr with a
 * bounded head+tail buffer. A timeout or abort SIGKILLs the whole group. When the child exits,
 * the group is killed too, so stray grandchildren never outlive the run; one that escaped the
 * group but holds a pipe is not waited for beyond a short grace. Rejects only when the process
 * cannot be started (CtxError RUNTIME_MISSING for a missing executable).
 */
export function spawnCaptured(req: SpawnRequest): Promise<ProcessOutcome> {
  const started = performance.now();
  const out = new HeadTailCapture(req.captureCap);
  const err = new HeadTailCapture(req.captureCap);
  const outcome = (fields: Partial<ProcessOutcome>): ProcessOutcome => ({
    stdout: out.text(),
    stderr: err.text(),
    exitCode: null,
    signal: null,
    timedOut: false,
    cancelled: false,
    stdoutBytes: out.total,
    stderrBytes: err.total,
    truncated: out.truncated || err.truncated,
    durationMs: Math.round(performance.now() - started),
    ...fields,
  });
  if (req.signal?.aborted) return Promise.resolve(outcome({ cancelled: true }));

  return new Promise((resolve, reject) => {
    const isWindows = process.platform === "win32";
    let child: ChildProcess;
    try {
      child = spawn(req.command, req.args, {
        cwd: req.cwd,
        env: req.env,
        stdio: ["ignore", "pipe", "pipe"],
        detached: !isWindows,
        windowsHide: true,
        shell: req.shell ?? false,
      });
    } catch (cause) {
      // Invalid arguments (a NUL byte in an env value …) throw instead of emitting "error".
      reject(spawnError(req.command, cause as NodeJS.ErrnoException));
      return;
    }
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (ms: number, fn: () => void) => timers.add(setTimeout(fn, ms));
    let exitCode: number | null = null;
    let exitSignal: string | null = null;
    let exited = false;
    let timedOut = false;
    let cancelled = false;
    let openStreams = 2;
    let settled = false;

    const finish = () => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      req.signal?.removeEventListener("abort", onAbort);
      // Reap grandchildren that closed their pipes but still run (`cmd >/dev/null &`).
      // On Windows an exited pid may already be reused, so the tree is only killed while it lives.
      if (!isWindows || !exited) killProcessTree(child.pid);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve(outcome({ exitCode, signal: exitSignal, timedOut, cancelled }));
    };
    const terminate = () => {
      killProcessTree(child.pid);
      later(KILL_GRACE_MS, finish);
    };
    const onAbort = () => {
      if (settled || exited) return;
      cancelled = true;
      terminate();
    };
    const onStreamClosed = () => {
      openStreams -= 1;
      if (openStreams === 0 && exited) finish();
    };

    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => err.push(chunk));
    child.stdout?.on("close", onStreamClosed);
    child.stderr?.on("close", onStreamClosed);
    child.on("error", (cause: NodeJS.ErrnoException) => {
      if (settled || exited) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      req.signal?.removeEventListener("abort", onAbort);
      killProcessTree(child.pid);
      reject(spawnError(req.command, cause));
    });
    child.on("exit", (code, signal) => {
      exited = true;
      exitCode = code;
      exitSignal = signal;
      if (openStreams === 0) return finish();
      // Grandchildren still hold a pipe: give them a moment to finish writing, then kill them.
      later(EXIT_GRACE_MS, terminate);
    });
    req.signal?.addEventListener("abort", onAbort, { once: true });
    // setTimeout fires at once for delays past 2^31-1 ms, so clamp (about 24 days).
    later(Math.min(Math.max(1, req.timeoutMs), 2_147_483_647), () => {
      if (settled || exited) return;
      timedOut = true;
      terminate();
    });
  });
}

function spawnError(command: string, cause: NodeJS.ErrnoException): CtxError {
  const reason = cause.code ?? cause.message;
  return new CtxError("RUNTIME_MISSING", `${command} could not be started (${reason}); check that it is installed, executable and on PATH`, { cause });
}
