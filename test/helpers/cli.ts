import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./temp.ts";

export const binary = join(repoRoot, "dist", process.platform === "win32" ? "ctxmode.exe" : "ctxmode");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built binary (`bun run build` first) with its data under `dataDir`. */
export function runCtx(args: string[], options: { dataDir: string; cwd?: string; env?: Record<string, string> }): CliResult {
  if (!existsSync(binary)) throw new Error(`${binary} is missing; run \`bun run build\` first`);
  const r = Bun.spawnSync([binary, ...args], {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, CTXMODE_DATA_DIR: options.dataDir, ...options.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: r.exitCode ?? -1, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}
