import { statSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CtxError } from "../errors.ts";
import { sanitizeEnv } from "./env.ts";
import { LANGUAGES, type LanguageId } from "./languages.ts";
import { planRun } from "./runtimes.ts";
import { prepareScript } from "./script.ts";
import { spawnCaptured, type ProcessOutcome } from "./spawn.ts";

/** One sandbox run. `env` is the user's environment; it is sanitized before the child sees it. */
export interface RunRequest {
  language: LanguageId;
  code: string;
  /** Working directory of the child (the project dir). */
  cwd: string;
  env: Record<string, string | undefined>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** A file the code processes: exposed as FILE_PATH (and FILE_CONTENT where supported). */
  filePath?: string;
  /** Bytes kept per stream: the first half and the last half of what was written. */
  captureCap: number;
}

/**
 * Result of a run. `stdoutBytes`/`stderrBytes` count everything produced, even past the cap;
 * `truncated` says that a middle part of a stream was dropped (marked in the text).
 */
export type RunResult = ProcessOutcome;

/**
 * Runs code in a fresh temp dir (`ctxmode-run-XXXX`, always removed afterwards) with the project
 * dir as cwd. The whole process tree dies on timeout, on abort, and when the main process exits.
 * Throws CtxError BAD_INPUT for a bad request and RUNTIME_MISSING when the language's runtime is
 * absent; a failing, timed-out or cancelled program is a normal result, not an error.
 */
export async function runCode(req: RunRequest): Promise<RunResult> {
  const started = performance.now();
  validate(req);
  const filePath = req.filePath === undefined ? undefined : resolve(req.cwd, req.filePath);
  if (filePath !== undefined && !isFile(filePath)) {
    throw new CtxError("BAD_INPUT", `file not found: ${filePath}; pass an existing file path`);
  }
  const tmpDir = await mkdtemp(join(tmpdir(), "ctxmode-run-"));
  try {
    const prepared = prepareScript(req.language, req.code, filePath !== undefined);
    const script = join(tmpDir, LANGUAGES[req.language].scriptName);
    await writeFile(script, prepared.source, { mode: 0o700 });
    for (const [name, content] of Object.entries(prepared.support)) {
      await writeFile(join(tmpDir, name), content, { mode: 0o600 });
    }
    const plan = planRun(req.language, script, tmpDir, req.env);
    const temp = process.platform === "win32" ? { TEMP: tmpDir, TMP: tmpDir } : {};
    const base = { cwd: req.cwd, signal: req.signal, captureCap: req.captureCap };
    const deadline = started + req.timeoutMs;
    const envFor = (extra: Record<string, string>) => sanitizeEnv(req.env, { TMPDIR: tmpDir, ...temp, FILE_PATH: filePath, ...extra });

    if (plan.compile) {
      const compiled = await spawnCaptured({ ...base, ...plan.compile, env: envFor(plan.compile.env), timeoutMs: req.timeoutMs });
      const failed = compiled.exitCode !== 0 || compiled.timedOut || compiled.cancelled;
      const remaining = deadline - performance.now();
      if (failed || remaining <= 0) {
        return { ...compiled, timedOut: compiled.timedOut || (!failed && remaining <= 0), durationMs: elapsed(started) };
      }
      const ran = await spawnCaptured({ ...base, ...plan.run, env: envFor(plan.run.env), timeoutMs: remaining });
      return { ...ran, durationMs: elapsed(started) };
    }
    const ran = await spawnCaptured({ ...base, ...plan.run, env: envFor(plan.run.env), timeoutMs: req.timeoutMs });
    return { ...ran, durationMs: elapsed(started) };
  } finally {
    await rm(tmpDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
  }
}

function validate(req: RunRequest): void {
  if (typeof req.code !== "string") throw new CtxError("BAD_INPUT", "code must be a string");
  if (!Number.isFinite(req.timeoutMs) || req.timeoutMs <= 0) {
    throw new CtxError("BAD_INPUT", `timeoutMs must be a positive number of milliseconds, got ${req.timeoutMs}`);
  }
  if (!Number.isFinite(req.captureCap) || req.captureCap < 2) {
    throw new CtxError("BAD_INPUT", `captureCap must be at least 2 bytes, got ${req.captureCap}`);
  }
  let isDir = false;
  try {
    isDir = statSync(req.cwd).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new CtxError("BAD_INPUT", `working directory does not exist: ${req.cwd}; pass the project directory`);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
