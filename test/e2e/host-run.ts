import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import type { HostCommand } from "./hosts.ts";

/** A temp HOME, a git project and ctxmode's data dir for one host run. */
export interface HostSandbox {
  root: string;
  home: string;
  project: string;
  dataDir: string;
}

/** Creates the sandbox; the caller removes `root` (created inside a beforeAll, so not tied to one). */
export function makeSandbox(prefix: string): HostSandbox {
  const root = mkdtempSync(join(tmpdir(), `ctxmode-e2e-${prefix}-`));
  const home = join(root, "home");
  const project = join(root, "proj");
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  // A real repository: hosts look for the git root (Codex refuses to run outside one without a flag).
  const git = Bun.spawnSync(["git", "init", "-q", project], { stdout: "ignore", stderr: "ignore" });
  if (git.exitCode !== 0) mkdirSync(join(project, ".git"));
  return { root, home, project, dataDir: join(home, ".ctxmode") };
}

/**
 * Registers ctxmode with a host the way a user does: `ctxmode setup --yes --agents <host>` in the
 * sandbox's HOME (and `--project` in its repository), merging into whatever config the test wrote
 * for the fake model first. Throws with setup's output when it fails.
 */
export function setupHost(box: HostSandbox, host: string, options: { project?: boolean } = {}): void {
  // --instructions too: the section in the host's instruction file is checked against the model's input.
  const args = ["setup", "--yes", "--instructions", "--agents", host, ...(options.project ? ["--project"] : [])];
  const env = hostEnv(box, { argv: [], pathPrefix: [] }, {});
  mkdirSync(env.TMPDIR!, { recursive: true });
  const r = Bun.spawnSync([binary, ...args], { cwd: box.project, env, stdout: "pipe", stderr: "pipe", timeout: 60_000 });
  if (r.exitCode !== 0) throw new Error(`ctxmode ${args.join(" ")} failed (exit ${r.exitCode}):\n${r.stdout}\n${r.stderr}`);
}

/**
 * Why hook assertions cannot run yet: `ctxmode hook` is missing from the built binary. Probed with an
 * empty payload, which a finished hook answers with the host's allow reply and exit 0.
 */
export function hooksMissing(): string | undefined {
  if (!existsSync(binary)) return `${binary} is missing; run \`bun run build\``;
  const r = Bun.spawnSync([binary, "hook", "claude-code", "pretooluse"], { stdin: Buffer.from("{}"), stdout: "pipe", stderr: "pipe", timeout: 10_000 });
  if (r.exitCode === 0) return undefined;
  return `\`ctxmode hook\` is not in this build yet (${r.stderr.toString().trim().split("\n")[0] || `exit ${r.exitCode}`})`;
}

/**
 * The environment of a host run: nothing from the caller's environment but PATH and locale, so a real
 * API key or config never leaks in; HOME, XDG dirs and ctxmode's data dir inside the sandbox.
 */
export function hostEnv(box: HostSandbox, cmd: HostCommand, extra: Record<string, string>): Record<string, string> {
  return {
    PATH: [...cmd.pathPrefix, process.env.PATH ?? "/usr/bin:/bin"].join(":"),
    LANG: process.env.LANG ?? "C.UTF-8",
    HOME: box.home,
    TMPDIR: join(box.root, "tmp"),
    XDG_CONFIG_HOME: join(box.home, ".config"),
    XDG_DATA_HOME: join(box.home, ".local", "share"),
    XDG_CACHE_HOME: join(box.home, ".cache"),
    XDG_STATE_HOME: join(box.home, ".local", "state"),
    CTXMODE_DATA_DIR: box.dataDir,
    TERM: "dumb",
    NO_COLOR: "1",
    CI: "1",
    ...extra,
  };
}

export interface HostRun {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  ms: number;
}

/**
 * Runs a host to completion in its own process group, killed (group and all: MCP servers, shells) after
 * `timeoutMs`. The group is also killed after a normal exit so no server outlives the test.
 */
export function runHost(cmd: HostCommand, args: string[], opts: { cwd: string; env: Record<string, string>; timeoutMs: number }): Promise<HostRun> {
  mkdirSync(opts.env.TMPDIR!, { recursive: true });
  const started = Date.now();
  const child = spawn(cmd.argv[0]!, [...cmd.argv.slice(1), ...args], { cwd: opts.cwd, env: opts.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout = (stdout + d.toString()).slice(-200_000)));
  child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-200_000)));
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // the group is already gone
    }
  };
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, opts.timeoutMs);
  return new Promise((resolve) => {
    child.on("close", (code) => {
      clearTimeout(timer);
      killGroup();
      resolve({ code, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

/** Text of a run for failure messages: exit, the tails of stdout and stderr. */
export function describeRun(run: HostRun): string {
  return `exit ${run.code}${run.timedOut ? " (timed out)" : ""} after ${run.ms} ms\n--- stdout\n${run.stdout.slice(-3000)}\n--- stderr\n${run.stderr.slice(-3000)}`;
}
