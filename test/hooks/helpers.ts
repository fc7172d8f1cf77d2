import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";

export interface HookRun {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** A git project, a HOME without settings and a data dir, in a temp tree removed after the file's tests. */
export function hookSandbox(prefix = "ctxmode-hook-") {
  const root = tempDir(prefix);
  const project = join(root, "proj");
  const home = join(root, "home");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(home, { recursive: true });
  return { root, project, home, dataDir: join(root, "data") };
}

/** The environment of a hook run: the test's own minus CTXMODE_* and host project variables, plus `env`. */
export function hookEnv(box: { home: string; dataDir: string }, env: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith("CTXMODE_") || /_PROJECT_DIR$/.test(k)) continue;
    out[k] = v;
  }
  return { ...out, HOME: box.home, CTXMODE_DATA_DIR: box.dataDir, ...env };
}

/** Runs `dist/ctxmode hook <host> <event>` with `stdin` (run `bun run build` first). */
export function runHook(host: string, event: string, stdin: string | Uint8Array, env: Record<string, string>, cwd?: string): HookRun {
  const t = performance.now();
  const r = Bun.spawnSync([binary, "hook", host, event], {
    stdin: typeof stdin === "string" ? Buffer.from(stdin) : stdin,
    env,
    cwd,
    stdout: "pipe",
    stderr: "pipe",
    timeout: 15_000,
  });
  return { code: r.exitCode ?? -1, stdout: r.stdout.toString(), stderr: r.stderr.toString(), ms: performance.now() - t };
}

/** Lines in the data dir's hook-errors.log (0 when there is none). */
export function hookLogLines(dataDir: string): number {
  const file = join(dataDir, "hook-errors.log");
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).length : 0;
}

/** A seeded PRNG (the bench corpus's mulberry32): the fuzz cases are the same on every run. */
export { mulberry32 as seeded } from "../../bench/corpus.ts";
