import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The binary the npm package's OpenCode plugin and Pi extension run (`opencode plugin add ctxmode`,
 * `pi install npm:ctxmode`): `CTXMODE_BINARY_PATH`, then `~/.ctxmode/bin/ctxmode` (install.sh), then
 * the package's own `bin/ctxmode` (the npm install's command), then `ctxmode` on PATH. Read when the
 * host loads the module, which lives in `<package>/<host>/`. A missing binary only means every hook
 * lets its call through (callHook answers `{}`).
 */
export function npmBinary(moduleUrl: string, env: Record<string, string | undefined> = process.env): string {
  const home = env.HOME || env.USERPROFILE || homedir();
  const own = join(dirname(dirname(fileURLToPath(moduleUrl))), "bin", "ctxmode");
  for (const candidate of [env.CTXMODE_BINARY_PATH, join(home, ".ctxmode", "bin", "ctxmode"), own]) if (candidate && existsSync(candidate)) return candidate;
  return "ctxmode";
}
