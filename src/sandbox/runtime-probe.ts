import { spawnSync } from "node:child_process";

/**
 * Longest a version command may take. Enough for the slow starters (elixir boots the BEAM,
 * dotnet-script loads the SDK), short enough that a hung shim costs one pause per process.
 */
const PROBE_TIMEOUT_MS = 5_000;

type Env = Record<string, string | undefined>;

/** Probe answers by command line: null for a runtime that runs, else why it does not. */
const probed = new Map<string, string | null>();

/**
 * Runs a runtime's version command once per process and caches the answer: null when it exits 0,
 * else a phrase saying how it failed. Being on PATH is not enough: a rustup or pyenv shim with no
 * toolchain selected, or the Windows Store `python` stub, is an executable that cannot run code.
 */
export function probeRuntime(command: string, args: readonly string[], env: Env, platform: NodeJS.Platform = process.platform): string | null {
  const line = [command, ...args].join(" ");
  const cached = probed.get(line);
  if (cached !== undefined) return cached;
  // `.cmd`/`.bat` shims start only through the shell, which needs the path quoted.
  const shim = platform === "win32" && /\.(cmd|bat)$/i.test(command);
  const r = spawnSync(shim ? `"${command}"` : command, args, {
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
    stdio: ["ignore", "ignore", "pipe"],
    timeout: PROBE_TIMEOUT_MS,
    shell: shim,
    windowsHide: true,
  });
  const problem = r.status === 0 ? null : failure(line, r.status, r.error, r.stderr?.toString() ?? "");
  probed.set(line, problem);
  return problem;
}

function failure(line: string, status: number | null, error: Error | undefined, stderr: string): string {
  if ((error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT") return `\`${line}\` gave no answer within ${PROBE_TIMEOUT_MS / 1000} s`;
  if (error) return `\`${line}\` could not start (${(error as NodeJS.ErrnoException).code ?? error.message})`;
  // The first lines of stderr usually name the cause (rustup: "no default is configured", then the fix).
  const said = stderr.trim().split(/\r?\n/).slice(0, 2).join(" ").slice(0, 300);
  return `\`${line}\` exited ${status ?? "on a signal"}${said ? ` (${said})` : ""}`;
}
